import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { EgressStatus, type WebhookEvent } from "livekit-server-sdk";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppService } from "../apps/service.ts";
import type { AppRef, AppRow } from "../apps/store.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { MediaServers } from "../media/servers.ts";
import type { PulledCameras } from "../ingest/pulled.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { VodsApi } from "../vods/module.ts";
import type { VodLifecycleEvent } from "../../machines/vod-lifecycle.ts";
import type { RecordingState, RecordingVod, SourceEnd, VodSource } from "../vods/recordings.ts";
import { CameraRecorder, type RecordedFile } from "./camera-recorder.ts";
import { CopyRecorder } from "./copy-recorder.ts";
import type { EgressRecorder } from "./egress-recorder.ts";
import { EgressSplits, partFile } from "./egress-splits.ts";
import type { Snapshots } from "./snapshots.ts";
import type { StartRecordingBody } from "./schemas.ts";

export type { RecordingState } from "../vods/recordings.ts";

/** Our own recorders' ids (in `egressId`), so they never collide with the media server's `EG_`. */
export const CAMERA_RECORDER_PREFIX = "CR_";

export interface RecordingServiceOptions {
  readonly configs: AppConfigService;
  readonly apps: AppService;
  readonly cameras: CameraRooms;
  /** Cameras the service pulls: recorded by copying their video (issue 33). */
  readonly pulled: Pick<PulledCameras, "ring">;
  readonly servers: MediaServers;
  readonly events: EventDispatcher;
  readonly egressRecorder: EgressRecorder;
  readonly streams: StreamsApi;
  readonly snapshots: Snapshots;
  readonly vods: VodsApi;
  readonly dataDir: string;
  readonly logger: Logger;
  /** How long a minute of `split_minutes` is (`SERVICE_SPLIT_MINUTE_MS`; shortened by tests only). */
  readonly splitMinuteMs: number;
}

/** A live recorder's key: the app and the VOD it writes. */
const recorderKey = (app: string, vodId: number): string => `${app}:${vodId}`;

/** A recording in progress here: its recorder, how to take it off its camera, its timers. */
interface LiveRecording {
  readonly recorder: CameraRecorder | CopyRecorder;
  readonly untap: () => void;
  readonly snapshots: NodeJS.Timeout | undefined;
  /** When `split_minutes` cuts it into the next part. */
  readonly cut: NodeJS.Timeout | undefined;
}

/** Takes a recording off its room and lets ffmpeg finish the file. */
function end(live: LiveRecording): Promise<RecordedFile> {
  live.untap();
  clearInterval(live.snapshots);
  clearTimeout(live.cut);
  return live.recorder.stop();
}

/**
 * Starting and stopping recordings: the files, never the VODs. A WebSocket camera room is recorded
 * by our own ffmpeg on the MJPEG relay, a pulled camera by copying its video (no encode), a
 * media-server room by LiveKit's egress; each recording is told
 * to the vods module (`VodsApi.recordings`), which keeps its VOD and runs its actor, and which
 * asks this service, as its `VodSource`, to end a recording's file when the VOD moves on.
 */
export class RecordingService implements VodSource {
  /** Our live recorders, by app and VOD. */
  private readonly recorders = new Map<string, LiveRecording>();
  /** Rooms whose recording is being started (`app/room`), from the check for one in progress until its VOD exists: a second start must not start another. */
  private readonly starting = new Set<string>();
  private readonly splits: EgressSplits;
  private readonly log: Logger;

  constructor(private readonly o: RecordingServiceOptions) {
    this.log = o.logger.child({ component: "recording" });
    this.splits = new EgressSplits({ seen: (app, parts) => o.vods.recordings.parts(app, parts), logger: o.logger });
  }

