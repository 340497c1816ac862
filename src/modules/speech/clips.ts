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
  const bitrates =
    version === 3
      ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
      : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
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
    at = 10 + (((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f));
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

/** The clip's length in seconds, read from its container, or null when the header does not give it. */
export function audioSeconds(bytes: Uint8Array, type: AudioType): number | null {
  switch (type) {
    case 'audio/mpeg':
      return mpegSeconds(bytes);
    case 'audio/ogg':
      return oggSeconds(bytes);
    case 'audio/wav':
      return wavSeconds(bytes);
    case 'audio/mp4':
      return mp4Seconds(bytes);
    case 'audio/webm':
      return webmSeconds(bytes);
  }
}

/** Walks the frames and adds up their samples (a variable bitrate has no other exact length). */
function mpegSeconds(bytes: Uint8Array) {
  let at = firstMpegFrame(bytes);
  if (at === null) return null;
  let seconds = 0;
  for (let frame = mpegFrame(bytes, at); frame && frame.length > 0; frame = mpegFrame(bytes, at)) {
    seconds += frame.samples / frame.sampleRate;
    at += frame.length;
  }
  return seconds;
}

/** The last page's granule position over the sample rate (Vorbis: its identification header; Opus: 48 kHz less its pre-skip). */
function oggSeconds(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const firstPacket = 27 + bytes[26];
  let rate: number;
  let skip = 0;
  if (ascii(bytes, firstPacket, 7) === '\x01vorbis') rate = view.getUint32(firstPacket + 12, true);
  else if (ascii(bytes, firstPacket, 8) === 'OpusHead') {
    rate = 48000;
    skip = view.getUint16(firstPacket + 10, true);
  } else return null;
  let granule = -1;
  for (let at = 0; at + 27 <= bytes.length && ascii(bytes, at, 4) === 'OggS'; ) {
    const segments = bytes[at + 26];
    if (at + 27 + segments > bytes.length) break;
    granule = Number(view.getBigInt64(at + 6, true));
    let size = 0;
    for (let i = 0; i < segments; i++) size += bytes[at + 27 + i];
    at += 27 + segments + size;
  }
  return rate > 0 && granule >= 0 ? Math.max(0, granule - skip) / rate : null;
}

function wavSeconds(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate = 0;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    if (ascii(bytes, at, 4) === 'fmt ' && at + 16 <= bytes.length) byteRate = view.getUint32(at + 16, true);
    if (ascii(bytes, at, 4) === 'data') return byteRate > 0 ? Math.min(size, bytes.length - at - 8) / byteRate : null;
    at += 8 + size + (size % 2);
  }
  return null;
}

/** The movie header's duration over its time scale (moov/mvhd). */
function mp4Seconds(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const find = (from: number, to: number, name: string): [number, number] | null => {
    for (let at = from; at + 8 <= to; ) {
      const size = view.getUint32(at);
      if (size < 8 || at + size > to) return null;
      if (ascii(bytes, at + 4, 4) === name) return [at + 8, at + size];
      at += size;
    }
    return null;
  };
  const moov = find(0, bytes.length, 'moov');
  const mvhd = moov && find(moov[0], moov[1], 'mvhd');
  if (!mvhd) return null;
  const [at] = mvhd;
  const version = bytes[at];
  const scale = view.getUint32(at + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(view.getBigUint64(at + 24)) : view.getUint32(at + 16);
  return scale > 0 ? duration / scale : null;
}

/** Matroska's Segment > Info > Duration (a float in TimecodeScale units, a millisecond unless said). */
function webmSeconds(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vint = (at: number, keepMarker: boolean) => {
    const first = bytes[at];
    let length = 1;
    while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
    if (length > 8 || at + length > bytes.length) return null;
    let value = keepMarker ? first : first & (0xff >> length);
    for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i];
    return { value, length };
  };
  const SEGMENT = 0x18538067;
  const INFO = 0x1549a966;
  let scale = 1_000_000;
  let duration: number | null = null;
  const walk = (from: number, to: number): void => {
    for (let at = from; at < to; ) {
      const id = vint(at, true);
      const size = id && vint(at + id.length, false);
      if (!id || !size) return;
      const body = at + id.length + size.length;
      const end = Math.min(to, body + size.value);
      if (id.value === SEGMENT || id.value === INFO) walk(body, end);
      else if (id.value === 0x2ad7b1) scale = Array.from(bytes.subarray(body, end)).reduce((n, b) => n * 256 + b, 0);
      else if (id.value === 0x4489) duration = size.value === 8 ? view.getFloat64(body) : view.getFloat32(body);
      if (id.value === INFO) return;
      at = end;
    }
  };
  walk(0, bytes.length);
  return duration === null ? null : (duration * scale) / 1e9;
}
