import { setPriority } from 'node:os';
import { createLogger } from '../../lib/log';
import { localVoice, type LocalVoice } from './local-voice';
import type { SynthesisAnswer, SynthesisRequest } from './synthesis-pool';

/**
 * A thread of the speech pool (synthesis-pool.ts): it runs the local voice, one clip at a time, so
 * espeak-ng's WebAssembly, which holds its thread while it speaks, never holds the server's.
 */
declare const self: Worker;

// The lowest priority for this thread alone (on Linux a thread's nice value is its own; elsewhere it
// would be the whole server's): the voice takes only the time the server's thread and the answers leave.
if (process.platform === 'linux') setPriority(19);

let voice: LocalVoice | undefined;

self.onmessage = async ({ data }: MessageEvent<SynthesisRequest>) => {
  // The server's thread has already said, once, when ESPEAK_PATH names no espeak-ng.
  voice ??= localVoice(data.espeakPath, createLogger('silent'));
  try {
    postMessage({ id: data.id, audio: await voice.synthesize(...data.args) } satisfies SynthesisAnswer);
  } catch (error) {
    postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) } satisfies SynthesisAnswer);
  }
};
