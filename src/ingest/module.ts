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
    if (e.event === "ingress_started") {
      // An end that arrives while this reads arms a window for a gone ingress; it expires as "gone".
      ingress.requiresPassword(e.app, id).then(
        (requires) => {
          if (requires) windows.arm(e.app, id);
        },
        (err: unknown) => logger.warn({ err, app: e.app, ingressId: id }, "could not tell whether an ingress needs its stream password; no window armed"),
      );
    }
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
