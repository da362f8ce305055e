/** pino's numeric levels at or above the benches' SERVICE_LOG_LEVEL. */
const LEVEL_NAMES: Readonly<Record<number, string>> = { 40: "warn", 50: "error", 60: "fatal" };

/**
 * The service's warnings and errors during a run (JSON log lines, or plain stderr), grouped by
 * message, at most `max` groups: what a bench prints beside its figures. A plugin worker's output
 * is named by its source.
 */
export function complaintNotes(lines: readonly string[], max = 5): string[] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    let text = line;
    try {
      const record = JSON.parse(line) as { level?: number; msg?: string; source?: string };
      const who = record.source ?? LEVEL_NAMES[record.level ?? 0] ?? `level ${String(record.level)}`;
      text = `${who}: ${String(record.msg)}`;
    } catch {
      // stderr lines are plain text
    }
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts].slice(0, max).map(([text, n]) => `server logged ${n} x "${text}"`);
}
