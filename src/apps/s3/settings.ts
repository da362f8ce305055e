import { z } from "zod";
import { problem } from "../../lib/problem.ts";
import type { SsrfAllowlist } from "../../lib/ssrf.ts";
import type { AppConfigService } from "../config/service.ts";
import type { AppSecrets } from "../secrets.ts";
import { SettingsBlock } from "../settings-block.ts";
import type { S3Clients } from "./clients.ts";

/** PUT /apps/{app}/s3 (SPEC 4.4): every field optional. */
export const s3Body = z.strictObject({
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

export interface S3SettingsDeps {
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  readonly clients: S3Clients;
  readonly ssrf: SsrfAllowlist;
}

/** SPEC 4.4: the S3 block, credentials kept in the secrets store and never echoed; a write rebuilds the app's client. */
export function s3Settings(d: S3SettingsDeps) {
  return new SettingsBlock({
    configs: d.configs,
    secrets: d.secrets,
    ssrf: d.ssrf,
    spec: {
      view: (app: string) => {
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
      },
      check: (_app: string, b: z.infer<typeof s3Body>) => {
        // Making recordings world-readable is a decision, so it must be said out loud.
        if (b.public_url === undefined || b.public_url === "" || b.confirmPublic === true) return undefined;
        return problem("validation_failed", "body.confirmPublic: set confirmPublic: true to serve VODs from a public URL", {
          details: [{ path: "body.confirmPublic", message: "must be true to set a non-empty public_url", code: "custom" }],
        });
      },
      endpoints: (b) => [["body.endpoint", b.endpoint]],
      edits: (b) => [
        [["s3", "provider"], b.provider],
        [["s3", "bucket"], b.bucket],
        [["s3", "region"], b.region],
        [["s3", "endpoint"], b.endpoint],
        [["s3", "force_path_style"], b.forcePathStyle],
        [["s3", "prefix"], b.prefix],
        [["s3", "public_url"], b.public_url],
      ],
      // Both are at least one character (s3Body): neither is removed here.
      secrets: (b) => [
        ["s3.key", b.key],
        ["s3.secret", b.secret],
      ],
      reset: (app) => d.clients.reset(app),
    },
  });
}
