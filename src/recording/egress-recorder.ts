import { EgressStatus, type EgressInfo } from "livekit-server-sdk";
import { VodFailedError, type VodLifecycleEvent } from "../../machines/vod-lifecycle.ts";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppRef } from "../apps/store.ts";
import { egressSucceeded, egressEnded, type EgressOutputs, type EgressSource, type Egresses } from "../egress/service.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { mediaServerDown } from "../media/server.ts";
import type { MediaServers } from "../media/servers.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { RecordingVod } from "../vods/recordings.ts";
import { recordingEgressId } from "./egress-splits.ts";

/** How long a stopped egress gets to finish its file before its VOD fails with `egress_failed`. */
const SETTLE_TIMEOUT_MS = 120_000;

export interface EgressRecorderOptions {
  readonly egresses: Egresses;
  readonly servers: MediaServers;
  readonly configs: AppConfigService;
  readonly streams: Pick<StreamsApi, "find">;
}

/** `ParticipantInfo.Kind.EGRESS`: a recorder in the room, never the one to record. */
const EGRESS_PARTICIPANT = 2;

/** Why an egress that ended did not leave a whole file. */
const failureOf = (info: EgressInfo) => ({ reason: "egress_failed", detail: info.error || `the egress ended ${EgressStatus[info.status]}` });

/**
 * Recordings of media-server rooms (WebRTC, WHIP and RTMP publishers), made by LiveKit's egress
 * into an MP4 under the app's `recordings/` folder: what the app's `recording.mode` asks for, how a
 * VOD's egress is brought to an end with its file whole, and what the media server says of an
 * egress the service may have missed the end of.
 */
export class EgressRecorder {
  constructor(private readonly o: EgressRecorderOptions) {}

  /** Starts the egress that records `room` (an MP4, or segments when split); no VOD exists until it has started. */
  async start(app: AppRef, room: string, streamId: string | null, outputs: EgressOutputs): Promise<EgressInfo | Problem> {
    const { mode, layout } = this.o.configs.get(app.name).recording;
    const source: EgressSource | Problem = mode === "participant" ? await this.participant(app, room, streamId) : { kind: "room-composite", layout };
    if (isProblem(source)) return source;
    return this.o.egresses.start(app.name, room, source, outputs);
  }

  /**
   * Participant mode records one publisher: the stream's participant when `streamId` names one
   * (SPEC 4.11: `<room>/<participant>`, a tracked stream, or the identity itself), else the room's
   * only publisher; a room with several asks the caller to choose.
   */
  private async participant(app: AppRef, room: string, streamId: string | null): Promise<EgressSource | Problem> {
    if (streamId !== null) {
      const tracked = await this.o.streams.find(app.name, streamId);
      const identity = tracked?.participant ?? streamId.slice(streamId.indexOf("/") + 1);
      if (identity === "") return problem("bad_request", `streamId ${streamId} names no participant; use <room>/<participant>`);
      return { kind: "participant", identity };
    }
    const server = this.o.servers.forApp(app.name);
    if (!server) return problem("not_found", `room ${room} has no live camera and no media server is configured`);
    let publishers: string[];
    try {
      // LiveKit lists no participants for a room it does not have: the room list tells them apart.
      const [rooms, participants] = await Promise.all([server.rooms.listRooms([room]), server.rooms.listParticipants(room)]);
      if (rooms.length === 0) return problem("not_found", `room ${room} has no live camera and is not on the media server`);
      publishers = participants.filter((p) => p.kind !== EGRESS_PARTICIPANT && p.tracks.length > 0).map((p) => p.identity);
    } catch (err) {
      return mediaServerDown(err);
    }
    if (publishers.length === 1) return { kind: "participant", identity: publishers[0] as string };
    if (publishers.length === 0) return problem("conflict", `nobody publishes in room ${room} yet; recording in participant mode needs a publisher`);
    return problem(
      "bad_request",
      `room ${room} has ${publishers.length} publishers (${publishers.slice(0, 10).join(", ")}); recording.mode is participant, so say which with streamId (<room>/<participant>)`,
    );
  }

  /**
   * Brings a VOD's egress to its end (stopping it when it still runs) and waits for its file to be
   * whole; a failed or aborted egress, or one that cannot be stopped, fails the VOD.
   */
  async finish(app: string, row: RecordingVod): Promise<void> {
    const settled = await this.o.egresses.settle(app, recordingEgressId(row.egress_id), SETTLE_TIMEOUT_MS);
    if (isProblem(settled)) throw new VodFailedError({ reason: "egress_failed", detail: `the egress could not be brought to an end: ${settled.message}` });
    if (!egressSucceeded(settled.info)) throw new VodFailedError(failureOf(settled.info));
  }

  /** Stops the egress of a VOD nobody will finish (its app is being deleted); best effort, as an egress also ends with its room. */
  async abandon(app: string, row: RecordingVod): Promise<void> {
    await this.o.egresses.stop(app, recordingEgressId(row.egress_id));
  }

  /**
   * What the media server says of a recording VOD's egress: the event its actor needs when the
   * egress ended while nobody listened (a restart, a lost webhook), else undefined (still
   * running, or the media server did not answer: asked again later).
   */
  async check(app: string, row: RecordingVod): Promise<VodLifecycleEvent | undefined> {
    const egressId = recordingEgressId(row.egress_id);
    const info = await this.o.egresses.info(app, egressId);
    if (isProblem(info)) return undefined;
    if (info === undefined) return { type: "source_failed", failure: { reason: "egress_failed", detail: `the media server knows no egress ${egressId}` } };
    if (!egressEnded(info)) return undefined;
    return egressSucceeded(info) ? { type: "source_ended" } : { type: "source_failed", failure: failureOf(info) };
  }
}
