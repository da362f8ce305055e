import path from "node:path";

/** How many files the summary names. */
const SHOWN = 15;

/**
 * A second reporter for `npm test` (test/run.ts): once the run ends, the test files that took
 * longest, by the time their top-level tests took. The suite is CPU-bound on the CI machine, so
 * this is where a run's minutes go, and what to trim when it nears its time budget. Plain
 * JavaScript: node loads a reporter before `--import tsx` can compile one.
 *
 * @param {AsyncIterable<{ type: string, data: { nesting?: number, file?: string, message?: string, details?: { duration_ms?: number } } }>} source
 */
export default async function* slowestFiles(source) {
  /** @type {Map<string, number>} */
  const byFile = new Map();
  for await (const event of source) {
    // The run's closing diagnostics (tests, pass, fail, ..., todo, duration_ms): `--test-force-exit` ends
    // the process as they are written, so the summary goes out at the first of them.
    if (event.type === "test:diagnostic" && /^tests \d/.test(event.data.message ?? "")) yield* summary(byFile);
    if ((event.type !== "test:pass" && event.type !== "test:fail") || event.data.nesting !== 0 || event.data.file === undefined) continue;
    byFile.set(event.data.file, (byFile.get(event.data.file) ?? 0) + (event.data.details?.duration_ms ?? 0));
  }
}

/**
 * One string, written at once, so the spec reporter's lines beside it do not split it.
 * @param {Map<string, number>} byFile
 */
function* summary(byFile) {
  if (byFile.size === 0) return;
  const total = [...byFile.values()].reduce((sum, ms) => sum + ms, 0);
  const rows = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  const lines = rows.map(([file, ms]) => `${String(Math.round(ms / 1000)).padStart(6)} s  ${path.relative(process.cwd(), file)}`);
  yield `\nslowest test files (of ${byFile.size}, ${Math.round(total / 1000)} s of tests in all):\n${lines.join("\n")}\n\n`;
}
