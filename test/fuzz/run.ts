import { parseArgs } from "node:util";
import { startFixture } from "./fixture.ts";
import { describeFailure, fuzzAll } from "./routes.ts";

/**
 * `node --import tsx test/fuzz/run.ts [--cases N] [--seed S] [--route TEXT]`: fuzzes every route
 * of the live table with every credential kind, N cases each (default 50), and prints the counts
 * and each failure with its seed and fast-check's shrunk counterexample. Exit 1 on any failure,
 * including an exception the service let escape (the service runs in this process).
 */
const { values } = parseArgs({
  options: {
    cases: { type: "string", default: "50" },
    seed: { type: "string", default: String(Date.now() % 2 ** 31) },
    route: { type: "string" },
  },
});
const cases = Number(values.cases);
const seed = Number(values.seed);
if (!Number.isInteger(cases) || cases < 1 || !Number.isInteger(seed)) {
  process.stderr.write("usage: node --import tsx test/fuzz/run.ts [--cases N] [--seed S] [--route TEXT]\n");
  process.exit(2);
}

const crashes: string[] = [];
process.on("uncaughtException", (err) => crashes.push(`uncaughtException: ${err.stack ?? String(err)}`));
process.on("unhandledRejection", (err) => crashes.push(`unhandledRejection: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));

const started = Date.now();
const fx = await startFixture();
let done = 0;
const stats = new Map<string, number>();
const summary = await fuzzAll(fx, {
  cases,
  seed,
  filter: values.route,
  stats,
  onProgress: (route, kind, failed) => {
    done++;
    if (failed) process.stdout.write(`FAIL ${route} as ${kind}\n`);
    else if (done % 50 === 0) process.stdout.write(`… ${done} route × kind pairs\n`);
  },
});
await fx.close();

// Answers by generator and status: shows how much of each kind of input got past the guard and the schemas.
const byLabel = new Map<string, Record<string, number>>();
for (const [key, n] of stats) {
  const [label = "", what = ""] = key.split(" ");
  byLabel.set(label, { ...byLabel.get(label), [what]: n });
}
process.stdout.write("\nanswers by input kind:\n");
for (const [label, counts] of [...byLabel].sort()) {
  const parts = Object.entries(counts).sort().map(([w, n]) => `${w}=${n}`);
  process.stdout.write(`  ${label.padEnd(24)} ${parts.join(" ")}\n`);
}
for (const f of summary.failures) process.stdout.write("\n" + describeFailure(f) + "\n");
for (const c of crashes) process.stdout.write("\nCRASH " + c + "\n");
process.stdout.write(
  `\nroutes fuzzed: ${summary.routes} (skipped ${summary.skipped}), cases run: ${summary.cases}, ` +
    `failures: ${summary.failures.length}, crashes: ${crashes.length}, seed: ${seed}, ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
process.exit(summary.failures.length > 0 || crashes.length > 0 ? 1 : 0);
