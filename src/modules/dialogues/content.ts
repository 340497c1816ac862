import { basename } from 'node:path';
import * as v from 'valibot';
import type { ContentPlugin, KindStats, TextField } from '../../content/types';
import { formatTable } from '../../content/table';
import { MINIMUMS } from '../../content/corpus';
import { parseYaml, validateDoc } from '../../content/yaml';
import { arabic, arabizi, checkNumberLetters, key, optionalNote, reportRepeats, text } from '../../content/fields';
import { syncByKey, syncChildren } from '../../content/sync';
import { textAt } from '../../content/spelling';
import { checkLebaneseTexts } from '../vocabulary/content';
import { grammarKeysOf } from '../grammar/content';
import { dialogueLines, dialogues, GENDERS, type Speaker } from './schema';
import type { Voice } from '../../content/speakable';

/** How long a dialogue may be (docs/content-format.md#dialogues). */
const DIALOGUE_LINES = { min: 6, max: 14 } as const;
const SPEAKERS = { min: 2, max: 3 } as const;
/** The file name gives the dialogue's place in the list: `NN-<slug>.yaml`. */
const FILE_NAME = /^(\d{2})-[a-z0-9]+(-[a-z0-9]+)*\.ya?ml$/;

const DialogueFile = v.strictObject({
  key: key(),
  title: text('a title'),
  setting: text('a sentence saying where and who'),
  premium: v.boolean('must be true or false'),
  speakers: v.pipe(
    v.array(
      v.strictObject({
        name: v.pipe(text('a name'), v.maxLength(40, 'must be at most 40 characters')),
        gender: v.picklist(GENDERS, 'must be male or female'),
      }),
      'must be a list of speakers',
    ),
    v.minLength(SPEAKERS.min, `must name ${SPEAKERS.min} or ${SPEAKERS.max} speakers`),
    v.maxLength(SPEAKERS.max, `must name ${SPEAKERS.min} or ${SPEAKERS.max} speakers`),
  ),
  lines: v.pipe(
    v.array(
      v.strictObject({
        speaker: text("a speaker's name"),
        arabizi: arabizi(),
        alternatives: v.optional(v.array(arabizi(), 'must be a list of arabizi texts')),
        arabic: arabic(),
        english: text('English text'),
        note: optionalNote(),
        grammar: v.optional(key()),
      }),
      'must be a list of lines',
    ),
    v.minLength(DIALOGUE_LINES.min, `must have ${DIALOGUE_LINES.min} to ${DIALOGUE_LINES.max} lines`),
    v.maxLength(DIALOGUE_LINES.max, `must have ${DIALOGUE_LINES.min} to ${DIALOGUE_LINES.max} lines`),
  ),
});

export interface DialogueContent {
  file: string;
  line: number;
  dialogue: { key: string; title: string; setting: string; isPremium: boolean; orderIndex: number; speakers: Speaker[] };
  lines: {
    position: number;
    speaker: string;
    voice: Voice;
    arabizi: string;
    alternatives: string[];
    arabic: string;
    english: string;
    note: string | null;
    /** The key of the grammar page the line shows at work (docs/content-format.md#dialogues). */
    grammar: string | null;
  }[];
  /** Where each line's `grammar` is written, for the check that its page exists. */
  grammarLines: number[];
  texts: TextField[];
}

/**
 * Each speaker's voice: their gender's, and that gender's second voice for the second speaker of one
 * gender, so two men (or two women) talking do not sound like one person (docs/decisions/0070-a-voice-for-a-conversation.md).
 */
function speakerVoices(speakers: Speaker[]): Map<string, Voice> {
  return new Map(
    speakers.map((s, i) => [
      s.name,
      speakers.slice(0, i).some((before) => before.gender === s.gender) ? (`${s.gender}-2` as const) : s.gender,
    ]),
  );
}

