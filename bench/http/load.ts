import autocannon from "autocannon";
import { LatencyRecorder } from "../shared/latency.ts";
import { machineCores, processShare, sampleMachine, sampleProcess, type CpuShare } from "../shared/proc-cpu.ts";

/** One HTTP request shape to hammer a target with. */
export interface LoadSpec {
  readonly url: string;
  readonly method: "GET" | "POST";
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface LoadSettings {
  readonly connections: number;
  readonly pipelining: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
}

/** What one measured run found, with the CPU each side used meanwhile. */
export interface LoadResult {
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly server: CpuShare;
  /** This process, i.e. autocannon: it runs on our main thread. */
  readonly client: CpuShare;
  /** Busy cores on the whole machine, so load from other processes shows up. */
  readonly machine: number;
}

function cannon(spec: LoadSpec, settings: LoadSettings, seconds: number, latency?: LatencyRecorder): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const options: autocannon.Options = {
      url: spec.url,
      method: spec.method,
      body: spec.body,
      headers: spec.headers === undefined ? undefined : { ...spec.headers },
      connections: settings.connections,
      pipelining: settings.pipelining,
      duration: seconds,
    };
    const instance = autocannon(options, (err: unknown, result: autocannon.Result) => {
      if (err !== null && err !== undefined) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(result);
    });
    if (latency) instance.on("response", (_client, _status, _bytes, ms) => latency.record(ms));
  });
}

/**
 * Starts watching something beside the server (its database, Redis) as the measured run begins;
 * the function it answers ends the watch, as the run ends, and says what happened meanwhile.
 */
export type Watch<W> = () => Promise<() => Promise<W>>;

/** A warmup run (discarded, lets the JIT settle), then the measured run. */
export async function measure(spec: LoadSpec, settings: LoadSettings, serverPid: number): Promise<LoadResult> {
  return (await measureWatching(spec, settings, serverPid, async () => async () => undefined)).result;
}

/** `measure`, with what `watch` saw over the measured run. */
export async function measureWatching<W>(spec: LoadSpec, settings: LoadSettings, serverPid: number, watch: Watch<W>): Promise<{ result: LoadResult; watched: W }> {
  if (settings.warmupSeconds > 0) await cannon(spec, settings, settings.warmupSeconds);
  const end = await watch();
  const server0 = sampleProcess(serverPid);
  const client0 = sampleProcess(process.pid);
  const machine0 = sampleMachine();
  const latency = new LatencyRecorder();
  const result = await cannon(spec, settings, settings.seconds, latency);
  const server1 = sampleProcess(serverPid);
  const client1 = sampleProcess(process.pid);
  const machine1 = sampleMachine();
  const watched = await end();
  return {
    watched,
    result: {
      rps: result.requests.average,
      p50Ms: latency.percentile(50),
      p99Ms: latency.percentile(99),
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      server: processShare(server0, server1),
      client: processShare(client0, client1),
      machine: machineCores(machine0, machine1),
    },
  };
}
