/**
 * One scenario against one target: reset the receiver, emit the plan in the target, wait for
 * every delivery, and check that each event arrived exactly once, in order within its room, and
 * signed. CPU is read from /proc over the window from the first emit to the last delivery, and on
 * PostgreSQL the statements the database ran for the target and its cluster's CPU, over the same window.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { windowOf, type Backing, type BackingWindow } from "../shared/backing.ts";
import { machineCores, processShare, sampleMachine, sampleProcess, type CpuShare } from "../shared/proc-cpu.ts";
import type { Receiver, Target } from "./children.ts";
import { kindLabel, type Backend, type EmitPlan, type Mode, type ReceiverReport } from "./protocol.ts";

export type ScenarioName = "warmup" | "saturation" | "paced";

export interface ScenarioSpec {
  readonly name: ScenarioName;
  /** 1, 2, ... when a scenario is repeated. */
  readonly round: number;
  readonly events: number;
  readonly rooms: number;
  /** Events per second; 0 = as fast as the target's loop allows. */
  readonly rate: number;
  readonly chunk: number;
}

export interface RunOptions {
  /** How long deliveries may take after the last emit before the scenario counts as broken. */
  readonly timeoutMs: number;
  /** Quiet time after the last expected delivery, to catch duplicates arriving late. */
  readonly settleMs: number;
  /** Where to write the target's CPU profile of this scenario, if profiling. */
  readonly profileFile?: string;
  /** Where a PostgreSQL target's database is watched. */
  readonly backing?: Backing;
}

export interface ScenarioResult {
  readonly name: ScenarioName;
  readonly round: number;
  readonly mode: Mode;
  readonly backend: Backend;
  readonly events: number;
  /** Seconds from the first emit to the last. */
  readonly emitSeconds: number;
  /** Deliveries per second from the first emit to the last delivery. */
  readonly deliveriesPerSecond: number;
  readonly received: ReceiverReport;
  readonly target: CpuShare;
  /** Target process CPU per delivered event, in microseconds. */
  readonly targetMicrosPerEvent: number;
  readonly receiver: CpuShare;
  /** The service's event-loop delay over the window (monitorEventLoopDelay), in ms: its longest stall. */
  readonly loop: { readonly p99Ms: number; readonly maxMs: number };
  /** Busy cores of the whole machine over the window: well above target + receiver means someone else was busy. */
  readonly machine: number;
  readonly complaints: Readonly<Record<string, number>>;
  /** SQLite statements the target ran over the window. */
  readonly sqliteStatements: number;
  /** PostgreSQL's statements for the target's database, its cluster's CPU, and Redis, on PostgreSQL. */
  readonly backing?: BackingWindow;
  /** Why the run is not a valid measurement (lost, repeated, reordered or unsigned deliveries...). */
  readonly problems: readonly string[];
}

export async function runScenario(target: Target, receiver: Receiver, spec: ScenarioSpec, options: RunOptions): Promise<ScenarioResult> {
  const { mode, backend } = target.kind;
  const plan: EmitPlan = { tag: `${kindLabel(target.kind).replace("/", "-")}-${spec.name}-${spec.round}`, events: spec.events, rooms: spec.rooms, rate: spec.rate, chunk: spec.chunk };
  await receiver.reset(plan.tag);
  if (options.profileFile !== undefined) await target.profileStart();
  const watched = options.backing && target.databaseUrl !== undefined ? { backing: options.backing, databaseUrl: target.databaseUrl } : undefined;
  const b0 = await watched?.backing.sample(watched.databaseUrl);
  const t0 = sampleProcess(target.pid);
  const r0 = sampleProcess(receiver.pid);
  const m0 = sampleMachine();
  // Pacing takes events / rate seconds; the deadline is on top of that.
  const emitBudgetMs = spec.rate > 0 ? (spec.events / spec.rate) * 1000 : 0;
  const emitted = await target.emit(plan, emitBudgetMs + Math.max(options.timeoutMs, 60_000));
  const { timedOut } = await receiver.until(spec.events, options.timeoutMs);
  const t1 = sampleProcess(target.pid);
  const r1 = sampleProcess(receiver.pid);
  const m1 = sampleMachine();
  const b1 = await watched?.backing.sample(watched.databaseUrl);
  const loop = await target.loop();
  if (options.profileFile !== undefined) await target.profileStop(options.profileFile);
  await sleep(options.settleMs);
  const received = await receiver.report();

  const problems: string[] = [];
  if (emitted.events !== spec.events) problems.push(`emitted ${emitted.events} of ${spec.events} events`);
  if (timedOut) problems.push(`only ${received.delivered} of ${spec.events} deliveries within ${options.timeoutMs / 1000} s of the last emit`);
  else if (received.delivered !== spec.events) problems.push(`${received.delivered} deliveries for ${spec.events} events`);
  const counted: Array<[number, string]> = [
    [received.duplicates, "duplicate deliveries"],
    [received.outOfOrder, "deliveries out of order within their room"],
    [received.strays, "deliveries for another scenario's rooms"],
    [received.unsigned, "unsigned deliveries"],
    [received.badSignatures, "deliveries with a wrong signature"],
    [received.malformed, "malformed bodies"],
  ];
  for (const [n, what] of counted) if (n > 0) problems.push(`${n} ${what}`);

  const seconds = (received.lastAt - emitted.firstAt) / 1000;
  const targetCpuSeconds = t1.processSeconds - t0.processSeconds;
  return {
    name: spec.name,
    round: spec.round,
    mode,
    backend,
    events: spec.events,
    emitSeconds: (emitted.lastAt - emitted.firstAt) / 1000,
    deliveriesPerSecond: seconds > 0 ? received.delivered / seconds : 0,
    received,
    target: processShare(t0, t1),
    targetMicrosPerEvent: received.delivered > 0 ? (targetCpuSeconds / received.delivered) * 1e6 : 0,
    receiver: processShare(r0, r1),
    machine: machineCores(m0, m1),
    loop: { p99Ms: loop.p99Ms, maxMs: loop.maxMs },
    sqliteStatements: loop.sqliteStatements,
    backing: b0 && b1 ? windowOf(b0, b1) : undefined,
    complaints: emitted.complaints,
    problems,
  };
}
