import type { Readable } from "node:stream";
import { z } from "zod";
import { appRoomParams } from "../apps/schemas.ts";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { fileReply, parseRange, relayedFileReply } from "../http/file-reply.ts";
import { relayed, type Reply, type StreamReply } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { PulledCameras } from "../ingest/pulled.ts";
import { isoInstant } from "../lib/iso-instant.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { RelayRequest, Relays } from "../peers/relay.ts";
import { MEDIA_HEADERS, PLAYLIST, PLAYLIST_HEADERS, token, withToken } from "../pull/playlist-http.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { DvrService } from "./dvr.ts";
import type { DvrTails } from "./dvr-tail.ts";

/** How far back a rewind reaches: the timeline's longest range. */
const MAX_REWIND_DAYS = 31;
const DAY_MS = 86_400_000;

/** `since`: an ISO instant, or seconds before now as a negative number (`-120`); within MAX_REWIND_DAYS and not in the future. */
const since = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const relative = /^-[0-9]{1,8}(\.[0-9]{1,3})?$/.test(value);
    const at = relative ? Date.now() + Number(value) * 1000 : isoInstant.safeParse(value).success ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(at)) ctx.addIssue({ code: "custom", message: "an ISO-8601 instant such as 2026-01-31T12:00:00Z, or seconds before now such as -120" });
    else if (at > Date.now()) ctx.addIssue({ code: "custom", message: "since is in the future: a rewind starts at or before now" });
    else if (Date.now() - at > MAX_REWIND_DAYS * DAY_MS) ctx.addIssue({ code: "custom", message: `a rewind reaches at most ${MAX_REWIND_DAYS} days back` });
    return new Date(Number.isNaN(at) ? 0 : at).toISOString();
  });
const segmentParams = appRoomParams.extend({ segment: z.string().regex(/^[1-9][0-9]{0,14}\.mp4$/, "a stored segment's id and .mp4, as the rewind playlist names it") });
const tailParams = appRoomParams.extend({ file: z.string().regex(/^(init[0-9]{1,9}\.mp4|[0-9]{1,9}\.m4s)$/, "init<run>.mp4 or <n>.m4s, as the rewind playlist names them") });
const errors = ["not_found", "unauthorized", "validation_failed", "service_unavailable"] as const;

export interface DvrRoutesDeps {
  readonly dvr: DvrService;
  readonly tails: DvrTails;
  readonly apps: Pick<AppService, "findByName">;
  readonly pulled: Pick<PulledCameras, "pulledHere">;
  readonly cameras: Pick<CameraRooms, "access" | "live">;
  readonly streams: Pick<StreamsApi, "answeredAtCamera">;
  readonly relays: Relays;
}

/**
 * A stored segment's bytes where they are: this node's disk, the app's bucket (proxied, with
 * ranges), or the node that wrote the file.
 */
async function segmentReply(d: DvrRoutesDeps, ctx: RelayRequest, app: string, room: string, id: number, rangeHeader: string | undefined): Promise<Reply | StreamReply | Problem> {
    const segment = await d.dvr.segment(app, room, id);
    if (!segment) return problem("not_found", `room ${room} has no stored segment ${id} (it was never recorded, or retention pruned it)`);
    const { row, source } = segment;
    if (source.kind === "peer") {
      const there = await d.relays.streamOn(source.node, ctx);
      if (!there) return problem("service_unavailable", `segment ${id} is on node ${source.node}'s disk, and that node is not live`, { headers: { "retry-after": "5" } });
      return isProblem(there) ? there : relayedFileReply(there);
    }
    if (source.kind === "local") {
      const size = await d.dvr.localSize(source.path);
      if (size === undefined) return problem("not_found", `segment ${id}'s file is not on this node's disk any more`);
      const reply = fileReply({ path: source.path, size, contentType: "video/mp4", filename: `${room}-${id}.mp4`, range: rangeHeader });
      return { ...reply, headers: { ...reply.headers, ...MEDIA_HEADERS } };
    }
    const range = parseRange(rangeHeader, row.bytes);
    if (range === "unsatisfiable") return { kind: "reply", status: 416, headers: { "content-range": `bytes */${row.bytes}` } };
    // Proxied rather than redirected to a presigned URL: a player then needs no CORS on the bucket, and the play token is the only credential it sees.
    const gone = new AbortController();
    const read = await d.dvr.object(app, source.key, range, gone.signal).catch((err: Error) => problem("service_unavailable", `segment ${id} could not be read from the app's bucket: ${err.message}`));
    if (isProblem(read)) return read;
    if (!read) return problem("not_found", `segment ${id} is in the app's bucket, and the app configures no bucket now`);
    const length = read.length ?? (range ? range.end - range.start + 1 : row.bytes);
    const headers: Record<string, string> = { ...MEDIA_HEADERS, "content-type": "video/mp4", "accept-ranges": "bytes" };
    if (range) headers["content-range"] = `bytes ${range.start}-${range.end}/${row.bytes}`;
    return relayedFileReply({ status: range ? 206 : 200, headers, body: read.body as Readable, length, cancel: () => gone.abort() });
}

