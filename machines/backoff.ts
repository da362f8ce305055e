/**
 * The wait before retry `attempt` (1-based) of a supervised process that died: 1 s doubling, at
 * most 30 s. Long enough that a destination or worker failing at once is not hammered, short
 * enough that a platform dropping the connection for a few seconds is back within the minute.
 * Shared by the machines that restart what they supervise (restream pushes, plugin workers).
 */
export const backoffMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
