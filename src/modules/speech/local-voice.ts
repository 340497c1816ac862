import ESpeakNg from 'espeak-ng';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Logger } from '../../lib/log';
import type { Speed, Voice } from '../../content/speakable';

const ESPEAK_TIMEOUT_MS = 10_000;

/**
 * espeak-ng's Arabic voice and its variants: the male voice is the Arabic voice itself, the female its
 * f3 variant. The second of each is another variant at another pitch (`-p`, 50 by default), about three
 * semitones higher for the man and four lower for the woman, so two speakers of one gender sound apart
 * (docs/decisions/0070-a-voice-for-a-conversation.md).
 */
const VARIANTS: Record<Voice, string[]> = {
  male: ['-v', 'ar'],
  female: ['-v', 'ar+f3'],
  'male-2': ['-v', 'ar+m3', '-p', '68'],
  'female-2': ['-v', 'ar+f4', '-p', '38'],
};
/** Words a minute (`-s`): espeak-ng's own 175, and the slower speed at about two thirds of it. */
const RATES: Record<Speed, string[]> = { normal: [], slow: ['-s', '120'] };

/** The voice that needs no outside service: espeak-ng, reading its `[[...]]` phoneme input (lebanese-phonemes.ts). */
export interface LocalVoice {
  /** Cache key part: the WebAssembly build and a system binary may differ in version. */
  id: string;
  /** A WAV clip of `input` said by `voice`, at `speed`. */
  synthesize(input: string, voice: Voice, speed?: Speed): Promise<Uint8Array>;
}

/**
 * espeak-ng built to WebAssembly, from the `espeak-ng` package (docs/decisions/0028-a-voice-on-every-machine.md):
 * it comes with `npm install` and runs in the server's process. Its module is compiled once; each
 * clip runs the command line in a fresh instance (one run is what the build supports), writing the
 * WAV to the instance's memory file system, where its sizes are true.
 */
function wasmVoice(): LocalVoice {
  return {
    id: 'espeak-ng-wasm',
    async synthesize(input, voice, speed = 'normal') {
      const errors: string[] = [];
      const espeak = await runEspeak([...VARIANTS[voice], ...RATES[speed], '-w', '/clip.wav', '--', input], {
        printErr: (line) => errors.push(line),
      });
      const wav = espeak.FS.readFile('/clip.wav');
      if (wav.byteLength <= 44) throw new Error(`espeak-ng (WebAssembly) wrote no audio: ${errors.join(' ')}`);
      return wav;
    },
  };
}

let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * Runs espeak-ng's command line once in a fresh instance of its module, compiled on first use (and
 * compiled asynchronously: 18 MB of WebAssembly would hold the thread a while).
 */
async function runEspeak(args: string[], output: { print?: (line: string) => void; printErr?: (line: string) => void }) {
  compiled ??= readFile(createRequire(import.meta.url).resolve('espeak-ng/dist/espeak-ng.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  const module = await compiled;
  return ESpeakNg({
    arguments: args,
    print: output.print ?? (() => {}),
    printErr: output.printErr ?? (() => {}),
    instantiateWasm(imports, receive) {
      const instance = new WebAssembly.Instance(module, imports);
      receive(instance);
      return instance.exports;
    },
  });
}

/** A system espeak-ng (Debian's package, say), which an operator may prefer with ESPEAK_PATH. */
function systemVoice(binary: string): LocalVoice {
  return {
    id: 'espeak-ng',
    async synthesize(input, voice, speed = 'normal') {
      // The text goes through stdin, never as an argument, so nothing in it can read as an option.
      const proc = Bun.spawn([binary, ...VARIANTS[voice], ...RATES[speed], '--stdin', '--stdout'], {
        stdin: new TextEncoder().encode(input),
        stdout: 'pipe',
        stderr: 'pipe',
      });
      const timer = setTimeout(() => proc.kill(), ESPEAK_TIMEOUT_MS);
      try {
        const [audio, code] = await Promise.all([new Response(proc.stdout).arrayBuffer(), proc.exited]);
        if (code !== 0 || audio.byteLength <= 44)
          throw new Error(`espeak-ng exited with ${code}: ${(await new Response(proc.stderr).text()).trim()}`);
        return fixWavSizes(new Uint8Array(audio));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The local voice: the system espeak-ng named by ESPEAK_PATH when it is there, else the
 * WebAssembly build, so every machine has one.
 */
export function localVoice(espeakPath: string | undefined, log: Logger): LocalVoice {
  if (espeakPath) {
    const binary = espeakPath.includes('/') ? (existsSync(espeakPath) ? espeakPath : null) : Bun.which(espeakPath);
    if (binary) return systemVoice(binary);
    log.warn('ESPEAK_PATH names no espeak-ng; speaking with the built-in voice', { ESPEAK_PATH: espeakPath });
  }
  return wasmVoice();
}

/**
 * What the built-in voice says for `input`, as espeak-ng prints it (`-x`: its own phoneme names;
 * `--ipa`: IPA), without sound: how the tests check each pronunciation rule.
 */
export async function phonemesSaid(input: string, as: 'mnemonics' | 'ipa' = 'ipa', voice: Voice = 'male'): Promise<string> {
  const lines: string[] = [];
  await runEspeak(['-q', as === 'ipa' ? '--ipa' : '-x', ...VARIANTS[voice], '--', input], { print: (line) => lines.push(line) });
  return lines.join(' ').trim();
}

/** espeak-ng writing to a pipe cannot seek back, so its WAV header claims an unknown length; set the real one. */
function fixWavSizes(wav: Uint8Array): Uint8Array {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return wav;
  view.setUint32(4, wav.byteLength - 8, true);
  for (let at = 12; at + 8 <= wav.byteLength; ) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === 'data') {
      view.setUint32(at + 4, wav.byteLength - at - 8, true);
      break;
    }
    at += 8 + size + (size % 2);
  }
  return wav;
}
