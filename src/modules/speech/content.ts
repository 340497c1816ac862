import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { emptyCounts } from '../../content/sync';
import { recordableOf, type ContentPlugin, type KindStats, type ParsedContent } from '../../content/types';
import { formatTable, percent } from '../../content/table';
import { audioSeconds, audioType, type AudioType } from './clips';
import { RECORDED_KINDS } from './model';
import { recordedAudio } from './schema';

const EXTENSIONS: Record<string, AudioType> = { '.ogg': 'audio/ogg', '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.webm': 'audio/webm' };
const MAX_BYTES = 1024 * 1024;
const MIN_SECONDS = 0.2;
const MAX_SECONDS = 30;

export interface RecordedClip {
  file: string;
  kind: string;
  key: string;
  contentType: AudioType;
  audio: Uint8Array;
  hash: string;
}

/** A recorded clip's file, parsed: its kind and key from its path, and the clip checked as a player would take it. */
function parseClip(path: string, bytes: Uint8Array, report: { error(message: string): void }): RecordedClip | null {
  const match = /^audio\/([^/]+)\/(.+)(\.[a-z0-9]+)$/.exec(path);
  if (!match) {
    report.error('a recorded clip lives in content/audio/<kind>/<key>.<ogg|mp3|m4a|webm>');
    return null;
  }
  const [, kind, key, extension] = match;
  if (!(RECORDED_KINDS as readonly string[]).includes(kind)) {
    report.error(`"${kind}" is not a kind that can be recorded (${RECORDED_KINDS.join(', ')})`);
    return null;
  }
  if (bytes.byteLength > MAX_BYTES) {
    report.error(`the clip is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; at most 1 MB`);
    return null;
  }
  const type = audioType(bytes);
  if (type !== EXTENSIONS[extension]) {
    report.error(
      type
        ? `the clip is ${type}, not what its name says (${extension})`
        : `the clip cannot be decoded: its header is not ${extension.slice(1)} audio`,
    );
    return null;
  }
  const seconds = audioSeconds(bytes, type);
  if (seconds === null) {
    report.error('the clip cannot be decoded: its length is not in its header');
    return null;
  }
  if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
    report.error(`the clip lasts ${seconds.toFixed(2)} s; a clip lasts ${MIN_SECONDS} to ${MAX_SECONDS} s`);
    return null;
  }
  return { file: path, kind, key, contentType: type, audio: bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16) };
}

const recordableById = (all: ParsedContent) => new Map(recordableOf(all).map((r) => [`${r.kind}/${r.key}`, r]));

/**
 * Recorded audio (docs/content-format.md#recorded-audio): one clip per recordable item, found by the
 * key the item's own content gives it, and kept with that item's texts so speech finds it by them.
 */
export const audioContent: ContentPlugin<RecordedClip> = {
  kind: 'audio',
  folder: 'audio',
  extensions: Object.keys(EXTENSIONS),
  binary: true,
  parse(file, report) {
    const clip = parseClip(file.path, file.bytes ?? new Uint8Array(), {
      error: (message) => report.error({ file: file.path, line: 1, field: 'audio', message }),
    });
    return clip ? [clip] : [];
  },
  check(items, all, report) {
    const recordable = recordableById(all);
    const seen = new Map<string, string>();
    for (const clip of items) {
      const id = `${clip.kind}/${clip.key}`;
      if (!recordable.has(id))
        report.error({
          file: clip.file,
          line: 1,
          field: 'key',
          message: `no ${clip.kind} item has the key "${clip.key}" (see docs/content-format.md#recorded-audio)`,
        });
      const other = seen.get(id);
      if (other) report.error({ file: clip.file, line: 1, field: 'key', message: `"${clip.key}" is recorded twice: ${other} too` });
      else seen.set(id, clip.file);
    }
  },
  stats: (items, all) => recordedStats(items, all),
  apply(tx, items, all) {
    const counts = emptyCounts();
    const existing = new Map(
      tx
        .select({
          id: recordedAudio.id,
          kind: recordedAudio.kind,
          key: recordedAudio.key,
          hash: recordedAudio.hash,
          arabizi: recordedAudio.arabizi,
          arabic: recordedAudio.arabic,
        })
        .from(recordedAudio)
        .all()
        .map((r) => [`${r.kind}/${r.key}`, r]),
    );
    const recordable = recordableById(all);
    for (const clip of items) {
      const id = `${clip.kind}/${clip.key}`;
      const { arabizi, arabic } = recordable.get(id)!;
      const row = {
        kind: clip.kind,
        key: clip.key,
        arabizi,
        arabic,
        contentType: clip.contentType,
        audio: Buffer.from(clip.audio),
        hash: clip.hash,
      };
      const current = existing.get(id);
      existing.delete(id);
      if (!current) {
        tx.insert(recordedAudio).values(row).run();
        counts.added++;
      } else if (current.hash !== clip.hash || current.arabizi !== arabizi || current.arabic !== arabic) {
        tx.update(recordedAudio).set(row).where(eq(recordedAudio.id, current.id)).run();
        counts.updated++;
      } else counts.unchanged++;
    }
    for (const gone of existing.values()) {
      tx.delete(recordedAudio)
        .where(and(eq(recordedAudio.kind, gone.kind), eq(recordedAudio.key, gone.key)))
        .run();
      counts.removed++;
    }
    return counts;
  },
};

/** How much of each kind an author has recorded, for `bun run content:stats`. */
function recordedStats(clips: RecordedClip[], all: ParsedContent): KindStats {
  const recordable = recordableOf(all);
  const lines = [
    `Recorded audio: ${clips.length} clips`,
    formatTable(
      RECORDED_KINDS.map((kind) => {
        const recorded = clips.filter((c) => c.kind === kind).length;
        const total = recordable.filter((r) => r.kind === kind).length;
        return [`  ${kind}`, `${recorded} of ${total}`, `(${percent(recorded, total)})`];
      }),
      [0, 1, 2],
    ),
  ];
  return { lines, gaps: [] };
}
