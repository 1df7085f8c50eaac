/**
 * Reads shared by every viewer of this API process: concurrent identical reads run once, and a finished
 * read is served again while its stamp (what the caller says the answer depends on) is unchanged and it
 * is younger than `maxAgeMs`. Ten open dashboards refetching on the same `ops.changed` cost one read.
 */
export class SharedReads<T> {
  private readonly entries = new Map<string, { stamp: string; at: number; value: Promise<T> }>();

  constructor(private readonly maxAgeMs: number) {}

  get(key: string, stamp: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && now - hit.at < this.maxAgeMs) return hit.value;
    const value = load();
    const entry = { stamp, at: now, value };
    this.entries.set(key, entry);
    // A failed read is not served again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > 100) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