  async start(app: AppRef, body: StartRecordingBody): Promise<RecordingState | Problem> {
    const config = this.o.configs.get(app.name);
    if (!config.recording.enabled) {
      return problem("conflict", `recording is disabled for app ${app.name}; set recording.enabled: true in its config (PATCH /apps/${app.name}/config)`);
    }
    const room = this.o.apps.roomOf(app, body.roomName, 200);
    if (typeof room !== "string") return room;
    // Held from the check below until the VOD's row exists, which awaits the database between them.
    const key = `${app.name}/${room}`;
    if (this.starting.has(key)) return problem("conflict", `a recording of room ${room} is starting already`);
    this.starting.add(key);
    try {
      const running = await this.o.vods.recordings.recordingIn(app.name, room);
      if (running) return problem("conflict", `room ${room} is being recorded already (VOD ${running.id}); stop that recording first`);
      if (!this.o.cameras.live(app.name, room) && !this.o.pulled.ring(app.name, room)) return await this.startEgress(app, room, body.streamId ?? null);
      const egressId = `${CAMERA_RECORDER_PREFIX}${randomBytes(9).toString("base64url")}`;
      const split = config.recording.split_minutes > 0;
      const vodId = await this.begin(app, { room, streamId: body.streamId ?? null, egressId: split ? `${egressId}.1` : egressId, part: split ? 1 : 0 });
      if (vodId === undefined) return problem("not_found", `room ${room} has no live camera`);
      return this.started(app, room, vodId, egressId, body.streamId ?? null);
    } finally {
      this.starting.delete(key);
    }
  }

  private started(app: AppRef, room: string, vodId: number, egressId: string, streamId: string | null): RecordingState {
    this.o.vods.metrics.recordingStarted(app.name);
    this.o.events.emit(app.name, "recording_started", room, { vodId, egressId, app: app.name, room, streamId });
    this.log.info({ app: app.name, room, vodId, egressId }, "recording started");
    return { vodId, egressId, status: "recording" };
  }

  /**
   * A room without a camera is a media-server room: LiveKit's egress records it. The VOD is
   * begun once the egress has started, so a start that fails (no egress worker: 503) leaves
   * nothing behind.
   */
  private async startEgress(app: AppRef, room: string, streamId: string | null): Promise<RecordingState | Problem> {
    if (!this.o.servers.forApp(app.name)) return problem("not_found", `room ${room} has no live camera and no media server is configured; try again once its camera is connected`);
    const startedAt = new Date();
      const file = this.recordingFile(app.name, room, startedAt, randomBytes(6).toString("base64url"));
      // With split_minutes the egress writes segments of that length, each one part (egress-splits.ts).
      const { split_minutes: split } = this.o.configs.get(app.name).recording;
      const prefix = path.join(file.replace(/\.mp4$/, ""), path.basename(file, ".mp4"));
      const outputs = split > 0 ? EgressSplits.outputs(prefix, Math.max(1, Math.round((split * this.o.splitMinuteMs) / 1000))) : { file };
      // The egress writes into it: on this machine, or where the data dir is shared (README).
      mkdirSync(path.dirname(split > 0 ? prefix : file), { recursive: true });
      const info = await this.o.egressRecorder.start(app, room, streamId, outputs);
      if (isProblem(info)) return info;
      const part = split > 0 ? { egress_id: `${info.egressId}.1`, part: 1, local_path: partFile(prefix, 1) } : { egress_id: info.egressId, part: 0, local_path: file };
    const vodId = await this.o.vods.recordings.begin(app.name, { room, stream_id: streamId, source: "egress", started_at: startedAt.toISOString(), ...part });
    if (split > 0) this.splits.watch({ app: app.name, room, streamId, egressId: info.egressId, prefix });
    return this.started(app, room, vodId, info.egressId, streamId);
  }

  /** Where a recording's file goes: the app's `recordings/` folder, named by room, start and a tag. */
  private recordingFile(app: string, room: string, startedAt: Date, tag: string): string {
    return path.join(this.o.dataDir, "apps", app, "recordings", `${room}-${startedAt.toISOString().replace(/[-:.]/g, "")}-${tag}.mp4`);
  }

  /** `streams/{id}/record/start`: the stream's room, with the stream as the recording's `streamId`. */
  async recordStream(app: AppRow, id: string): Promise<RecordingState | Problem> {
    const stream = await this.o.streams.find(app.name, id);
    if (!stream) return problem("not_found", `no stream ${id} in app ${app.name}`);
    if (stream.status !== "active") return problem("conflict", `stream ${stream.streamId} has ended`);
    return this.start(app, { roomName: stream.room, streamId: stream.streamId });
  }

