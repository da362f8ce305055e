/** A numeric setting from the environment, or `fallback`; a value that is not one fails loudly. */
export function envNumber(name: string, fallback: number, min: number, { integer = true } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!(integer ? Number.isInteger(n) : Number.isFinite(n)) || n < min) {
    throw new Error(`${name} must be a ${integer ? "whole number" : "number"} >= ${min}, got "${raw}"`);
  }
  return n;
}

/** Runs a bench's `main`: its answer is the exit code, and a throw is printed and exits 1. */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      // A tool the benches share with the tests (ffmpeg, livekit-server, MinIO, nginx) is missing.
      if ((err as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
        console.error("a tool is missing: `npm test -- config` installs or builds every tool the tests and benchmarks use, then runs a few tests");
      }
      process.exitCode = 1;
    },
  );
}