export const dialoguesContent: ContentPlugin<DialogueContent> = {
  kind: 'dialogues',
  folder: 'dialogues',
  extensions: ['.yaml', '.yml'],
  parse(file, report) {
    const doc = parseYaml(file, report);
    if (!doc) return [];
    const order = FILE_NAME.exec(basename(file.path));
    if (!order)
      report.error({
        file: file.path,
        line: 1,
        field: '(file name)',
        message: 'a dialogue file is named NN-<slug>.yaml (01-cafe.yaml): two digits for its place, then lower-case words joined by -',
      });
    const data = validateDoc(doc, DialogueFile, report);
    if (!data || !order) return [];

    const speakers = new Map<string, Speaker>();
    data.speakers.forEach((s, i) => {
      if (speakers.has(s.name))
        report.error({
          file: file.path,
          line: doc.lineOf(['speakers', i, 'name']),
          field: `speakers[${i}].name`,
          message: `"${s.name}" is named twice`,
        });
      speakers.set(s.name, s);
    });
    let ok = true;
    data.lines.forEach((l, i) => {
      if (!speakers.has(l.speaker)) {
        ok = false;
        report.error({
          file: file.path,
          line: doc.lineOf(['lines', i, 'speaker']),
          field: `lines[${i}].speaker`,
          message: `"${l.speaker}" is not one of the speakers (${[...speakers.keys()].join(', ')})`,
        });
      }
      checkNumberLetters(doc, ['lines', i, 'arabizi'], l.arabizi, l.arabic, report);
    });
    // Each speaker has lines, so a learner taking any part has turns to say.
    data.speakers.forEach((s, i) => {
      if (!data.lines.some((l) => l.speaker === s.name))
        report.error({
          file: file.path,
          line: doc.lineOf(['speakers', i, 'name']),
          field: `speakers[${i}].name`,
          message: `"${s.name}" says no line`,
        });
    });
    // Speech has two voices of each gender: a third speaker of one gender would sound like one of the others.
    for (const gender of GENDERS) {
      const same = data.speakers.filter((s) => s.gender === gender);
      if (same.length > 2)
        report.error({
          file: file.path,
          line: doc.lineOf(['speakers']),
          field: 'speakers',
          message: `at most two speakers may be ${gender}: speech has two ${gender} voices, and ${same.map((s) => s.name).join(', ')} would not all sound apart`,
        });
    }
    if (!ok) return [];
    const voices = speakerVoices(data.speakers);

    return [
      {
        file: file.path,
        line: doc.lineOf(['key']),
        dialogue: {
          key: data.key,
          title: data.title,
          setting: data.setting,
          isPremium: data.premium,
          orderIndex: Number(order[1]),
          speakers: data.speakers,
        },
        lines: data.lines.map((l, i) => ({
          position: i,
          speaker: l.speaker,
          voice: voices.get(l.speaker)!,
          arabizi: l.arabizi,
          alternatives: l.alternatives ?? [],
          arabic: l.arabic,
          english: l.english,
          note: l.note ?? null,
          grammar: l.grammar ?? null,
        })),
        grammarLines: data.lines.map((_, i) => doc.lineOf(['lines', i, 'grammar'])),
        texts: [
          textAt(doc, ['title'], data.title, 'english'),
          textAt(doc, ['setting'], data.setting, 'prose'),
          ...data.lines.flatMap((l, i) => [
            textAt(doc, ['lines', i, 'arabizi'], l.arabizi, 'arabizi', { arabic: l.arabic, english: l.english }),
            // An accepted wording is checked like the line, without its Arabic: it is another wording, not the line's spelling.
            ...(l.alternatives ?? []).map((alternative, k) => textAt(doc, ['lines', i, 'alternatives', k], alternative, 'arabizi')),
            textAt(doc, ['lines', i, 'english'], l.english, 'english'),
            ...(l.note ? [textAt(doc, ['lines', i, 'note'], l.note, 'prose')] : []),
          ]),
        ],
      },
    ];
  },
  check(items, all, report) {
    checkLebaneseTexts(
      items.flatMap((item) => item.texts),
      all,
      report,
    );
    const grammarKeys = new Set(grammarKeysOf(all));
    for (const item of items)
      item.lines.forEach((l, i) => {
        if (l.grammar && !grammarKeys.has(l.grammar))
          report.error({
            file: item.file,
            line: item.grammarLines[i]!,
            field: `lines[${i}].grammar`,
            message: `no grammar page with key "${l.grammar}" in content/grammar`,
          });
      });
    reportRepeats(
      items,
      (item) => item.dialogue.key,
      (item) => ({ file: item.file, line: item.line, field: 'key' }),
      (item) => `dialogue key "${item.dialogue.key}"`,
      report,
    );
    reportRepeats(
      items,
      (item) => String(item.dialogue.orderIndex),
      (item) => ({ file: item.file, line: 1, field: '(file name)' }),
      (item) => `place ${String(item.dialogue.orderIndex).padStart(2, '0')}`,
      report,
    );
  },
  texts: (item) => item.texts,
  // A line's clip is content/audio/dialogues/<dialogue key>-<line number, from 1>.
  recordable: ({ dialogue, lines }) =>
    lines.map((l) => ({ kind: 'dialogues', key: `${dialogue.key}-${l.position + 1}`, arabizi: l.arabizi, arabic: l.arabic })),
  stats: (items) => dialogueStats(items),
  apply(tx, items) {
    const sync = syncByKey(
      tx,
      dialogues,
      items.map((i) => i.dialogue),
      { keyField: 'key' },
    );
    for (const item of items) syncChildren(tx, sync, item.dialogue.key, dialogueLines, 'dialogueId', 'position', item.lines);
    return sync.counts;
  },
};

/** Dialogues in their order with their speakers and lines, for `bun run content:stats`. */
function dialogueStats(items: DialogueContent[]): KindStats {
  const gaps: string[] = [];
  const dialogueList = items.slice().sort((a, b) => a.dialogue.orderIndex - b.dialogue.orderIndex);
  const freeDialogues = dialogueList.filter((d) => !d.dialogue.isPremium).length;
  const lines = [`Dialogues: ${dialogueList.length} (${freeDialogues} free, ${dialogueList.length - freeDialogues} premium)`];
  if (dialogueList.length > 0) {
    lines.push(
      formatTable(
        [
          ['place', 'dialogue', 'premium', 'speakers', 'lines'],
          ...dialogueList.map((d) => [
            d.dialogue.orderIndex,
            d.dialogue.title,
            d.dialogue.isPremium ? 'yes' : 'no',
            d.dialogue.speakers.map((s) => s.name).join(', '),
            d.lines.length,
          ]),
        ],
        [1, 2, 3],
      ),
    );
  }
  if (dialogueList.length < MINIMUMS.dialogues) gaps.push(`dialogues: ${dialogueList.length} (at least ${MINIMUMS.dialogues})`);
  return { lines, gaps };
}
