import { appParams } from "../apps/schemas.ts";
import type { AppService } from "../apps/service.ts";
import { appOf, callerOf } from "../auth/caller.ts";
import { canSeeApp, isPlatform } from "../auth/principal.ts";
import { paged, type Reply } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { CLUSTER_MISSING, missingHeader } from "../peers/ask.ts";
import type { ClusterLogs, LogPage } from "./cluster.ts";
import { logLinesResponse, logsQuery, type LogsQuery } from "./schemas.ts";

/** A page of the merged lines, naming the peers whose lines it lacks. */
function pageOf(page: LogPage | Problem, q: LogsQuery): Reply | Problem {
  if (isProblem(page)) return page;
  return paged(page.data, { total: page.total, limit: q.limit, offset: q.offset }, missingHeader(page.missing));
}

/**
 * SPEC 4.7: `GET /logs` and `GET /apps/{app}/logs`, `{ data, total, limit, offset }`, newest first,
 * for the whole cluster unless `scope=node` (src/logs/cluster.ts). A platform caller reads every
 * line (also those of no app); anyone else only the lines of the apps they can see, and `app=`
 * naming another app is a 404 as everywhere.
 */
export function logRoutes(logs: ClusterLogs | undefined, apps: AppService): Route[] {
  const off: Problem = problem("service_unavailable", "the log store is off (SERVICE_LOG_STORE=off); the log file in the data dir has every line");
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/logs",
      auth: "any",
      query: logsQuery,
      response: logLinesResponse,
      responseHeaders: CLUSTER_MISSING,
      errors: ["not_found", "service_unavailable"],
      handler: async (ctx) => {
        if (!logs) return off;
        const caller = callerOf(ctx);
        const named = ctx.query.app === undefined ? undefined : apps.findByName(ctx.query.app);
        if (ctx.query.app !== undefined && (!named || !canSeeApp(caller, named))) return problem("not_found", `no app named "${ctx.query.app}"`);
        const visible = isPlatform(caller) ? undefined : apps.visible(caller).filter((a) => canSeeApp(caller, a)).map((a) => a.name);
        return pageOf(await logs.page({ ...ctx.query, apps: visible }, "/api/v1/logs", ctx.headers["authorization"]), ctx.query);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/logs",
      auth: "any",
      app: true,
      permission: "usage:read",
      params: appParams,
      query: logsQuery,
      response: logLinesResponse,
      responseHeaders: CLUSTER_MISSING,
      errors: ["not_found", "service_unavailable"],
      handler: async (ctx) => {
        if (!logs) return off;
        const app = appOf(ctx).name;
        return pageOf(await logs.page({ ...ctx.query, app }, `/api/v1/apps/${encodeURIComponent(app)}/logs`, ctx.headers["authorization"]), ctx.query);
      },
    }),
  ];
}