  /** `streams/{id}/record/stop`: the recording of that stream in progress. */
  async stopStream(app: AppRow, id: string): Promise<RecordingState | Problem> {
    const stream = await this.o.streams.find(app.name, id);
    if (!stream) return problem("not_found", `no stream ${id} in app ${app.name}`);
    const vod = await this.o.vods.recordings.recordingIn(app.name, stream.room);
    if (!vod || vod.stream_id !== stream.streamId) return problem("not_found", `stream ${stream.streamId} is not being recorded`);
    return this.o.vods.recordings.stop(app, String(vod.id));
  }

  /**
   * Starts one part of a camera recording: a recorder on the room's relay, its VOD, its snapshot
   * timer and, with `split_minutes`, the timer that cuts it: the next part starts first (no frame
   * is lost between them), then this one ends and uploads on its own. Undefined when the camera
   * left before its recorder was on the relay.
   */
  private async begin(app: AppRef, p: { room: string; streamId: string | null; egressId: string; part: number }, after?: CopyRecorder): Promise<number | undefined> {
    const config = this.o.configs.get(app.name).recording;
    const startedAt = new Date();
    const file = this.recordingFile(app.name, p.room, startedAt, p.egressId);
    let vodId: number | undefined;
    // The camera may leave while the VOD's row is being written: its VOD then ends once it has one.
    let left = false;
    const onCameraLeft = () => (vodId === undefined ? (left = true) : this.o.vods.recordings.sourceEnded(app.name, vodId));
    const taken = this.recorderOn(app.name, p.room, file, onCameraLeft, after);
    if (!taken) return undefined;
    const { recorder, untap } = taken;
    try {
      vodId = await this.o.vods.recordings.begin(app.name, { room: p.room, stream_id: p.streamId, egress_id: p.egressId, source: "camera", part: p.part, local_path: file, started_at: startedAt.toISOString() });
    } catch (err) {
      // No VOD to finish it: the recorder goes, and the caller hears why.
      untap();
      void recorder.stop();
      throw err;
    }
    if (left) this.o.vods.recordings.sourceEnded(app.name, vodId);
    const every = config.snapshot_seconds;
    const id = vodId;
    const snapshots = every > 0 ? setInterval(() => void this.o.snapshots.take(app, p.room, id), every * 1000) : undefined;
    const cut = p.part > 0 ? setTimeout(() => void this.cut(app, id, p), config.split_minutes * this.o.splitMinuteMs) : undefined;
    this.recorders.set(recorderKey(app.name, id), { recorder, untap, snapshots, cut });
    return id;
  }

  /**
   * A recorder on the room's camera: its pulled video copied, else the MJPEG relay's frames
   * encoded; undefined when no camera is live. `after`: the part before it in a split, which ends
   * where this one begins when both copy the same connection's files.
   */
  private recorderOn(app: string, room: string, file: string, onCameraLeft: () => void, after?: CopyRecorder): Pick<LiveRecording, "recorder" | "untap"> | undefined {
    const ring = this.o.pulled.ring(app, room);
    if (ring) {
      const first = after?.ring === ring ? after.cut() : undefined;
      // It reads the ring's files itself, and ends with its stop: there is nothing to take it off.
      return { recorder: new CopyRecorder({ file, ring, logger: this.o.logger, onCameraLeft, ...(first === undefined ? {} : { first }) }), untap: () => undefined };
    }
    const recorder = new CameraRecorder({ file, logger: this.o.logger, onCameraLeft });
    const untap = this.o.cameras.tap(app, room, recorder);
    if (untap) return { recorder, untap };
    void recorder.stop();
    return undefined;
  }

  /** `split_minutes` elapsed: the next part takes over the room, this one uploads (even when the next could not begin). */
  private async cut(app: AppRef, vodId: number, p: { room: string; streamId: string | null; egressId: string; part: number }): Promise<void> {
    const base = p.egressId.slice(0, p.egressId.lastIndexOf("."));
    // A pulled camera's parts meet at a ring file: this one ends just before the next one's first.
    const ending = this.recorders.get(recorderKey(app.name, vodId))?.recorder;
    const next = await this.begin(app, { ...p, egressId: `${base}.${p.part + 1}`, part: p.part + 1 }, ending instanceof CopyRecorder ? ending : undefined).catch((err: Error) => {
      this.log.error({ app: app.name, room: p.room, vodId, err: err.message }, "the next part of a recording could not begin");
      return undefined;
    });
    this.log.info({ app: app.name, room: p.room, vodId, next }, "recording part cut");
    this.o.vods.recordings.sourceEnded(app.name, vodId);
  }

