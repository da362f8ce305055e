/**
 * Egresses each tenant runs now, as its `max_concurrent_egress` quota counts them. The domains
 * that start egresses come after this one in the module list, so they register how they count.
 */
export class EgressUsage {
  private readonly counters: ((teamId: number) => Promise<number>)[] = [];

  /** `count` reads the databases of the team's apps. */
  countWith(count: (teamId: number) => Promise<number>): void {
    this.counters.push(count);
  }

  async of(teamId: number): Promise<number> {
    const counts = await Promise.all(this.counters.map((count) => count(teamId)));
    return counts.reduce((n, c) => n + c, 0);
  }
}
