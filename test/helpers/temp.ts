import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const made: string[] = [];
process.once("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory, removed when the test process exits. */
export function tempDir(prefix = "service-core-test-"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
