/**
 * Reloads run in the background, one at a time per key: a caller that serves from memory asks for
 * a fresh read (another process wrote, the entry is missing) and goes on with what it holds. A
 * request while a load of the key runs is remembered, and one more load follows it, so a write
 * that landed during the read is never missed; any number of requests meanwhile make one load.
 */
export class BackgroundLoads<K> {
  /** Each key's load in progress, and whether another was asked for meanwhile. */
  private readonly running = new Map<K, { again: boolean; run?: Promise<void> }>();

  constructor(
    private readonly load: (key: K) => Promise<void>,
    /** Told of a load that failed; what was held before stays served. */
    private readonly failed: (key: K, err: unknown) => void,
  ) {}

  request(key: K): void {
    const current = this.running.get(key);
    if (current) {
      current.again = true;
      return;
    }
    // Held before the load starts: a request from inside it counts as one more.
    const entry: { again: boolean; run?: Promise<void> } = { again: false };
    this.running.set(key, entry);
    entry.run = this.load(key)
      .catch((err: unknown) => this.failed(key, err))
      .finally(() => {
        this.running.delete(key);
        if (entry.again) this.request(key);
      });
  }

  /** Resolves once every load of `key` asked for so far has run (at once when none is). */
  async settled(key: K): Promise<void> {
    for (let current = this.running.get(key); current; current = this.running.get(key)) await current.run;
  }
}
