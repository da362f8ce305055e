import { Gauge, Histogram, type Registry } from "prom-client";
import type { Config } from "../config.ts";
import { TaskPool, type PoolObserver, type TaskResult } from "../lib/task-pool.ts";

export type MediaTasks = typeof import("../../workers/media-files.ts");
export type UploadTasks = typeof import("../../workers/s3-upload.ts");
export type LogStoreTasks = import("../../workers/log-store.ts").LogStoreTasks;
export type DbMaintenanceTasks = typeof import("../../workers/db-maintenance.ts");
export type CameraFrameTasks = typeof import("../../workers/camera-frames.ts");

/**
 * Every worker-thread pool of the service, made here so that their bounds sit side by side, all
 * report to the one registry, and `app.ts` closes them at one documented point (after the
 * actors, before the databases). Threads start on first use, so a pool nothing uses costs nothing.
 */
export interface Pools {
  /** Probes and snapshots (short ffmpeg runs) and adaptive ladders (one transcode at a time). */
  readonly media: TaskPool<MediaTasks>;
  /** One thread per upload slot; uploads wait for a slot before they reach the pool. */
  readonly uploads: TaskPool<UploadTasks>;
  /** The log store's one thread, which owns `logs.db` and stays while the service runs. */
  readonly logStore: TaskPool<LogStoreTasks>;
  /** Database health checks and optimizations, which read or rewrite whole files. */
  readonly dbMaintenance: TaskPool<DbMaintenanceTasks>;
  /** The timeline's motion detector and event thumbnails: small decodes, many cameras. */
  readonly cameraFrames: TaskPool<CameraFrameTasks>;
  /** Where the pools report; a pool made elsewhere (a test's) reports here too. */
  readonly observer: PoolObserver;
  close(): Promise<void>;
}

const MINUTE = 60_000;

/** `service_pool_queue_depth{pool}` and `service_pool_task_seconds{pool,result}`. */
export function poolMetrics(registry: Registry): PoolObserver {
  const depth = new Gauge({
    name: "service_pool_queue_depth",
    help: "Tasks waiting for a worker thread, by pool",
    labelNames: ["pool"],
    registers: [registry],
  });
  const seconds = new Histogram({
    name: "service_pool_task_seconds",
    help: "Time from taking a task to its end (queue wait included), by pool and result (ok, error, timeout, rejected)",
    labelNames: ["pool", "result"],
    buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120, 600, 3600],
    registers: [registry],
  });
  return {
    queueDepth: (pool, n) => depth.labels(pool).set(n),
    taskDone: (pool, result: TaskResult, s) => seconds.labels(pool, result).observe(s),
  };
}

export function buildPools(config: Config, observer: PoolObserver): Pools {
  const pools = {
    // Two threads keep one slow file from queueing the rest. A ladder is a long transcode, but
    // they run one at a time (AdaptiveLadders chains them), so the queue is probes and snapshots.
    media: new TaskPool<MediaTasks>({
      name: "media",
      taskFile: new URL("../../workers/media-files.ts", import.meta.url),
      maxThreads: 2,
      maxQueue: 256,
      timeoutMs: 2 * MINUTE,
      taskTimeoutMs: { hlsLadder: 6 * 60 * MINUTE },
      retryAfterSeconds: 10,
      observer,
    }),
    // Large files on slow links take long; the worker retries failed parts itself within this.
    uploads: new TaskPool<UploadTasks>({
      name: "uploads",
      taskFile: new URL("../../workers/s3-upload.ts", import.meta.url),
      maxThreads: config.uploads.concurrency,
      maxQueue: 256,
      timeoutMs: 2 * 60 * MINUTE,
      retryAfterSeconds: 30,
      observer,
    }),
    // Batches are written one at a time by the sink; the queue is searches and pruning. A store
    // stuck for a minute is aborted: its next task opens the file again on a fresh thread.
    logStore: new TaskPool<LogStoreTasks>({
      name: "log_store",
      taskFile: new URL("../../workers/log-store.ts", import.meta.url),
      maxThreads: 1,
      maxQueue: 64,
      timeoutMs: MINUTE,
      retryAfterSeconds: 5,
      idleTimeoutMs: 24 * 60 * MINUTE,
      observer,
    }),
    // Operators' requests only; an optimize (VACUUM) of a large database is the long one.
    dbMaintenance: new TaskPool<DbMaintenanceTasks>({
      name: "db_maintenance",
      taskFile: new URL("../../workers/db-maintenance.ts", import.meta.url),
      maxThreads: 1,
      maxQueue: 8,
      timeoutMs: 5 * MINUTE,
      taskTimeoutMs: { dbOptimize: 30 * MINUTE },
      retryAfterSeconds: 30,
      observer,
    }),
    // A frame a camera at a time: a full queue drops that frame (the next comes within a second).
    cameraFrames: new TaskPool<CameraFrameTasks>({
      name: "camera_frames",
      taskFile: new URL("../../workers/camera-frames.ts", import.meta.url),
      maxThreads: 1,
      maxQueue: 64,
      timeoutMs: 10_000,
      retryAfterSeconds: 1,
      observer,
    }),
  };
  return {
    ...pools,
    observer,
    close: async () => {
      await Promise.all(Object.values(pools).map((pool) => pool.close()));
    },
  };
}
