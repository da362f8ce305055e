import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { vodRoutes } from "./routes.ts";
import { VodService } from "./service.ts";

/** VOD records (SPEC 2.7, 4.12): what recordings became, with their S3 URLs. */
export function vodsModule(core: Core, deps: { apps: AppsApi }): Module<{ vods: VodService }> {
  const vods = new VodService({ databases: core.databases, configs: deps.apps.configs, s3: deps.apps.s3 });
  return { name: "vods", provides: { vods }, routes: vodRoutes(vods) };
}
