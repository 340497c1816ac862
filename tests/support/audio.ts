import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/lib/log';
import { espeakInput } from '../../src/modules/speech/lebanese-phonemes';
import { localVoice } from '../../src/modules/speech/local-voice';

/** MPEG-1 layer III at 128 kbit/s and 44.1 kHz: 1152 samples (about 26 ms) in 417 bytes a frame. */
const FRAME_BYTES = 417;
const FRAME_SECONDS = 1152 / 44100;

/**
 * A real MP3 of silence lasting about `seconds`, after an ID3 tag holding `tag` (so a test can tell
 * one clip from another by its text): frames a player decodes, whose header gives their length.
 */
export function silentMp3(seconds: number, tag = ''): Uint8Array<ArrayBuffer> {
  const said = new TextEncoder().encode(tag);
  const size = said.length;
  const header = [0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f];
  const frames = Math.max(1, Math.round(seconds / FRAME_SECONDS));
  const clip = new Uint8Array(header.length + size + frames * FRAME_BYTES);
  clip.set(header);
  clip.set(said, header.length);
  for (let f = 0; f < frames; f++) clip.set([0xff, 0xfb, 0x90, 0x64], header.length + size + f * FRAME_BYTES);
  return clip;
}

/** A recorded clip as an author would make one: the built-in voice saying `arabizi`, turned into Ogg Vorbis by sox. */
export async function spokenOgg(arabizi: string, arabic = ''): Promise<Uint8Array<ArrayBuffer>> {
  const wav = await localVoice(undefined, createLogger('silent')).synthesize(espeakInput(arabizi, arabic), 'female');
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-clip-'));
  try {
    writeFileSync(join(dir, 'clip.wav'), wav);
    const sox = Bun.spawnSync(['sox', join(dir, 'clip.wav'), join(dir, 'clip.ogg')], { stderr: 'pipe' });
    if (sox.exitCode !== 0) throw new Error(`sox could not make an Ogg clip (npm test installs sox): ${sox.stderr.toString()}`);
    return new Uint8Array(readFileSync(join(dir, 'clip.ogg')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
