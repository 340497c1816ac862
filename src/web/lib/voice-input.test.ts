import { expect, test } from 'bun:test';
import { RECORDING_CHARS, RECORDING_MAX_MS } from '../../modules/conversations/rules';
import { SPEECH_BITS_PER_SECOND } from './voice-input';

test("a conversation's line recorded to its limit fits the recording route, with half as much again for Opus's varying rate and a late stop", () => {
  const bytes = (RECORDING_MAX_MS / 1000) * (SPEECH_BITS_PER_SECOND / 8) * 1.5;
  const base64 = Math.ceil(bytes / 3) * 4;
  expect(base64).toBeLessThan(RECORDING_CHARS);
});
