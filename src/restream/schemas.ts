import { z } from "zod";
import { appParams } from "../apps/schemas.ts";

/**
 * The preset platforms (SPEC 4.14) and their documented RTMPS ingest URLs; the stream key is
 * appended as the last path segment, as each platform's "server URL + stream key" form does.
 */
export const PLATFORMS = {
  youtube: "rtmps://a.rtmps.youtube.com/live2",
  twitch: "rtmps://live.twitch.tv/app",
  facebook: "rtmps://live-api-s.facebook.com:443/rtmp",
} as const;
export type PresetPlatform = keyof typeof PLATFORMS;
export const PLATFORM_NAMES = [...(Object.keys(PLATFORMS) as PresetPlatform[]), "custom"] as const;
export type Platform = (typeof PLATFORM_NAMES)[number];

const rtmpUrl = z
  .string()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "rtmp:" || u.protocol === "rtmps:") && u.hostname !== "";
    } catch {
      return false;
    }
  }, "an rtmp:// or rtmps:// URL with a host");

/** `POST /streams/{id}/restream` (SPEC 4.14, limits from SPEC 8). */
export const startRestreamBody = z
  .strictObject({
    platform: z.enum(PLATFORM_NAMES, { message: `one of ${PLATFORM_NAMES.join(", ")}` }),
    url: rtmpUrl.optional(),
    key: z.string().min(1).max(500).regex(/^[^\s/?#]+$/, "a stream key without spaces, slashes, ? or #").optional(),
    name: z.string().max(120).optional(),
    layout: z.string().max(100).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.platform === "custom" && b.url === undefined) ctx.addIssue({ code: "custom", path: ["url"], message: "a custom destination needs its url" });
    if (b.platform !== "custom" && b.key === undefined) ctx.addIssue({ code: "custom", path: ["key"], message: `${b.platform} needs the stream key` });
    if (b.platform !== "custom" && b.url !== undefined) ctx.addIssue({ code: "custom", path: ["url"], message: `${b.platform}'s ingest URL is built in; send only the key` });
  });
export type StartRestreamBody = z.infer<typeof startRestreamBody>;

export const streamParams = appParams.extend({ id: z.string().min(1).max(300) });
export const destinationParams = streamParams.extend({ egressId: z.string().min(1).max(100) });

/** A destination as the API shows it: its URL masked, its key never. */
export const destinationResponse = z.strictObject({
  id: z.string(),
  streamId: z.string(),
  room: z.string(),
  platform: z.enum(PLATFORM_NAMES),
  name: z.string(),
  layout: z.string(),
  url: z.string(),
  state: z.enum(["starting", "active", "failed", "stopped"]),
  since: z.string(),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  /** Only while active, and once the push reported one. */
  bitrateKbps: z.number().nullable(),
  egressId: z.string(),
  createdAt: z.string(),
});

export const destinationListResponse = z.array(destinationResponse);

/** Where the push goes: the preset's URL or the custom one, with the key as the last path segment. */
export function targetUrl(b: StartRestreamBody): string {
  const base = b.platform === "custom" ? (b.url as string) : PLATFORMS[b.platform];
  return b.key === undefined ? base : `${base.replace(/\/+$/, "")}/${b.key}`;
}

/**
 * A destination URL safe to show: user info, the query and every path segment after the first
 * (the RTMP application, e.g. `live2`) replaced by `****`, since stream keys sit in any of them.
 */
export function maskUrl(url: string): string {
  const u = new URL(url);
  const [app = "", ...rest] = u.pathname.split("/").filter((s) => s !== "");
  const path = [app, ...rest.map(() => "****")].filter((s) => s !== "").join("/");
  const auth = u.username || u.password ? "****@" : "";
  return `${u.protocol}//${auth}${u.host}/${path}${u.search ? "?****" : ""}`;
}

/**
 * A message about a push (ffmpeg's stderr, the media server's error) with the destination's
 * secret parts replaced by `****`: tools print the URL they failed to reach, key and all.
 */
export function scrubSecrets(text: string, url: string): string {
  const u = new URL(url);
  const secrets = [url, u.username, u.password, u.search.slice(1), ...u.pathname.split("/").filter((p) => p !== "").slice(1)]
    .filter((p) => p.length >= 3)
    .sort((a, b) => b.length - a.length);
  let out = text.split(url).join(maskUrl(url));
  for (const secret of secrets) out = out.split(secret).join("****");
  return out;
}
