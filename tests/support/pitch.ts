/** A 16-bit PCM WAV clip's sample rate and samples (from -1 to 1). */
function samplesOf(wav: Uint8Array): { rate: number; samples: Float32Array } {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
  let rate = 0;
  for (let at = 12; at + 8 <= wav.byteLength; ) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === 'fmt ') rate = view.getUint32(at + 12, true);
    if (tag(at) === 'data') {
      const samples = new Float32Array(Math.min(size, wav.byteLength - at - 8) >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(at + 8 + 2 * i, true) / 32768;
      return { rate, samples };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('not a WAV clip with samples');
}

/**
 * The voice's pitch (fundamental frequency, Hz) every 10 ms where the clip is voiced, by
 * autocorrelation over 40 ms frames: enough to tell a rising tune from a falling one.
 */
export function pitchContour(wav: Uint8Array): number[] {
  const { rate, samples } = samplesOf(wav);
  const frame = Math.round(rate * 0.04);
  const hop = Math.round(rate * 0.01);
  const shortest = Math.floor(rate / 400);
  const longest = Math.ceil(rate / 60);
  const pitches: number[] = [];
  for (let start = 0; start + frame + longest < samples.length; start += hop) {
    let energy = 0;
    for (let i = 0; i < frame; i++) energy += samples[start + i]! ** 2;
    if (energy / frame < 1e-4) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = shortest; lag <= longest; lag++) {
      let product = 0;
      let shifted = 0;
      for (let i = 0; i < frame; i++) {
        product += samples[start + i]! * samples[start + i + lag]!;
        shifted += samples[start + i + lag]! ** 2;
      }
      const correlation = product / Math.sqrt(energy * shifted + 1e-12);
      if (correlation > best) [best, bestLag] = [correlation, lag];
    }
    // Only a clearly periodic frame is voiced; noise (s, sh, f) has no pitch.
    if (best > 0.7) pitches.push(rate / bestLag);
  }
  return pitches;
}

/** The middle value of `values`. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}
