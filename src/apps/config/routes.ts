import { z } from "zod";
import { appOf } from "../../auth/caller.ts";
import { problem } from "../../lib/problem.ts";
import { ok, okOr, text } from "../../http/reply.ts";
import { defineRoute, type Route } from "../../http/route.ts";
import { appParams } from "../schemas.ts";
import type { AppConfigService } from "./service.ts";
import { YAML_LIMITS } from "./yaml.ts";
import { backupResponse, backupsResponse, reloadedResponse, validatedResponse } from "./schemas.ts";

const yamlBody = z.object({ yaml: z.string().max(YAML_LIMITS.maxBytes, `at most ${YAML_LIMITS.maxBytes} bytes`) });
const backupParams = appParams.extend({ ts: z.string().max(40) });
/** The JSON envelope around a 64 KiB document, escapes included. */
const BODY_LIMIT = YAML_LIMITS.maxBytes * 2 + 1024;

/** SPEC 4.2: the raw YAML, its backups, and reloads. */
export function configRoutes(configs: AppConfigService): Route[] {
  const app = { auth: "any", app: true, params: appParams } as const;
  return [
    defineRoute({
      ...app,
      method: "GET",
      path: "/api/v1/apps/{app}/config/raw",
      permission: "config:read",
      responseType: "application/yaml",
      handler: async (ctx) => text(await configs.raw(appOf(ctx).name), "application/yaml; charset=utf-8"),
    }),
    defineRoute({
      ...app,
      method: "PUT",
      path: "/api/v1/apps/{app}/config/raw",
      permission: "config:write",
      body: yamlBody,
      response: reloadedResponse,
      errors: ["bad_request"],
      bodyLimit: BODY_LIMIT,
      handler: async (ctx) => {
        const done = await configs.put(appOf(ctx).name, ctx.body.yaml);
        return okOr(done);
      },
    }),
    defineRoute({
      ...app,
      method: "POST",
      path: "/api/v1/apps/{app}/config/raw/validate",
      permission: "config:read",
      body: yamlBody,
      response: validatedResponse,
      bodyLimit: BODY_LIMIT,
      handler: async (ctx) => {
        const checked = await configs.validate(appOf(ctx).name, ctx.body.yaml);
        return okOr(checked);
      },
    }),
    defineRoute({
      ...app,
      method: "GET",
      path: "/api/v1/apps/{app}/config/backups",
      permission: "config:read",
      response: backupsResponse,
      handler: async (ctx) => ok(await configs.listBackups(appOf(ctx).name)),
    }),
    defineRoute({
      ...app,
      method: "GET",
      path: "/api/v1/apps/{app}/config/backups/{ts}",
      permission: "config:read",
      params: backupParams,
      response: backupResponse,
      errors: ["not_found"],
      handler: async (ctx) => {
        const yaml = await configs.readBackup(appOf(ctx).name, ctx.params.ts);
        return yaml === undefined ? problem("not_found", `no backup ${ctx.params.ts}`) : ok({ ts: ctx.params.ts, yaml });
      },
    }),
    defineRoute({
      ...app,
      method: "POST",
      path: "/api/v1/apps/{app}/config/backups/{ts}/revert",
      permission: "config:write",
      params: backupParams,
      response: reloadedResponse,
      errors: ["not_found", "bad_request"],
      handler: async (ctx) => {
        const done = await configs.revert(appOf(ctx).name, ctx.params.ts);
        return okOr(done);
      },
    }),
    defineRoute({
      ...app,
      method: "POST",
      path: "/api/v1/apps/{app}/reload",
      permission: "config:write",
      response: reloadedResponse,
      errors: ["bad_request"],
      handler: async (ctx) => {
        const done = await configs.reload(appOf(ctx).name);
        return okOr(done);
      },
    }),
  ];
}
