import { DataPacket_Kind } from "livekit-server-sdk";
import { z } from "zod";
import type { Logger } from "pino";
import { appOf } from "../auth/caller.ts";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { bare, noContent, ok } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { appParams } from "../apps/schemas.ts";
import { MEDIA_SERVER_MISSING, mediaServerDown } from "../media/server.ts";
import type { MediaServers } from "../media/servers.ts";
import type { StreamDetails } from "./details.ts";
import type { LocalStreams } from "./local.ts";
import type { StreamView } from "./store.ts";
import type { StreamTracker } from "./tracker.ts";

const streamParams = appParams.extend({ id: z.string().min(1).max(300) });

/** POST /streams/{id}/data: a chat line or a reaction, sent into the room as the server. */
const dataBody = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("chat"), message: z.string().min(1).max(2000), from: z.string().min(1).max(120).default("server") }),
  z.strictObject({ type: z.literal("reaction"), reaction: z.string().min(1).max(32), from: z.string().min(1).max(120).default("server") }),
]);

export interface StreamRouteDeps {
  readonly servers: MediaServers;
  readonly tracker: StreamTracker;
  readonly apps: AppService;
  readonly events: EventDispatcher;
  readonly local: LocalStreams;
  readonly details: StreamDetails;
  readonly logger: Logger;
}

/** SPEC 4.13: live streams of an app. `{id}` is the row id or the (URL-encoded) stream id. */
export function streamRoutes(d: StreamRouteDeps): Route[] {
  const log = d.logger.child({ component: "streams" });
  const find = (app: AppRow, id: string): StreamView | Problem => {
    return d.tracker.store(app).find(id) ?? problem("not_found", `no stream ${id} in app ${app.name}`);
  };
  const common = { auth: "any", app: true, params: streamParams } as const;
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/streams",
      auth: "any",
      app: true,
      permission: "stream:read",
      params: appParams,
      handler: async (ctx) => bare(d.tracker.store(appOf(ctx)).active()),
    }),
    defineRoute({
      ...common,
      method: "GET",
      path: "/api/v1/apps/{app}/streams/{id}",
      permission: "stream:read",
      handler: async (ctx) => {
        const stream = find(appOf(ctx), ctx.params.id);
        if ("kind" in stream) return stream;
        let viewers: number | null = null;
        const media = d.servers.forApp(appOf(ctx).name);
        if (media && stream.status === "active") {
          try {
            const participants = await media.rooms.listParticipants(stream.room);
            viewers = participants.filter((p) => p.identity !== stream.participant && p.tracks.length === 0).length;
          } catch (err) {
            log.debug({ err, room: stream.room }, "viewer count unavailable");
          }
        }
        return ok({ ...stream, viewers, ...d.details.of(appOf(ctx).name, stream) });
      },
    }),
    defineRoute({
      ...common,
      method: "DELETE",
      path: "/api/v1/apps/{app}/streams/{id}",
      permission: "stream:stop",
      handler: async (ctx) => {
        const app = appOf(ctx);
        const stream = find(app, ctx.params.id);
        if ("kind" in stream) return stream;
        if (stream.status === "ended") return noContent();
        // The row is ended whatever the media server says; its cleanup is best effort.
        d.tracker.endStream(app, { ...stream, at: Math.floor(Date.now() / 1000) + 1 });
        if (d.local.owns(stream)) {
          d.local.stop(app.name, stream);
          return noContent();
        }
        const media = d.servers.forApp(app.name);
        if (media) {
          try {
            if (stream.type === "webrtc" && stream.participant) await media.rooms.removeParticipant(stream.room, stream.participant);
            else await media.ingress.deleteIngress(stream.streamId);
            if (d.tracker.store(app).activeInRoom(stream.room).length === 0) await media.rooms.deleteRoom(stream.room);
          } catch (err) {
            log.warn({ err, app: app.name, stream: stream.streamId }, "media-server cleanup after stop failed");
          }
        }
        return noContent();
      },
    }),
    defineRoute({
      ...common,
      method: "POST",
      path: "/api/v1/apps/{app}/streams/{id}/data",
      permission: "stream:write",
      body: dataBody,
      handler: async (ctx) => {
        const app = appOf(ctx);
        const media = d.servers.forApp(app.name);
        if (!media) return MEDIA_SERVER_MISSING;
        const body = ctx.body;
        const features = d.apps.config(app).features;
        if (body.type === "chat" && !features.chat) return problem("forbidden", "chat is off for this app; turn on features.chat");
        if (body.type === "reaction" && !features.reactions) return problem("forbidden", "reactions are off for this app; turn on features.reactions");
        const stream = find(app, ctx.params.id);
        if ("kind" in stream) return stream;
        const ts = new Date().toISOString();
        const payload = body.type === "chat" ? { type: "chat", from: body.from, message: body.message, ts } : { type: "reaction", from: body.from, reaction: body.reaction, ts };
        try {
          await media.rooms.sendData(stream.room, new TextEncoder().encode(JSON.stringify(payload)), DataPacket_Kind.RELIABLE, { topic: body.type });
        } catch (err) {
          return mediaServerDown(err);
        }
        if (body.type === "chat") d.events.emit(app.name, "chat_message", stream.room, { room: stream.room, from: body.from, message: body.message, ts });
        else d.events.emit(app.name, "reaction", stream.room, { room: stream.room, from: body.from, reaction: body.reaction });
        return ok({ sent: true, topic: body.type, room: stream.room });
      },
    }),
  ];
}
