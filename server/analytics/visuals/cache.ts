// In-memory LRU of rendered PNGs. Keys carry a fingerprint of the data (exposure count, last id,
// analysis config, fixation total, AOIs), so new data or recomputed fixations miss the cache by
// themselves; nothing ever needs explicit invalidation.
export class PngCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert: Map iteration order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, png: Buffer): void {
    if (png.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) { this.bytes -= old.length; this.entries.delete(key); }
    this.entries.set(key, png);
    this.bytes += png.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
