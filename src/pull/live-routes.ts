import { z } from "zod";
import type { AppService } from "../apps/service.ts";
import { appRoomParams } from "../apps/schemas.ts";
import { relayed, type Reply } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { PulledCameras } from "../ingest/pulled.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { RelayRequest } from "../peers/relay.ts";
import type { StreamsApi } from "../streams/module.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { H264_RENDITION_CODEC, type CameraHls } from "./camera-hls.ts";
import { parseLlHlsFile, type LlHlsPackager } from "./llhls.ts";
import { MEDIA_HEADERS, PLAYLIST, PLAYLIST_HEADERS, token, withToken } from "./playlist-http.ts";

/** LL-HLS delivery directives (RFC 8216bis 6.2.5): bounded decimals, as the packager's names are. */
const directive = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,8})$/, "a media sequence or part number")
  .transform(Number)
  .optional();
const mediaQuery = z.object({ token, _HLS_msn: directive, _HLS_part: directive, _HLS_skip: z.enum(["YES", "v2"]).optional() });
const fileParams = appRoomParams.extend({ file: z.string().max(40) });

/** Where each variant's media playlist and its files sit, relative to `index.m3u8`: the camera's own video, and an H.265 camera's H.264 rendition. */
const VARIANTS = { original: "hls", h264: "h264" } as const;
type Variant = keyof typeof VARIANTS;
/** How long a request to an idle H.264 rendition waits for its encode to start. */
const RENDITION_START_MS = 8000;

export interface CameraLiveDeps {
  readonly hls: CameraHls;
  readonly pulled: PulledCameras;
  readonly apps: AppService;
  readonly cameras: Pick<CameraRooms, "access">;
  /** A camera pulled on another node is served there (its answers relayed). */
  readonly streams: Pick<StreamsApi, "answeredAtCamera">;
}

/**
 * The LL-HLS playback of pulled cameras (issue 33), outside /api/v1 like the MJPEG stream and
 * under its rules (`publicPlayback`, play tokens): `index.m3u8` (the multivariant playlist, with
 * the CODECS an H.265 camera needs named), `hls/stream.m3u8` (the media playlist, with blocking
 * reload) and the files it names. A camera pulled on another node is answered from there.
 */
export function cameraLiveRoutes(d: CameraLiveDeps): Route[] {
  /** The room's packager here, or the answer instead: the node that pulls it, or why neither. */
  const find = async (ctx: RelayRequest, appName: string, room: string, playToken: string | undefined, variant: Variant = "original"): Promise<{ packager: LlHlsPackager } | { answer: Reply | Problem }> => {
    const app = d.apps.findByName(appName);
    if (!app) return { answer: problem("not_found", `no app ${appName}`) };
    if (!d.pulled.pulledHere(app.name, room)) {
      const elsewhere = await relayed(d.streams.answeredAtCamera(ctx, app, { room }));
      if (elsewhere) return { answer: elsewhere };
    }
    const grant = await d.cameras.access(app, room, playToken);
    if (isProblem(grant)) return { answer: grant };
    const packager = d.hls.of(app.name, room);
    if (!packager) return { answer: problem("not_found", `no camera is pulled in room ${room}`) };
    if (variant === "original") return { packager };
    const h264 = d.hls.h264Of(app.name, room);
    // Made only while the camera is H.265 now (camera-hls.ts).
    if (!h264) return { answer: problem("not_found", `room ${room}'s camera is not H.265 now: its own video is the one to play (${VARIANTS.original}/stream.m3u8)`) };
    h264.wanted();
    // The encode starts with this request when nobody watched: its first part comes within a second or two.
    for (const until = Date.now() + RENDITION_START_MS; !h264.packager.hasVideo && Date.now() < until; await sleep(100)) h264.wanted();
    return { packager: h264.packager };
  };
  const playlistReply = (text: string | Problem, playToken: string | undefined): Reply | Problem =>
    isProblem(text) ? text : { kind: "reply", status: 200, body: withToken(text, playToken), contentType: PLAYLIST, headers: PLAYLIST_HEADERS };
  const errors = ["not_found", "unauthorized", "bad_request", "service_unavailable"] as const;
  /** A variant's media playlist and the files it names. */
  const variantRoutes = (variant: Variant): Route[] => [
    defineRoute({
      method: "GET",
      path: `/live/{app}/{room}/${VARIANTS[variant]}/stream.m3u8`,
      auth: "public",
      params: appRoomParams,
      query: mediaQuery,
      responseType: PLAYLIST,
      errors: [...errors],
      handler: async (ctx) => {
        const found = await find(ctx, ctx.params.app, ctx.params.room, ctx.query.token, variant);
        if ("answer" in found) return found.answer;
        const q = ctx.query;
        return playlistReply(await found.packager.playlist({ msn: q._HLS_msn, part: q._HLS_part, skip: q._HLS_skip !== undefined }), q.token);
      },
    }),
    defineRoute({
      method: "GET",
      path: `/live/{app}/{room}/${VARIANTS[variant]}/{file}`,
      auth: "public",
      params: fileParams,
      query: z.object({ token }),
      responseType: "video/mp4",
      errors: [...errors],
      handler: async (ctx) => {
        const file = parseLlHlsFile(ctx.params.file);
        if (!file) return problem("not_found", `no file ${ctx.params.file}: the playlist names init<n>.mp4, seg<n>.m4s and part<n>.<i>.m4s`);
        const found = await find(ctx, ctx.params.app, ctx.params.room, ctx.query.token, variant);
        if ("answer" in found) return found.answer;
        const { packager } = found;
        const bytes = file.kind === "init" ? packager.init(file.run) : file.kind === "segment" ? packager.segment(file.msn) : await packager.part(file.msn, file.index);
        if (!bytes) return problem("not_found", `${ctx.params.file} is not in room ${ctx.params.room}'s live window (it left it, or is not written yet)`);
        return { kind: "reply", status: 200, body: bytes, contentType: "video/mp4", headers: MEDIA_HEADERS };
      },
    }),
  ];
  return [
    defineRoute({
      method: "GET",
      path: "/live/{app}/{room}/index.m3u8",
      auth: "public",
      params: appRoomParams,
      query: z.object({ token }),
      responseType: PLAYLIST,
      errors: [...errors],
      handler: async (ctx) => {
        const found = await find(ctx, ctx.params.app, ctx.params.room, ctx.query.token);
        if ("answer" in found) return found.answer;
        const text = await found.packager.multivariant(`${VARIANTS.original}/stream.m3u8`);
        return playlistReply(isProblem(text) ? text : withH264Rendition(text), ctx.query.token);
      },
    }),
    ...variantRoutes("original"),
    ...variantRoutes("h264"),
  ];
}

/**
 * An H.265 camera's multivariant playlist names its H.264 rendition too, after the original: a
 * player that can decode H.265 plays the camera's own video, one that cannot (hls.js drops the
 * variants its browser's Media Source refuses) plays the rendition, which is then encoded.
 */
function withH264Rendition(multivariant: string): string {
  const lines = multivariant.trimEnd().split("\n");
  const inf = lines.find((l) => l.startsWith("#EXT-X-STREAM-INF:"));
  if (!inf || !/CODECS="(hev1|hvc1)\./.test(inf)) return multivariant;
  const rendition = inf.replace(/CODECS="[^"]*"/, `CODECS="${H264_RENDITION_CODEC}"`);
  return `${[...lines, rendition, `${VARIANTS.h264}/stream.m3u8`].join("\n")}\n`;
}
