/**
 * A fixed-bucket latency histogram with 10 µs resolution. autocannon's own histogram stores whole
 * milliseconds, which on loopback turns every percentile into 0 or 1; this one is fed from its
 * `response` event (fractional ms) at the cost of one array increment per response.
 */
export class LatencyRecorder {
  private static readonly BUCKET_MS = 0.01;
  private static readonly BUCKETS = 100_000; // 10 µs up to 1 s; slower responses share the last bucket
  private readonly counts = new Uint32Array(LatencyRecorder.BUCKETS);
  private count = 0;
  private max = 0;

  record(ms: number): void {
    const bucket = Math.min(Math.floor(ms / LatencyRecorder.BUCKET_MS), LatencyRecorder.BUCKETS - 1);
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.count++;
    if (ms > this.max) this.max = ms;
  }

  /** The latency (upper edge of its bucket, in ms) that `p` percent of responses did not exceed. */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    const rank = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank) return Math.min((i + 1) * LatencyRecorder.BUCKET_MS, this.max);
    }
    return this.max;
  }

  /** The non-empty buckets as [bucket, count] pairs, plus the max: small enough to send over IPC. */
  toSparse(): SparseLatencies {
    const buckets: Array<[number, number]> = [];
    this.counts.forEach((n, i) => {
      if (n > 0) buckets.push([i, n]);
    });
    return { buckets, max: this.max };
  }

  /** Adds another recorder's latencies, e.g. one a child process sent with `toSparse()`. */
  addSparse(sparse: SparseLatencies): void {
    for (const [bucket, n] of sparse.buckets) {
      this.counts[bucket] = (this.counts[bucket] ?? 0) + n;
      this.count += n;
    }
    if (sparse.max > this.max) this.max = sparse.max;
  }
}

/** A `LatencyRecorder` in transit between processes. */
export interface SparseLatencies {
  readonly buckets: ReadonlyArray<readonly [number, number]>;
  readonly max: number;
}