/** A live tail's file (`init<run>.mp4` or `<n>.m4s`, as the playlist names them), from this node's memory. */
function tailReply(d: DvrRoutesDeps, app: string, room: string, file: string): Reply | Problem {
    const tail = d.tails.of(app, room, false);
    const n = Number(/[0-9]+/.exec(file)?.[0]);
    const bytes = tail && (file.startsWith("init") ? tail.init(n) : tail.entry(n));
    if (!bytes) return problem("not_found", `${file} is not in room ${room}'s live tail (it left it, or the camera is not pulled now): reload the rewind playlist`);
    return { kind: "reply", status: 200, body: bytes, contentType: "video/mp4", headers: MEDIA_HEADERS };
}

/**
 * The rewind playlist (issue 34; docs/timeline.md#rewind) beside the live one, under the same
 * rules (`publicPlayback`, play tokens): `dvr.m3u8?since=`, the stored segments it names
 * (`dvr/<id>.mp4`, answered where the bytes are: this node's disk, the app's bucket, or the
 * node that wrote the file) and the live tail's files (`dvr/live/...`, on the camera's node).
 */
export function dvrRoutes(d: DvrRoutesDeps): Route[] {
  /** The app, once the caller may play the room; or the answer instead (the camera's node's, when `atCamera` and it is pulled elsewhere). */
  const allowed = async (ctx: RelayRequest, appName: string, room: string, playToken: string | undefined, atCamera: boolean): Promise<{ app: AppRow } | { answer: Reply | Problem }> => {
    const app = d.apps.findByName(appName);
    if (!app) return { answer: problem("not_found", `no app ${appName}`) };
    if (atCamera && !d.pulled.pulledHere(app.name, room)) {
      const elsewhere = await relayed(d.streams.answeredAtCamera(ctx, app, { room }));
      if (elsewhere) return { answer: elsewhere };
    }
    const grant = await d.cameras.access(app, room, playToken);
    return isProblem(grant) ? { answer: grant } : { app };
  };
  return [
    defineRoute({
      method: "GET",
      path: "/live/{app}/{room}/dvr.m3u8",
      auth: "public",
      params: appRoomParams,
      query: z.object({ since, token }),
      responseType: PLAYLIST,
      errors: [...errors],
      handler: async (ctx) => {
        const found = await allowed(ctx, ctx.params.app, ctx.params.room, ctx.query.token, true);
        if ("answer" in found) return found.answer;
        const live = d.pulled.pulledHere(found.app.name, ctx.params.room) || d.cameras.live(found.app.name, ctx.params.room);
        const text = await d.dvr.playlist(found.app, ctx.params.room, ctx.query.since, live, ctx);
        return { kind: "reply", status: 200, body: withToken(text, ctx.query.token), contentType: PLAYLIST, headers: PLAYLIST_HEADERS };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/live/{app}/{room}/dvr/{segment}",
      auth: "public",
      params: segmentParams,
      query: z.object({ token }),
      responseType: "video/mp4",
      errors: [...errors],
      handler: async (ctx): Promise<Reply | StreamReply | Problem> => {
        const found = await allowed(ctx, ctx.params.app, ctx.params.room, ctx.query.token, false);
        if ("answer" in found) return found.answer;
        return segmentReply(d, ctx, found.app.name, ctx.params.room, Number(ctx.params.segment.slice(0, -".mp4".length)), ctx.headers["range"]);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/live/{app}/{room}/dvr/live/{file}",
      auth: "public",
      params: tailParams,
      query: z.object({ token }),
      responseType: "video/mp4",
      errors: [...errors],
      handler: async (ctx) => {
        const found = await allowed(ctx, ctx.params.app, ctx.params.room, ctx.query.token, true);
        return "answer" in found ? found.answer : tailReply(d, found.app.name, ctx.params.room, ctx.params.file);
      },
    }),
  ];
}
