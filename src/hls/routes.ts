import { z } from "zod";
import { appParams } from "../apps/schemas.ts";
import { appOf } from "../auth/caller.ts";
import type { Reply } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { problem } from "../lib/problem.ts";
import { HLS_FILE, RUN_NAME, type LiveHls } from "./service.ts";

const hlsParams = appParams.extend({
  run: z.string().regex(RUN_NAME, "a live HLS run name (<room>-<start>), as in the playlist URL"),
  file: z.string().regex(HLS_FILE, "live.m3u8 or a segment seg_NNNNN.ts"),
});

/** A playlist or segment as sent: the window playlist changes every segment; a segment never changes. */
function fileReply(file: string, body: Buffer): Reply {
  const playlist = file.endsWith(".m3u8");
  const headers = { "cache-control": playlist ? "no-cache" : "max-age=3600" };
  return { kind: "reply", status: 200, body, contentType: playlist ? "application/vnd.apple.mpegurl" : "video/mp2t", headers };
}

/**
 * The live HLS window of a room served by the API, for apps without an S3 public URL (a player
 * sends the bearer token; with S3 public URLs players go to the bucket instead). Not in the SPEC.
 */
export function hlsRoutes(hls: LiveHls): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/hls/{run}/{file}",
      auth: "any",
      app: true,
      permission: "stream:read",
      params: hlsParams,
      responseType: "application/vnd.apple.mpegurl, video/mp2t",
      errors: ["not_found"],
      handler: async (ctx) => {
        const { run, file } = ctx.params;
        const body = await hls.file(appOf(ctx).name, run, file);
        return body ? fileReply(file, body) : problem("not_found", `live HLS ${run} has no ${file} (it ended, or the segment left the live window)`);
      },
    }),
  ];
}
