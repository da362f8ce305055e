import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prerequisites } from "./setup/prerequisites.ts";

/**
 * `npm test`: first make sure every prerequisite is there (building or installing what is
 * missing), then run every test file under node's test runner. Arguments narrow the run to files
 * whose path contains one of them.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

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

const child = spawn(
  process.execPath,
  ["--import", "tsx", "--test", "--test-reporter=spec", "--test-concurrency=2", ...files],
  { stdio: "inherit" },
);
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
