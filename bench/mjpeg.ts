/**
 * MJPEG fan-out over WebSocket ingest, end to end on loopback: a camera process publishing
 * stamped JPEGs at 30 fps, viewer processes holding many raw-socket viewers that parse the
 * multipart stream by Content-Length, and the service in its own process, its CPU and RSS read
 * from /proc. Raw TCP between node processes is measured first, as the ceiling, writing 100 KB
 * and 20 KB at a time like the scenarios' frames.
 *
 *   npm run bench:mjpeg [-- <scenario> ...]   scenarios: 100 300 600 1000 stalled idle churn (all by default)
 *   env: BENCH_SCENARIOS (same list, comma or space separated), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2),
 *        BENCH_CHURN_SECONDS (60), BENCH_IDLE_VIEWERS (5000), BENCH_CEILING_SECONDS (5),
 *        BENCH_VIEWER_PROCESSES (sized per scenario from its expected load)
 *
 * Exits 0 when every scenario ran, whatever its verdicts; 1 when one could not run.
 */
import { envNumber, runMain } from "./shared/cli.ts";
import { complaintNotes } from "./shared/complaints.ts";
import os from "node:os";
import { measureCeiling, measureFloor, type Ceiling, type Floor } from "./mjpeg/baselines.ts";
import { baseJpeg } from "./mjpeg/jpeg.ts";
import { LEGEND, renderResults, type ScenarioResult } from "./mjpeg/results.ts";
import { floorLoad, SCENARIO_NAMES, SCENARIOS, type ScenarioName, type Settings } from "./mjpeg/scenarios.ts";
import { selfCheck } from "./mjpeg/selfcheck.ts";
import { BenchService } from "./mjpeg/service.ts";

const CEILING_CONNECTIONS = 300;
const CEILING_PROCESSES = 2;
/** The scenarios' frame sizes: the first is the throughput ceiling the table compares against. */
const CEILING_CHUNKS = [100_000, 20_000];

function selectedScenarios(): ScenarioName[] {
  const args = process.argv.slice(2);
  const words = args.length > 0 ? args : (process.env["BENCH_SCENARIOS"] ?? "").split(/[\s,]+/).filter((w) => w !== "");
  if (words.length === 0) return [...SCENARIO_NAMES];
  return words.map((w) => {
    const name = SCENARIO_NAMES.find((s) => s === w);
    if (name === undefined) throw new Error(`unknown scenario "${w}"; choose from ${SCENARIO_NAMES.join(", ")}`);
    return name;
  });
}

/** The floor's window, in scenario windows. */
const FLOOR_WINDOWS = 2;


async function runScenario(name: ScenarioName, settings: Settings): Promise<ScenarioResult> {
  process.stderr.write(`scenario ${name} ...\n`);
  let service: BenchService | undefined;
  try {
    // Measured right before the service starts, so both see the machine in the same state, and
    // over twice the scenario's window: two 10 s windows on this VM differ by up to ~15 % in
    // kernel time alone, and the floor is what every scenario's CPU is judged against.
    const load = floorLoad(name, settings);
    const floorTiming = { warmupSeconds: settings.warmupSeconds, seconds: settings.seconds * FLOOR_WINDOWS };
    const floor = load ? await measureFloor(load.viewers, load.frameBytes, load.processes, floorTiming) : undefined;
    if (floor) console.log(describeFloor(floor));
    service = await BenchService.start();
    const warning = await service.createApp();
    const result = await SCENARIOS[name](service, settings, floor);
    if (warning !== undefined) result.notes.push(warning);
    result.notes.push(...complaintNotes(service.complaints()));
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`scenario ${name} could not run: ${err instanceof Error ? (err.stack ?? message) : message}\n`);
    return { name, viewers: "-", checks: [], notes: service ? complaintNotes(service.complaints()) : [], error: message };
  } finally {
    await service?.stop();
  }
}

const percent = (cores: number): string => `${Math.round(cores * 100)}%`;

function describeCeiling(c: Ceiling): string {
  const readers = c.readerCores.map(percent).join(" + ");
  const busy = c.writerCores + c.readerCores.reduce((s, x) => s + x, 0);
  return (
    `ceiling: raw loopback TCP, node blaster writing ${c.chunkBytes / 1000} KB at a time -> ${c.connections} sockets in ${c.readerCores.length} node processes: ` +
    `${(c.bytesPerSec / 1e6).toFixed(0)} MB/s; blaster cpu ${percent(c.writerCores)} = ${c.msPerMB.toFixed(3)} ms cpu/MB sent; readers ${readers} ` +
    `(together ${busy.toFixed(2)} of ${os.availableParallelism()} cores)`
  );
}

function describeFloor(f: Floor): string {
  return (
    `floor: bare uWS writer, ${f.viewers} x ${f.frameBytes / 1000} KB at 30 fps -> ${(f.bytesPerSec / 1e6).toFixed(0)} MB/s; ` +
    `writer cpu ${percent(f.writerCores)} = ${f.msPerMB.toFixed(3)} ms cpu/MB (${f.userMsPerMB.toFixed(3)} of it user space); readers ${f.readerCores.map(percent).join(" + ")}`
  );
}

async function main(): Promise<number> {
  const names = selectedScenarios();
  const processes = envNumber("BENCH_VIEWER_PROCESSES", 0, 0, { integer: false });
  const settings: Settings = {
    seconds: envNumber("BENCH_SECONDS", 10, 1, { integer: false }),
    warmupSeconds: envNumber("BENCH_WARMUP_SECONDS", 2, 0, { integer: false }),
    churnSeconds: envNumber("BENCH_CHURN_SECONDS", 60, 2, { integer: false }),
    idleViewers: Math.round(envNumber("BENCH_IDLE_VIEWERS", 5000, 1, { integer: false })),
    viewerProcesses: processes >= 1 ? Math.round(processes) : undefined,
  };
  console.log(
    `bench:mjpeg  node ${process.version}, ${os.availableParallelism()} cpus, scenarios ${names.join(" ")}, ` +
      `warmup ${settings.warmupSeconds} s + ${settings.seconds} s each`,
  );
  selfCheck(baseJpeg());

  const ceilings: Ceiling[] = [];
  for (const chunk of CEILING_CHUNKS) {
    process.stderr.write(`ceiling, ${chunk / 1000} KB writes ...\n`);
    const ceiling = await measureCeiling(chunk, CEILING_CONNECTIONS, CEILING_PROCESSES, {
      warmupSeconds: 1,
      seconds: envNumber("BENCH_CEILING_SECONDS", 5, 1, { integer: false }),
    });
    console.log(describeCeiling(ceiling));
    ceilings.push(ceiling);
  }

  const results: ScenarioResult[] = [];
  for (const name of names) results.push(await runScenario(name, settings));
  console.log(`\n${renderResults(results, ceilings[0]?.bytesPerSec)}\n\n${LEGEND}`);
  return results.some((r) => r.error !== undefined) ? 1 : 0;
}

// Exit through process.exit, so the children's exit hooks kill them rather than leave them running.
process.once("SIGINT", () => process.exit(130));
process.once("SIGTERM", () => process.exit(143));

runMain(main);
