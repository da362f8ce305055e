import path from "node:path";
import type { PrefixOverlap } from "../apps/service.ts";
import type { Config } from "../config.ts";
import type { Databases } from "../db/databases.ts";
import { problem, type Problem } from "../lib/problem.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import type { DbMaintenanceTasks } from "../core/pools.ts";
import type { DbHealth, DbSizes } from "../../workers/db-maintenance.ts";
import { GpuProbe, type GpuStatus } from "./gpu.ts";
import { effectiveSettings } from "./settings.ts";

/** One per-app file besides the database, as `GET /apps/{app}/db/health` reports it. */
export interface AppFileHealth {
  /** `config.yaml`, or `secret <name>` for a sealed secret in the app's database. */
  readonly file: string;
  readonly status: "ok" | "damaged";
  readonly problem?: string;
  /** What the operator should do about it. */
  readonly action?: string;
}

export interface SystemServiceOptions {
  readonly config: Config;
  readonly databases: Databases;
  /** The pool the database checks and optimizations run on (they read or rewrite whole files). */
  readonly checks: TaskPool<DbMaintenanceTasks>;
  /** The app's config.yaml and sealed secrets, checked. */
  readonly appFiles: (app: string) => AppFileHealth[];
  /** Apps whose room prefixes overlap (made before that was refused), for the global health. */
  readonly prefixOverlaps: () => PrefixOverlap[];
  /** Told each fresh GPU probe, for `service_gpu_available`. */
  readonly onGpuProbed: (status: GpuStatus) => void;
}

/** What operators ask of the machine and the service's own files. */
export class SystemService {
  private readonly probe: GpuProbe;

  constructor(private readonly o: SystemServiceOptions) {
    this.probe = new GpuProbe(o.onGpuProbed);
  }

  settings(): Record<string, unknown> {
    return effectiveSettings(this.o.config);
  }

  gpu(refresh: boolean): Promise<GpuStatus> {
    return this.probe.status(refresh);
  }

  /** The global database's health, and whether any apps' room prefixes overlap (the registry lives there). */
  async globalDbHealth(): Promise<DbHealth & { roomPrefixes: { status: "ok" | "overlapping"; overlaps: PrefixOverlap[] } }> {
    const d = this.o.databases;
    const db = d.dialect === "sqlite" ? await this.o.checks.run("dbHealth", path.join(this.o.config.dataDir, "service.db")) : await d.health();
    const overlaps = this.o.prefixOverlaps();
    return { ...db, roomPrefixes: { status: overlaps.length > 0 ? "overlapping" : "ok", overlaps } };
  }

  /**
   * The app database's health and that of the app's other files read at start (issue 19):
   * `status` is `damaged` when any of them is, and each damaged file says what to do.
   */
  async appDbHealth(app: string): Promise<DbHealth & { status: "ok" | "damaged"; files: AppFileHealth[] }> {
    const d = this.o.databases;
    const db = d.dialect === "sqlite" ? await this.o.checks.run("dbHealth", d.appDbPath(app)) : await d.health(app);
    const files = this.o.appFiles(app);
    const damaged = db.integrity !== "ok" || files.some((f) => f.status === "damaged");
    return { ...db, status: damaged ? "damaged" : "ok", files };
  }

  /**
   * Optimizes the app's database in the worker while the app is offline for it (its requests
   * answer 503 with Retry-After); other apps never wait. A second call while one runs is 409.
   */
  async optimizeAppDb(app: string): Promise<{ before: DbSizes; after: DbSizes; durationMs: number } | Problem> {
    const started = performance.now();
    const d = this.o.databases;
    const done = d.dialect === "sqlite" ? await d.maintain(app, (file) => this.o.checks.run("dbOptimize", file)) : await d.optimize(app);
    if (!done) return problem("conflict", `app ${app}'s database is being optimized already`);
    return { ...done, durationMs: Math.round(performance.now() - started) };
  }
}