  /**
   * The media server's word on an egress (`egress_updated`, `egress_ended`): a VOD recorded by
   * that egress moves on when it completes (or hits its limit, the file is whole), and fails with
   * `egress_failed` when it fails or is aborted.
   */
  egressEvent(event: WebhookEvent, app: AppRef): void {
    const info = event.egressInfo;
    if ((event.event !== "egress_updated" && event.event !== "egress_ended") || !info) return;
    let vodEvent: VodLifecycleEvent;
    if (info.status === EgressStatus.EGRESS_COMPLETE || info.status === EgressStatus.EGRESS_LIMIT_REACHED) vodEvent = { type: "source_ended" };
    else if (info.status === EgressStatus.EGRESS_FAILED || info.status === EgressStatus.EGRESS_ABORTED) {
      vodEvent = { type: "source_failed", failure: { reason: "egress_failed", detail: info.error || `the egress was ${EgressStatus[info.status]}` } };
    } else return;
    this.o.vods.recordings
      .egressEnded(app.name, info.egressId, vodEvent)
      .catch((err: Error) => this.log.error({ app: app.name, egressId: info.egressId, err: err.message }, "could not move a VOD on after its egress ended"));
  }

  /**
   * Asks the media server about every egress VOD still recording: one whose egress ended without
   * the service hearing of it (down at the time, a webhook lost) moves on as the event would have
   * moved it. Runs at start and then periodically.
   */
  async reconcile(apps: readonly string[]): Promise<void> {
    for (const app of apps) {
      for (const vod of await this.o.vods.recordings.recordingEgresses(app)) {
        const event = await this.o.egressRecorder.check(app, vod);
        if (!event) continue;
        this.log.info({ app, vodId: vod.id, egressId: vod.egress_id, event: event.type }, "egress ended unheard; moving its VOD on");
        await this.o.vods.recordings.egressEnded(app, vod.egress_id, event);
      }
    }
  }

  /**
   * `VodSource`: a VOD moves on from `recording`. Our recorder finishes its file; an egress is
   * brought to its end unless the media server said it ended, and a split one's final playlist
   * is read for its last parts.
   */
  async end(app: string, vod: RecordingVod, o: { readonly egressEnded: boolean }): Promise<SourceEnd> {
    const key = recorderKey(app, vod.id);
    const live = this.recorders.get(key);
    const recorded = live && (await end(live));
    this.recorders.delete(key);
    if (vod.source !== "egress") return { recorded };
    if (!o.egressEnded) await this.o.egressRecorder.finish(app, vod);
    const split = EgressSplits.of(app, vod);
    return { recorded, parts: split && (await this.splits.ended(split)) };
  }

  /**
   * `VodSource`, after a restart: a camera recording lost its recorder with the last process; an
   * egress outlived it on the media server and goes on (a split one's playlist is watched again,
   * and `reconcile` asks whether it ended meanwhile).
   */
  resumed(app: string, vod: RecordingVod): boolean {
    if (vod.source === "camera") return false;
    const split = EgressSplits.of(app, vod);
    if (split) this.splits.watch(split);
    return true;
  }

  /** Stops every recording of a deleted app (its egresses too, best effort); vods has stopped their actors. */
  async forgetApp(app: string): Promise<void> {
    for (const vod of await this.o.vods.recordings.recordingEgresses(app)) void this.o.egressRecorder.abandon(app, vod);
    this.splits.forget(app);
    for (const [key, live] of this.recorders) {
      if (!key.startsWith(`${app}:`)) continue;
      void end(live);
      this.recorders.delete(key);
    }
  }

  /** Ends every recorder cleanly (files playable) on shutdown; unfinished VODs resume at the next start. */
  async stopAll(): Promise<void> {
    this.splits.forget();
    await Promise.all([...this.recorders.values()].map(end));
  }
}
