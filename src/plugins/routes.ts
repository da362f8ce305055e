import { z } from "zod";
import { appParams, appRoomParams } from "../apps/schemas.ts";
import type { AppService } from "../apps/service.ts";
import { appOf } from "../auth/caller.ts";
import { ok, okOr, relayed } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import { CLUSTER_MISSING, missingHeader } from "../peers/ask.ts";
import type { ClusterPluginReads, ClusterRead } from "./cluster.ts";
import {
  clusterWorkerStatusResponse,
  patchPluginBody,
  pluginDetailResponse,
  pluginDetectionsResponse,
  pluginListResponse,
  pluginLogsQuery,
  pluginLogsResponse,
  pluginParams,
  pluginRemovedResponse,
  pluginScopeQuery,
  pluginView,
  publicPluginsResponse,
  roomDetectionsResponse,
  workerStatusResponse,
} from "./schemas.ts";
import type { PluginService } from "./service.ts";

const playQuery = z.object({ token: z.string().max(8192).optional() });

/** A cluster-wide read's answer, naming the peers it lacks. */
const gathered = <T>(read: ClusterRead<T> | Problem) => (isProblem(read) ? read : ok(read.data, 200, missingHeader(read.missing)));

/**
 * SPEC 4.16, plus the newest detections: per plugin for the app's operators, and per room for
 * players (`/live/{app}/{room}/detections.json`, under the room's playback rules), which is how a
 * camera room's player gets them (camera rooms have no data channel). A worker's status, logs and
 * detections answer for every node (`reads`).
 */
export function pluginRoutes(plugins: PluginService, reads: ClusterPluginReads, apps: AppService, access: CameraRooms["access"]): Route[] {
  const base = "/api/v1/apps/{app}/plugins";
  const read = { auth: "any", app: true, permission: "config:read" } as const;
  const write = { auth: "any", app: true, permission: "config:write" } as const;
  return [
    defineRoute({ method: "GET", path: base, ...read, params: appParams, response: pluginListResponse, handler: async (ctx) => ok(plugins.list(appOf(ctx).name)) }),
    defineRoute({
      method: "GET",
      path: `${base}/public`,
      auth: "public",
      params: appParams,
      response: publicPluginsResponse,
      errors: ["not_found"],
      handler: async (ctx) => {
        const app = apps.findByName(ctx.params.app);
        return app ? ok(plugins.publicList(app.name)) : problem("not_found", `no app ${ctx.params.app}`);
      },
    }),
    defineRoute({ method: "GET", path: `${base}/{id}`, ...read, params: pluginParams, response: pluginDetailResponse, errors: ["not_found"], handler: async (ctx) => okOr(plugins.get(appOf(ctx).name, ctx.params.id)) }),
    defineRoute({
      method: "POST",
      path: `${base}/{id}/install`,
      ...write,
      params: pluginParams,
      response: pluginView,
      errors: ["not_found"],
      handler: async (ctx) => okOr(await plugins.install(appOf(ctx).name, ctx.params.id)),
    }),
    defineRoute({
      method: "PATCH",
      path: `${base}/{id}`,
      ...write,
      params: pluginParams,
      body: patchPluginBody,
      response: pluginView,
      errors: ["not_found", "conflict"],
      handler: async (ctx) => okOr(await plugins.patch(appOf(ctx).name, ctx.params.id, ctx.body)),
    }),
    defineRoute({
      method: "DELETE",
      path: `${base}/{id}`,
      ...write,
      params: pluginParams,
      response: pluginRemovedResponse,
      errors: ["not_found"],
      handler: async (ctx) => okOr(await plugins.remove(appOf(ctx).name, ctx.params.id)),
    }),
    defineRoute({
      method: "POST",
      path: `${base}/{id}/worker/start`,
      ...write,
      params: pluginParams,
      response: workerStatusResponse,
      errors: ["not_found", "conflict"],
      handler: async (ctx) => okOr(plugins.startWorker(appOf(ctx).name, ctx.params.id)),
    }),
    defineRoute({
      method: "POST",
      path: `${base}/{id}/worker/stop`,
      ...write,
      params: pluginParams,
      response: workerStatusResponse,
      errors: ["not_found", "conflict"],
      handler: async (ctx) => okOr(plugins.stopWorker(appOf(ctx).name, ctx.params.id)),
    }),
    defineRoute({
      method: "GET",
      path: `${base}/{id}/worker/status`,
      ...read,
      params: pluginParams,
      query: pluginScopeQuery,
      response: clusterWorkerStatusResponse,
      responseHeaders: CLUSTER_MISSING,
      errors: ["not_found", "conflict"],
      handler: async (ctx) => gathered(await reads.workerStatus(appOf(ctx).name, ctx.params.id, ctx.query.scope, ctx.headers["authorization"])),
    }),
    defineRoute({
      method: "GET",
      path: `${base}/{id}/logs`,
      ...read,
      params: pluginParams,
      query: pluginLogsQuery,
      response: pluginLogsResponse,
      responseHeaders: CLUSTER_MISSING,
      errors: ["not_found"],
      handler: async (ctx) => gathered(await reads.logs(appOf(ctx).name, ctx.params.id, ctx.query.limit, ctx.query.scope, ctx.headers["authorization"])),
    }),
    defineRoute({
      method: "GET",
      path: "/live/{app}/{room}/detections.json",
      auth: "public",
      params: appRoomParams,
      query: playQuery,
      response: roomDetectionsResponse,
      errors: ["not_found", "service_unavailable"],
      handler: async (ctx) => {
        const app = apps.findByName(ctx.params.app);
        if (!app) return problem("not_found", `no app ${ctx.params.app}`);
        // A camera connected to another node is analysed there: that node answers, under the same rules.
        const there = await relayed(reads.roomDetectionsElsewhere(ctx, app, ctx.params.room));
        if (there) return there;
        const grant = await access(app, ctx.params.room, ctx.query.token);
        return isProblem(grant) ? grant : ok(plugins.roomDetections(app.name, ctx.params.room));
      },
    }),
    defineRoute({
      method: "GET",
      path: `${base}/{id}/detections`,
      ...read,
      params: pluginParams,
      query: pluginScopeQuery,
      response: pluginDetectionsResponse,
      responseHeaders: CLUSTER_MISSING,
      errors: ["not_found"],
      handler: async (ctx) => gathered(await reads.detections(appOf(ctx).name, ctx.params.id, ctx.query.scope, ctx.headers["authorization"])),
    }),
  ];
}
