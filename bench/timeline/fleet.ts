/**
 * The query part on one backend: a service in its own process (on SQLite, or on a database of the
 * bench's PostgreSQL cluster), the fleet's app and the one-camera baseline app with the timeline
 * on and a retention longer than the rows (as a fleet keeping 30 days runs: its pruner sweeps every
 * 30 s, and what a sweep costs falls on the requests), their rows written in, then the queries.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { UNREACHABLE_LIVEKIT } from "../../test/helpers/server.ts";
import { BenchService } from "../mjpeg/service.ts";
import { loadPostgres, loadSqlite, type Loaded } from "./load.ts";
import { timeQueries, type QueryApp, type QueryFigures } from "./queries.ts";
import type { Fleet } from "./rows.ts";

const RETENTION_DAYS = 31;
const APP_CONFIG = `timeline:\n  enabled: true\n  continuous_days: ${RETENTION_DAYS}\n  events_days: ${RETENTION_DAYS}\n`;
/** The bench reads as fast as it can: no plan's request window may refuse it. */
const RATE_LIMITS = ["free", "pro", "enterprise", "platform", "anonymous"].map((c) => `${c}=100000000`).join(",");
/** How long after its load a service is left before it is timed: its first sweep of the new rows, and PostgreSQL's stats settling. */
const SETTLE_MS = 3000;

export type Backend = "sqlite" | "postgres";

export interface BackendRun {
  readonly backend: Backend;
  readonly loaded: Loaded;
  readonly queries: QueryFigures[];
  /** `GET /apps/{app}/stats` on the fleet's app (it sums every segment, as each retention sweep does twice): ms per request. */
  readonly statsMs: number[];
  readonly complaints: string[];
}

/** The data dir a service was started with, read off its environment. */
function dataDirOf(pid: number): string {
  const env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
  const dir = env.find((e) => e.startsWith("SERVICE_DATA_DIR="))?.slice("SERVICE_DATA_DIR=".length);
  if (!dir) throw new Error(`service ${pid} has no SERVICE_DATA_DIR`);
  return dir;
}

async function appWithToken(service: BenchService, fleet: Fleet): Promise<QueryApp> {
  const { data } = (await service.api("POST", "/api/v1/apps", { name: fleet.app })) as { data: { id: number } };
  await service.api("PUT", `/api/v1/apps/${fleet.app}/config/raw`, { yaml: APP_CONFIG });
  // A created token is answered bare (SPEC 4.5).
  const { token } = (await service.api("POST", "/api/v1/tokens", { name: `bench ${fleet.app}`, scope: "app", appId: data.id })) as { token: string };
  return { fleet, token };
}

export interface FleetRunOptions {
  readonly backend: Backend;
  /** PostgreSQL's database for the service; with sqlite, undefined. */
  readonly databaseUrl: string | undefined;
  readonly fleet: Fleet;
  readonly baseline: Fleet;
  readonly requests: number;
  readonly statsRequests: number;
  readonly log: (line: string) => void;
}

/** A loaded 2-core machine can take longer than BenchService's 20 s to start one: a second try, then the error. */
export async function startService(env: Readonly<Record<string, string>>): Promise<BenchService> {
  try {
    return await BenchService.start(env);
  } catch (err) {
    process.stderr.write(`the service did not start (${(err as Error).message}); trying once more\n`);
    return BenchService.start(env);
  }
}

export async function runFleet(o: FleetRunOptions): Promise<BackendRun> {
  const service = await startService({
    SERVICE_RATE_LIMITS: RATE_LIMITS,
    ...UNREACHABLE_LIVEKIT,
    ...(o.databaseUrl === undefined ? {} : { SERVICE_DATABASE_URL: o.databaseUrl }),
  });
  try {
    const apps = [await appWithToken(service, o.fleet), await appWithToken(service, o.baseline)];
    let loaded: Loaded | undefined;
    for (const fleet of [o.fleet, o.baseline]) {
      o.log(`${o.backend}: writing ${fleet.cameras} cameras x ${fleet.days} days into ${fleet.app} ...`);
      const progress = (day: number) => {
        if (day % 5 === 0 || day === fleet.days) o.log(`  ${fleet.app}: day ${day} of ${fleet.days}`);
      };
      const done =
        o.databaseUrl === undefined
          ? loadSqlite(path.join(dataDirOf(service.pid), "apps", fleet.app, "app.db"), fleet, progress)
          : await loadPostgres(o.databaseUrl, fleet, progress);
      loaded ??= done;
    }
    await sleep(SETTLE_MS);
    o.log(`${o.backend}: ${o.requests} requests of each query on each app ...`);
    const queries = await timeQueries(`http://127.0.0.1:${service.port}`, service.pid, apps, o.requests);
    const statsMs: number[] = [];
    for (let i = 0; i < o.statsRequests; i++) {
      const started = performance.now();
      await service.api("GET", `/api/v1/apps/${o.fleet.app}/stats`);
      statsMs.push(performance.now() - started);
    }
    return { backend: o.backend, loaded: loaded as Loaded, queries, statsMs, complaints: service.complaints() };
  } finally {
    await service.stop();
  }
}
