import type { WebhookEvent } from "livekit-server-sdk";
import type { Logger } from "pino";
import type { AppRow } from "../apps/store.ts";
import type { Databases } from "../db/databases.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { ATTR_ROLE } from "../lib/participants.ts";
import { streamStore, type StreamStore, type StreamType } from "./store.ts";

/** Roles whose participants stay invisible: no stream rows, no events (SPEC 6.2). */
const SILENT_ROLES = new Set(["qc", "recorder", "viewer", "listener"]);

/** IngressInput of LiveKit's protocol: RTMP 0, WHIP 1, URL 2 (pulled RTSP/HLS). */
const INGRESS_TYPES: Record<number, StreamType> = { 0: "rtmp", 1: "whip", 2: "rtsp" };

type Participant = NonNullable<WebhookEvent["participant"]>;

/** ParticipantInfo.Kind of LiveKit's protocol: INGRESS 1, EGRESS 2. */
const WORKER_KINDS = new Set([1, 2]);

/**
 * Turns verified media-server webhooks into stream rows and our own events, for the app the
 * webhook receiver resolved (and checked against the signing server). Only fields we chose are
 * passed on: room payloads can carry TURN credentials and must never be forwarded verbatim.
 */
export class StreamTracker {
  /**
   * Sids of hidden participants seen joining: LiveKit sends their attributes and permissions on
   * participant_joined but not on every later event (track_published carries neither).
   */
  private readonly silentSids = new Set<string>();

  private readonly databases: Databases;
  private readonly events: EventDispatcher;
  private readonly logger: Logger;

  /** This node, written on the stream rows it starts. */
  private readonly node: string;

  constructor(options: { readonly databases: Databases; readonly events: EventDispatcher; readonly logger: Logger; readonly node: string }) {
    this.node = options.node;
    this.databases = options.databases;
    this.events = options.events;
    this.logger = options.logger;
  }

  store(app: AppRow): StreamStore {
    return streamStore(this.databases.appSql(app.name));
  }

  /** Awaited by the webhook receiver, so the stream rows are written before LiveKit gets its 200. */
  async handle(event: WebhookEvent, app: AppRow): Promise<void> {
    const room = event.room?.name ?? event.ingressInfo?.roomName ?? event.egressInfo?.roomName ?? "";
    const at = Number(event.createdAt ?? BigInt(Math.floor(Date.now() / 1000)));
    const name = event.event;
    const participant = event.participant;
    if (participant && this.silent(participant)) return;
    const who = participant ? { participant: participant.identity, name: participant.name } : {};
    // The webhook's own id: handled again (LiveKit's retry of a webhook whose node died before
    // answering), it makes the same events with the same ids, which the outbox keeps once.
    const cause = event.id || undefined;
    switch (name) {
      case "room_started":
      case "room_finished":
        this.events.emit(app.name, name, room, { room, roomSid: event.room?.sid ?? "" }, cause);
        if (name === "room_finished") await this.endRoom(app, room, at);
        return;
      case "participant_joined":
        this.events.emit(app.name, name, room, { room, ...who }, cause);
        return;
      case "participant_left":
        this.events.emit(app.name, name, room, { room, ...who }, cause);
        if (participant) await this.endStream(app, { streamId: `${room}/${participant.identity}`, type: "webrtc", room, participant: participant.identity, at });
        return;
      case "track_published":
      case "track_unpublished": {
        const track = event.track;
        this.events.emit(app.name, name, room, { room, ...who, trackSid: track?.sid ?? "", source: String(track?.source ?? ""), kind: String(track?.type ?? "") }, cause);
        // Ingress and egress workers join as participants too; their streams are tracked as ingress.
        if (name === "track_published" && participant && !WORKER_KINDS.has(Number(participant.kind))) {
          await this.startStream(app, { streamId: `${room}/${participant.identity}`, type: "webrtc", room, participant: participant.identity, at });
        }
        return;
      }
      case "ingress_started":
      case "ingress_ended": {
        const info = event.ingressInfo;
        if (!info) return;
        const type = INGRESS_TYPES[Number(info.inputType)] ?? "rtmp";
        this.events.emit(app.name, name, room, { room, ingressId: info.ingressId, type }, cause);
        const stream = { streamId: info.ingressId, type, room, participant: info.participantIdentity || null, at };
        if (name === "ingress_started") {
          await this.startStream(app, stream);
        } else {
          await this.endStream(app, stream);
        }
        return;
      }
      case "egress_started":
      case "egress_updated":
      case "egress_ended":
        this.events.emit(app.name, name, room, { room, egressId: event.egressInfo?.egressId ?? "", status: String(event.egressInfo?.status ?? "") }, cause);
        return;
      default:
        this.logger.debug({ event: name }, "media-server event not tracked");
    }
  }

  /** Marks a stream active and emits `stream_started` when it was not already live. */
  async startStream(app: AppRow, stream: { streamId: string; type: StreamType; room: string; participant: string | null; at: number }): Promise<void> {
    if (!(await this.store(app).start({ ...stream, stats: { live: true }, node: this.node }))) return;
    const { streamId, room, type, participant } = stream;
    this.events.emit(app.name, "stream_started", room, participant === null ? { streamId, room, type } : { streamId, room, type, participant });
  }

  /** Ends a stream whose end we learned of ourselves (stop route, reconciliation). */
  async endStream(app: AppRow, stream: { streamId: string; type: StreamType; room: string; participant: string | null; at: number }): Promise<void> {
    if (await this.store(app).end(stream)) {
      this.events.emit(app.name, "stream_ended", stream.room, { streamId: stream.streamId, room: stream.room, participant: stream.participant ?? undefined });
    }
  }

  private async endRoom(app: AppRow, room: string, at: number): Promise<void> {
    for (const s of await this.store(app).activeInRoom(room)) {
      await this.endStream(app, { streamId: s.streamId, type: s.type, room, participant: s.participant, at });
    }
  }

  private silent(p: Participant): boolean {
    if (this.silentSids.has(p.sid)) return true;
    const silent = SILENT_ROLES.has(p.attributes?.[ATTR_ROLE] ?? "") || p.permission?.hidden === true || p.permission?.recorder === true;
    if (silent && p.sid) {
      if (this.silentSids.size > 100_000) this.silentSids.clear();
      this.silentSids.add(p.sid);
    }
    return silent;
  }
}
