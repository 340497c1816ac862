/**
 * Clips this process keeps in its own memory, where the database cannot take them: on a LiteFS replica
 * the database is the primary's and read-only (docs/decisions/0066-speech-off-the-servers-thread.md).
 * The least recently served go first once they fill `maxBytes`.
 */
export class KeptClips<Clip extends { audio: Uint8Array }> {
  private clips = new Map<string, Clip>();
  private bytes = 0;
  constructor(private maxBytes: number) {}

  get(key: string): Clip | undefined {
    const clip = this.clips.get(key);
    if (clip) {
      // Served again: it moves to the end, the last to go.
      this.clips.delete(key);
      this.clips.set(key, clip);
    }
    return clip;
  }

  set(key: string, clip: Clip) {
    if (clip.audio.byteLength > this.maxBytes) return;
    const old = this.clips.get(key);
    if (old) {
      this.bytes -= old.audio.byteLength;
      this.clips.delete(key);
    }
    this.clips.set(key, clip);
    this.bytes += clip.audio.byteLength;
    for (const [oldest, { audio }] of this.clips) {
      if (this.bytes <= this.maxBytes) break;
      this.clips.delete(oldest);
      this.bytes -= audio.byteLength;
    }
  }
}
