/**
 * Egresses each tenant runs now, as its `max_concurrent_egress` quota counts them. The domains
 * that start egresses come after this one in the module list, so they register how they count.
 */
export class EgressUsage {
  private readonly counters: ((teamId: number) => number)[] = [];

  countWith(count: (teamId: number) => number): void {
    this.counters.push(count);
  }

  of(teamId: number): number {
    return this.counters.reduce((n, count) => n + count(teamId), 0);
  }
}
