import type { z } from "zod";
import { appOf } from "../auth/caller.ts";
import type { Permission } from "../auth/permissions.ts";
import { ok, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appParams } from "./schemas.ts";
import type { SettingsBlock } from "./settings-block.ts";

/** The GET and PUT of one settings block (`/api/v1/apps/{app}/<block>`): show it, or update it in part. */
export function settingsBlockRoutes<B, V>(o: {
  readonly path: string;
  readonly read: Permission;
  readonly write: Permission;
  readonly body: z.ZodType<B>;
  readonly block: SettingsBlock<B, V>;
}): Route[] {
  const common = { path: o.path, auth: "any", app: true, params: appParams } as const;
  return [
    defineRoute({ ...common, method: "GET", permission: o.read, handler: async (ctx) => ok(o.block.view(appOf(ctx).name)) }),
    defineRoute({ ...common, method: "PUT", permission: o.write, body: o.body, handler: async (ctx) => okOr(await o.block.update(appOf(ctx).name, ctx.body)) }),
  ];
}
