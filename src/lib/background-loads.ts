/**
 * Reloads run in the background, one at a time per key: a caller that serves from memory asks for
 * a fresh read (another process wrote, the entry is missing) and goes on with what it holds. A
 * request while a load of the key runs is remembered, and one more load follows it, so a write
 * that landed during the read is never missed; any number of requests meanwhile make one load.
 */
export class BackgroundLoads<K> {
  /** Keys being loaded, and whether another load was asked for meanwhile. */
  private readonly loading = new Map<K, boolean>();
  /** Each key's load in progress. */
  private readonly running = new Map<K, Promise<void>>();

  constructor(
    private readonly load: (key: K) => Promise<void>,
    /** Told of a load that failed; what was held before stays served. */
    private readonly failed: (key: K, err: unknown) => void,
  ) {}

  request(key: K): void {
    if (this.loading.has(key)) {
      this.loading.set(key, true);
      return;
    }
    this.loading.set(key, false);
    const run = this.load(key)
      .catch((err: unknown) => this.failed(key, err))
      .finally(() => {
        const again = this.loading.get(key) === true;
        this.loading.delete(key);
        this.running.delete(key);
        if (again) this.request(key);
      });
    this.running.set(key, run);
  }

  /** Resolves once every load of `key` asked for so far has run (at once when none is). */
  async settled(key: K): Promise<void> {
    for (let run = this.running.get(key); run; run = this.running.get(key)) await run;
  }
}
