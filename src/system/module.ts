import { Gauge } from "prom-client";
import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import { appFileHealth } from "./app-files.ts";
import type { Module } from "../core/modules.ts";
import { GPU_TYPES, type GpuStatus } from "./gpu.ts";
import { systemRoutes } from "./routes.ts";
import { SystemService } from "./service.ts";

/** The machine and the service's own files, for operators (SPEC 4.7). */
/** What later modules use of the machine: the GPU probe's answer. */
export interface SystemApi {
  gpu(): Promise<GpuStatus>;
}

export function systemModule(core: Core, deps: { apps: AppsApi }): Module<{ system: SystemApi }> {
  const gpu = new Gauge({
    name: "service_gpu_available",
    help: "Whether a kind of hardware acceleration is usable (1) or not (0), from the last probe",
    labelNames: ["type"],
    registers: [core.metrics.registry],
  });
  for (const type of GPU_TYPES) gpu.labels(type).set(0);
  const system = new SystemService({
    config: core.config,
    databases: core.databases,
    checks: core.pools.dbMaintenance,
    appFiles: (app) => appFileHealth(deps.apps, app),
    prefixOverlaps: () => deps.apps.service.prefixOverlaps(),
    onGpuProbed: (status) => {
      for (const type of GPU_TYPES) gpu.labels(type).set(status.types[type] ? 1 : 0);
    },
  });
  return {
    name: "system",
    provides: { system: { gpu: () => system.gpu(false) } },
    routes: systemRoutes(system),
    // The first probe runs in the background, so the gauge is right before anyone asks.
    start: () => void system.gpu(false),
  };
}
