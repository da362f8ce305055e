/**
 * Whether a write failed on a unique index: SQLite's code, or PostgreSQL's unique_violation
 * (23505). Where two requests race to create the same thing, the index decides and the loser
 * answers a conflict instead of a 500.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
