import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import { PasswordWindows } from "./password-window.ts";
import { ingressRoutes } from "./routes.ts";
import { IngressService } from "./service.ts";

/** What later modules use of ingest: the ingress service (app stats count ingresses by state). */
export interface IngestApi {
  readonly ingress: IngressService;
}

/** Ingest through the media server: RTMP push, WHIP and pulled URLs (SPEC 2.5, 4.9). */
export function ingestModule(core: Core, deps: { apps: AppsApi; media: MediaApi }): Module<{ ingest: IngestApi }> {
  const { config, databases, box, ssrf, events } = core;
  const logger = core.logger.child({ component: "ingest" });
  const ingress = new IngressService({
    servers: deps.media.servers,
    apps: deps.apps.service,
    databases,
    box,
    publicUrl: config.publicUrl,
    ssrf,
    events,
    logger,
    passwordWindowMs: config.rtmpValidateWindowMs,
  });
  const windows = new PasswordWindows({
    windowMs: config.rtmpValidateWindowMs,
    logger,
    expire: (app, id, startedAt) => ingress.expirePasswordWindow(app, id, startedAt),
  });
  // Our own ingress events, whichever media server and webhook path they came from.
  events.onEvent((e) => {
    const id = e.data["ingressId"];
    if (typeof id !== "string") return;
    if (e.event === "ingress_started" && ingress.requiresPassword(e.app, id)) windows.arm(e.app, id);
    if (e.event === "ingress_ended") windows.cancel(e.app, id);
  });
  return {
    name: "ingest",
    provides: { ingest: { ingress } },
    routes: ingressRoutes(ingress),
    stop: () => windows.stop(),
    forgetApp: (app) => windows.forgetApp(app),
  };
}
