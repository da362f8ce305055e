/** At most this many paths are listed; a rewrite of everything is summed up rather than spelled out. */
const MAX_PATHS = 50;

/**
 * The dotted paths of the leaves that differ between two plain JSON-like values (`s3.bucket`,
 * `features.chat`), without their values: what an audit entry says changed.
 */
export function changedPaths(before: unknown, after: unknown): string[] {
  const out: string[] = [];
  walk(before, after, "", out);
  return out.length > MAX_PATHS ? [...out.slice(0, MAX_PATHS), `… ${out.length - MAX_PATHS} more`] : out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function walk(a: unknown, b: unknown, at: string, out: string[]): void {
  if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], at === "" ? key : `${at}.${key}`, out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push(at === "" ? "(all)" : at);
}
