import { spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SHARED_POSTGRES_ENV, startPostgres } from "./helpers/postgres.ts";
import { prerequisites } from "./setup/prerequisites.ts";

/**
 * `npm test`: first type-check the whole project (tsx strips types, so nothing else enforces the
 * strict compiler flags), then make sure every prerequisite is there (building or installing what
 * is missing), then run every test file under node's test runner. Arguments narrow the run to
 * files whose path contains one of them; the type check always covers everything.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);

/**
 * `tsc --noEmit -p .`, incremental: the build info sits in node_modules/.cache (gone after
 * `npm ci`), so an unchanged tree checks in about 2 s instead of 13 s and a filtered run stays
 * cheap.
 */
function typecheck(): void {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const buildInfo = path.join(root, "node_modules", ".cache", "tsc.tsbuildinfo");
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [tsc, "--noEmit", "-p", root, "--incremental", "--tsBuildInfoFile", buildInfo],
    { stdio: "inherit" },
  );
  if (result.status !== 0) {
    const why = result.error?.message ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.status}`);
    process.stderr.write(`typecheck FAILED (tsc --noEmit -p ., ${why}): fix the type errors above\n`);
    process.exit(1);
  }
  process.stdout.write(`typecheck ok (tsc --noEmit -p ., ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

typecheck();

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

for (const prerequisite of prerequisites) {
  try {
    const detail = await prerequisite.ensure();
    process.stdout.write(`prerequisite ok: ${prerequisite.name} (${detail})\n`);
  } catch (err) {
    process.stderr.write(`prerequisite FAILED: ${prerequisite.name}: ${(err as Error).message}\n`);
    process.exit(1);
  }
}

const filters = process.argv.slice(2);
const files = ["unit", "integration"]
  .flatMap((kind) => testFiles(path.join(here, kind)))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();
if (files.length === 0) {
  process.stderr.write(`no test files match ${filters.join(" ")}\n`);
  process.exit(1);
}

/**
 * The conformance files (every mounted route's authorization and tenancy, every answer against its
 * declared schema) run a second time with every test server three nodes on one PostgreSQL database
 * and one Redis behind nginx (test/helpers/cluster-server.ts), so each request lands on another
 * node: the nodes must answer as one service (issue 32). A run that is a cluster run already
 * (SERVICE_TEST_NODES set) has no second pass.
 */
const THROUGH_BALANCER = ["authz-matrix", "tenancy-matrix", "route-responses"].map((name) => path.join(here, "integration", `${name}.test.ts`));
const balanced = process.env["SERVICE_TEST_NODES"] === undefined ? files.filter((file) => THROUGH_BALANCER.includes(file)) : [];

// One PostgreSQL cluster for every test file (each takes databases of its own on it): starting
// one per file cost a few seconds each, twenty times over.
const postgres = await startPostgres();
process.once("exit", () => void postgres.stop());

/**
 * A hang fails loudly instead of holding the run until CI's limit: a test (or hook) that has not
 * settled in 10 minutes fails, and a file whose tests have all settled exits even when something
 * it started still holds a handle (a child process a failed test could not stop; the helpers kill
 * theirs at exit). Node's test runner prints a file's results only once every file before it has
 * finished, so one such file silenced the rest of a run until CI stopped it at 90 minutes.
 */
const HANG_GUARDS = ["--test-timeout=600000", "--test-force-exit"];

/** The spec reporter, and after it the slowest files (test/setup/slowest-files.mjs), both on stdout. */
const REPORTERS = ["--test-reporter=spec", "--test-reporter-destination=stdout", `--test-reporter=${path.join(here, "setup", "slowest-files.mjs")}`, "--test-reporter-destination=stdout"];

/** Runs `paths` under node's test runner with `env` added; answers its exit code. */
function runTests(paths: readonly string[], env: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", "--test", ...REPORTERS, "--test-concurrency=2", ...HANG_GUARDS, ...paths], {
    stdio: "inherit",
    env: { ...process.env, [SHARED_POSTGRES_ENV]: postgres.url, ...env },
  });
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

let code = await runTests(files, {});
if (code === 0 && balanced.length > 0) {
  process.stdout.write(`\nthrough a load balancer: ${balanced.map((f) => path.basename(f)).join(", ")} on three nodes (PostgreSQL, Redis, nginx)\n`);
  code = await runTests(balanced, { SERVICE_TEST_DATABASE: "postgres", SERVICE_TEST_NODES: "3" });
}
process.exit(code);
