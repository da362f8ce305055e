/**
 * Runs async work one at a time per key, in the order it was asked for: a check-then-write that
 * awaits between its check and its write (a quota read, then the reservation) must not interleave
 * with another for the same key in this process, and the writes an actor makes as it enters its
 * states must land in the order it entered them. A failed work does not stop the ones queued after
 * it; its caller hears of the failure. Keys with nothing queued hold no memory.
 */
export class InTurn<K> {
  private readonly tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(work);
    // The next in line waits for this one to settle, whether it succeeded or not.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Settles once every work queued under `key` so far has (whatever their outcome). */
  settled(key: K): Promise<void> {
    return (this.tails.get(key) ?? Promise.resolve()).then(() => undefined);
  }

  /** Settles once everything asked for so far has settled. */
  async idle(): Promise<void> {
    await Promise.all(this.tails.values());
  }
}
