import { appOf } from "../../auth/caller.ts";
import { ok, okOr } from "../../http/reply.ts";
import { defineRoute, type Route } from "../../http/route.ts";
import { appParams } from "../schemas.ts";
import { s3Body, s3Settings, type S3SettingsDeps } from "./settings.ts";
import { s3Response } from "./schemas.ts";

/** SPEC 4.4: the S3 block (`SettingsBlock`), credentials kept in the secrets store and never echoed. */
export function s3Routes(d: S3SettingsDeps): Route[] {
  const block = s3Settings(d);
  const common = { path: "/api/v1/apps/{app}/s3", auth: "any", app: true, params: appParams } as const;
  return [
    defineRoute({ ...common, method: "GET", permission: "s3:read", response: s3Response, handler: async (ctx) => ok(block.view(appOf(ctx).name)) }),
    defineRoute({ ...common, method: "PUT", permission: "s3:write", body: s3Body, response: s3Response, errors: ["bad_request"], handler: async (ctx) => okOr(await block.update(appOf(ctx).name, ctx.body)) }),
  ];
}
