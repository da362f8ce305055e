import { DataPacket_Kind } from "livekit-server-sdk";
import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { MEDIA_SERVER_MISSING, mediaServerDown } from "../media/server.ts";
import type { MediaServers } from "../media/servers.ts";
import type { StreamDetails } from "./details.ts";
import type { LocalStreams } from "./local.ts";
import type { StreamView } from "./store.ts";
import type { StreamTracker } from "./tracker.ts";

/** A chat line or a reaction sent into a stream's room as the server (POST /streams/{id}/data). */
export type StreamData =
  | { readonly type: "chat"; readonly message: string; readonly from: string }
  | { readonly type: "reaction"; readonly reaction: string; readonly from: string };

/**
 * What the streams routes do to a stream (SPEC 4.13): look it up with its live viewer count, stop
 * it (the row first, then the media server's participant or ingress and the emptied room), and
 * send data into its room. `id` is the row id or the stream id.
 */
export class StreamControl {
  private readonly o: {
    readonly servers: MediaServers;
    readonly tracker: StreamTracker;
    readonly apps: AppService;
    readonly events: EventDispatcher;
    readonly local: LocalStreams;
    readonly details: StreamDetails;
  };
  private readonly log: Logger;

  constructor(options: StreamControl["o"] & { readonly logger: Logger }) {
    this.o = options;
    this.log = options.logger.child({ component: "streams" });
  }

  /** The app's active streams. */
  active(app: AppRow): Promise<readonly StreamView[]> {
    return this.o.tracker.store(app).active();
  }

  /** One stream with its viewers (null when the media server cannot tell) and the details other modules add. */
  async detail(app: AppRow, id: string) {
    const stream = await this.find(app, id);
    if ("kind" in stream) return stream;
    let viewers: number | null = null;
    const media = this.o.servers.forApp(app.name);
    if (media && stream.status === "active") {
      try {
        const participants = await media.rooms.listParticipants(stream.room);
        viewers = participants.filter((p) => p.identity !== stream.participant && p.tracks.length === 0).length;
      } catch (err) {
        this.log.debug({ err, room: stream.room }, "viewer count unavailable");
      }
    }
    return { ...stream, viewers, ...this.o.details.of(app.name, stream) };
  }

  /** Ends the stream; answers a problem only when there is no such stream (an ended one is left as it is). */
  async stop(app: AppRow, id: string): Promise<Problem | undefined> {
    const stream = await this.find(app, id);
    if ("kind" in stream) return stream;
    if (stream.status === "ended") return undefined;
    // The row is ended whatever the media server says; its cleanup is best effort.
    await this.o.tracker.endStream(app, { ...stream, at: Math.floor(Date.now() / 1000) + 1 });
    if (this.o.local.owns(stream)) {
      this.o.local.stop(app.name, stream);
      return undefined;
    }
    const media = this.o.servers.forApp(app.name);
    if (!media) return undefined;
    try {
      if (stream.type === "webrtc" && stream.participant) await media.rooms.removeParticipant(stream.room, stream.participant);
      else await media.ingress.deleteIngress(stream.streamId);
      if ((await this.o.tracker.store(app).activeInRoom(stream.room)).length === 0) await media.rooms.deleteRoom(stream.room);
    } catch (err) {
      this.log.warn({ err, app: app.name, stream: stream.streamId }, "media-server cleanup after stop failed");
    }
    return undefined;
  }

  /** Sends a chat line or reaction into the stream's room and emits its event, once the media server took it. */
  async send(app: AppRow, id: string, data: StreamData): Promise<{ sent: true; topic: StreamData["type"]; room: string } | Problem> {
    const media = this.o.servers.forApp(app.name);
    if (!media) return MEDIA_SERVER_MISSING;
    const features = this.o.apps.config(app).features;
    if (data.type === "chat" && !features.chat) return problem("forbidden", "chat is off for this app; turn on features.chat");
    if (data.type === "reaction" && !features.reactions) return problem("forbidden", "reactions are off for this app; turn on features.reactions");
    const stream = await this.find(app, id);
    if ("kind" in stream) return stream;
    const ts = new Date().toISOString();
    const payload = data.type === "chat" ? { type: "chat", from: data.from, message: data.message, ts } : { type: "reaction", from: data.from, reaction: data.reaction, ts };
    try {
      await media.rooms.sendData(stream.room, new TextEncoder().encode(JSON.stringify(payload)), DataPacket_Kind.RELIABLE, { topic: data.type });
    } catch (err) {
      return mediaServerDown(err);
    }
    if (data.type === "chat") this.o.events.emit(app.name, "chat_message", stream.room, { room: stream.room, from: data.from, message: data.message, ts });
    else this.o.events.emit(app.name, "reaction", stream.room, { room: stream.room, from: data.from, reaction: data.reaction });
    return { sent: true, topic: data.type, room: stream.room };
  }

  private async find(app: AppRow, id: string): Promise<StreamView | Problem> {
    return (await this.o.tracker.store(app).find(id)) ?? problem("not_found", `no stream ${id} in app ${app.name}`);
  }
}
