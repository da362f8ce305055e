import { z } from "zod";
import { appOf } from "../../auth/caller.ts";
import { internalTarget } from "../../lib/outbound.ts";
import { isProblem, problem } from "../../lib/problem.ts";
import type { SsrfAllowlist } from "../../lib/ssrf.ts";
import { ok } from "../../http/reply.ts";
import { defineRoute, type Route } from "../../http/route.ts";
import { editsFrom, type AppConfigService } from "../config/service.ts";
import { appParams } from "../schemas.ts";
import type { AppSecrets } from "../secrets.ts";
import type { S3Clients } from "./clients.ts";

/** PUT /apps/{app}/s3 (SPEC 4.4): every field optional. */
const s3Body = z.strictObject({
  provider: z.enum(["aws", "s3-compatible"]).optional(),
  bucket: z.string().max(255).optional(),
  region: z.string().max(64).optional(),
  endpoint: z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "an http(s) URL, or empty" }).max(255)]).optional(),
  forcePathStyle: z.boolean().optional(),
  prefix: z.string().max(255).optional(),
  public_url: z.union([z.literal(""), z.url({ protocol: /^https?$/, message: "an http(s) URL, or empty" }).max(255)]).optional(),
  key: z.string().min(1).max(256).optional(),
  secret: z.string().min(1).max(256).optional(),
  confirmPublic: z.boolean().optional(),
});

export interface S3RouteDeps {
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  readonly clients: S3Clients;
  readonly ssrf: SsrfAllowlist;
}

/** SPEC 4.4: the S3 block, credentials kept in the secrets store and never echoed. */
export function s3Routes(d: S3RouteDeps): Route[] {
  const view = (app: string) => {
    const s3 = d.configs.get(app).s3;
    return {
      provider: s3.provider,
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.force_path_style,
      prefix: s3.prefix,
      public_url: s3.public_url,
      keySet: d.secrets.has(app, "s3.key"),
      secretSet: d.secrets.has(app, "s3.secret"),
      configured: s3.bucket !== "",
    };
  };
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/s3",
      auth: "any",
      app: true,
      permission: "s3:read",
      params: appParams,
      handler: async (ctx) => ok(view(appOf(ctx).name)),
    }),
    defineRoute({
      method: "PUT",
      path: "/api/v1/apps/{app}/s3",
      auth: "any",
      app: true,
      permission: "s3:write",
      params: appParams,
      body: s3Body,
      handler: async (ctx) => {
        const app = appOf(ctx).name;
        const b = ctx.body;
        // Making recordings world-readable is a decision, so it must be said out loud.
        if (b.public_url !== undefined && b.public_url !== "" && b.confirmPublic !== true) {
          return problem("validation_failed", "body.confirmPublic: set confirmPublic: true to serve VODs from a public URL", {
            details: [{ path: "body.confirmPublic", message: "must be true to set a non-empty public_url", code: "custom" }],
          });
        }
        const internal = b.endpoint ? await internalTarget("body.endpoint", b.endpoint, d.ssrf) : undefined;
        if (internal) return internal;
        const edits = editsFrom([
          [["s3", "provider"], b.provider],
          [["s3", "bucket"], b.bucket],
          [["s3", "region"], b.region],
          [["s3", "endpoint"], b.endpoint],
          [["s3", "force_path_style"], b.forcePathStyle],
          [["s3", "prefix"], b.prefix],
          [["s3", "public_url"], b.public_url],
        ]);
        if (edits.length > 0) {
          const updated = await d.configs.update(app, edits);
          if (isProblem(updated)) return updated;
        }
        if (b.key !== undefined) d.secrets.set(app, "s3.key", b.key);
        if (b.secret !== undefined) d.secrets.set(app, "s3.secret", b.secret);
        d.clients.reset(app);
        return ok(view(app));
      },
    }),
  ];
}
