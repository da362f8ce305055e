import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import type { Ownership } from "../peers/ownership.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { StreamQuota } from "../tenants/quota.ts";
import { PasswordWindows } from "./password-window.ts";
import { SourceProxy } from "../pull/source-proxy.ts";
import { PulledCameras } from "./pulled.ts";
import { ingressRoutes } from "./routes.ts";
import { IngressService } from "./service.ts";

/** What later modules use of ingest: the ingress service (app stats count ingresses by state), and the pulled cameras' video. */
export interface IngestApi {
  readonly ingress: IngressService;
  readonly pulled: PulledCameras;
}

/**
 * Ingest (SPEC 2.5, 4.9): through the media server (RTMP push, WHIP, pulled URLs it takes), and
 * the cameras the service pulls itself (issue 33).
 */
export function ingestModule(
  core: Core,
  deps: { apps: AppsApi; media: MediaApi; streams: StreamsApi; quota: StreamQuota; ownership: Ownership },
): Module<{ ingest: IngestApi }> {
  const { config, databases, box, ssrf, events } = core;
  const logger = core.logger.child({ component: "ingest" });
  const proxy = new SourceProxy(ssrf, logger);
  const pulled = new PulledCameras({
    databases,
    box,
    apps: deps.apps.service,
    registry: deps.apps.store,
    supervisor: core.supervisor,
    ownership: deps.ownership,
    tracker: deps.streams.tracker,
    events,
    quota: deps.quota,
    ssrf,
    rtspDirect: config.rtspDirect,
    proxy,
    node: config.node.id,
    logger,
  });
  deps.streams.local.add(pulled);
  const ingress = new IngressService({
    pulled,
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
    provides: { ingest: { ingress, pulled } },
    routes: ingressRoutes(ingress),
    start: () => pulled.resume(),
    // A pulled camera never ends by itself: it stops first, and its stream row is written before the databases close.
    drain: () => void pulled.drain(),
    stop: async () => {
      windows.stop();
      await pulled.drain();
      await proxy.close();
    },
    forgetApp: async (app) => {
      windows.forgetApp(app);
      await pulled.forgetApp(app);
    },
  };
}
