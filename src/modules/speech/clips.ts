/**
 * What a clip is, read from its first bytes (a header a decoder would accept), never from what its
 * sender or its file name says: a speech service's error page or a text file renamed .mp3 is not audio.
 */
export type AudioType = 'audio/mpeg' | 'audio/ogg' | 'audio/wav' | 'audio/mp4' | 'audio/webm';

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/** MPEG audio frame header: sync bits, a known version and layer, a bitrate and a sample rate that are not reserved. */
function mpegFrame(bytes: Uint8Array, at: number) {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1] >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (bytes[at + 1] >> 1) & 3; // 1: layer III
  const bitrateIndex = bytes[at + 2] >> 4;
  const rateIndex = (bytes[at + 2] >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrates = version === 3 ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const sampleRate = [44100, 48000, 32000][rateIndex] / (version === 3 ? 1 : version === 2 ? 2 : 4);
  const samples = version === 3 ? 1152 : 576;
  const padding = (bytes[at + 2] >> 1) & 1;
  const length = Math.floor((samples / 8) * ((bitrates[bitrateIndex] * 1000) / sampleRate)) + padding;
  return { sampleRate, samples, length };
}

/** The first MPEG frame's offset, after an ID3v2 tag when there is one. */
function firstMpegFrame(bytes: Uint8Array) {
  let at = 0;
  if (ascii(bytes, 0, 3) === 'ID3' && bytes.length >= 10) {
    at = 10 + ((bytes[6] & 0x7f) << 21 | (bytes[7] & 0x7f) << 14 | (bytes[8] & 0x7f) << 7 | (bytes[9] & 0x7f));
  }
  return mpegFrame(bytes, at) ? at : null;
}

/** The clip's type from its header, or null when it is none of the formats a browser plays here. */
export function audioType(bytes: Uint8Array): AudioType | null {
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'audio/wav';
  if (ascii(bytes, 4, 4) === 'ftyp') return 'audio/mp4';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  // An ID3 tag alone proves nothing: an MPEG frame must follow it.
  if (firstMpegFrame(bytes) !== null) return 'audio/mpeg';
  return null;
}
