import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import { ingressRoutes } from "./routes.ts";
import { IngressService } from "./service.ts";

/** What later modules use of ingest: the ingress service (app stats count ingresses by state). */
export interface IngestApi {
  readonly ingress: IngressService;
}

/** Ingest through the media server: RTMP push, WHIP and pulled URLs (SPEC 2.5, 4.9). */
export function ingestModule(core: Core, deps: { apps: AppsApi; media: MediaApi }): Module<{ ingest: IngestApi }> {
  const { config, databases, box, ssrf } = core;
  const ingress = new IngressService({
    servers: deps.media.servers,
    apps: deps.apps.service,
    databases,
    box,
    publicUrl: config.publicUrl,
    ssrf,
  });
  return { name: "ingest", provides: { ingest: { ingress } }, routes: ingressRoutes(ingress) };
}
