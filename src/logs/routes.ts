import { appParams } from "../apps/schemas.ts";
import type { AppService } from "../apps/service.ts";
import { appOf, callerOf } from "../auth/caller.ts";
import { canSeeApp, isPlatform } from "../auth/principal.ts";
import { paged } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { logLinesResponse, logsQuery } from "./schemas.ts";
import type { LogSink } from "./service.ts";

/**
 * SPEC 4.7: `GET /logs` and `GET /apps/{app}/logs`, `{ data, total, limit, offset }`, newest first.
 * A platform caller reads every line (also those of no app); anyone else only the lines of the
 * apps they can see, and `app=` naming another app is a 404 as everywhere.
 */
export function logRoutes(sink: LogSink | undefined, apps: AppService): Route[] {
  const off: Problem = problem("service_unavailable", "the log store is off (SERVICE_LOG_STORE=off); the log file in the data dir has every line");
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/logs",
      auth: "any",
      query: logsQuery,
      response: logLinesResponse,
      errors: ["not_found", "service_unavailable"],
      handler: async (ctx) => {
        if (!sink) return off;
        const caller = callerOf(ctx);
        const named = ctx.query.app === undefined ? undefined : apps.findByName(ctx.query.app);
        if (ctx.query.app !== undefined && (!named || !canSeeApp(caller, named))) return problem("not_found", `no app named "${ctx.query.app}"`);
        const visible = isPlatform(caller) ? undefined : apps.visible(caller).filter((a) => canSeeApp(caller, a)).map((a) => a.name);
        const { data, total } = await sink.query({ ...ctx.query, apps: visible });
        return paged(data, { total, limit: ctx.query.limit, offset: ctx.query.offset });
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
      errors: ["not_found", "service_unavailable"],
      handler: async (ctx) => {
        if (!sink) return off;
        const { data, total } = await sink.query({ ...ctx.query, app: appOf(ctx).name });
        return paged(data, { total, limit: ctx.query.limit, offset: ctx.query.offset });
      },
    }),
  ];
}
