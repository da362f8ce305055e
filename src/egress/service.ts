import { setTimeout as sleep } from "node:timers/promises";
import {
  EgressStatus,
  EncodedFileOutput,
  EncodedFileType,
  ImageOutput,
  SegmentedFileOutput,
  SegmentedFileProtocol,
  StreamOutput,
  StreamProtocol,
  type EgressInfo,
  type EncodedOutputs,
} from "livekit-server-sdk";
import type { Logger } from "pino";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { MEDIA_SERVER_MISSING, mediaServerDown, noEgressWorker, type MediaServer } from "../media/server.ts";
import type { MediaServers } from "../media/servers.ts";

/** What one egress writes or sends; any mix, all from the same picture and sound. */
export interface EgressOutputs {
  /** An MP4 file at this absolute path. */
  readonly file?: string;
  /** HLS: `<prefix>_00000.ts`… and the playlist `playlist` (a name in the prefix's folder). */
  readonly segments?: { readonly prefix: string; readonly playlist: string; readonly seconds: number };
  /** RTMP(S) pushes. */
  readonly streams?: readonly string[];
  /** JPEGs `<prefix>_00000.jpg`… every `everySeconds`. */
  readonly images?: { readonly prefix: string; readonly everySeconds: number; readonly width: number; readonly height: number };
}

/** Whose picture: every publisher composed by `layout`, or one participant's own tracks. */
export type EgressSource = { readonly kind: "room-composite"; readonly layout: string } | { readonly kind: "participant"; readonly identity: string };

/** The states an egress never leaves. */
const ENDED: ReadonlySet<EgressStatus> = new Set([EgressStatus.EGRESS_COMPLETE, EgressStatus.EGRESS_FAILED, EgressStatus.EGRESS_ABORTED, EgressStatus.EGRESS_LIMIT_REACHED]);

export const egressEnded = (info: EgressInfo): boolean => ENDED.has(info.status);

/** Ended with its outputs whole: complete, or cut at the media server's time limit. */
export const egressSucceeded = (info: EgressInfo): boolean => info.status === EgressStatus.EGRESS_COMPLETE || info.status === EgressStatus.EGRESS_LIMIT_REACHED;

/** How often `settle` asks whether a stopped egress has finished its files. */
const SETTLE_POLL_MS = 500;

/** What `settle` answers when the media server says the egress ended. */
export type Settled = { readonly info: EgressInfo } | Problem;

function encodedOutputs(outputs: EgressOutputs): EncodedOutputs {
  const { file, segments, streams, images } = outputs;
  return {
    file: file === undefined ? undefined : new EncodedFileOutput({ fileType: EncodedFileType.MP4, filepath: file }),
    segments:
      segments === undefined
        ? undefined
        : new SegmentedFileOutput({ protocol: SegmentedFileProtocol.HLS_PROTOCOL, filenamePrefix: segments.prefix, playlistName: segments.playlist, segmentDuration: segments.seconds }),
    stream: streams === undefined ? undefined : new StreamOutput({ protocol: StreamProtocol.RTMP, urls: [...streams] }),
    images:
      images === undefined
        ? undefined
        : new ImageOutput({ captureInterval: images.everySeconds, width: images.width, height: images.height, filenamePrefix: images.prefix }),
  };
}

/** LiveKit's answer for an egress it has no record of (a 404, or "egress does not exist" from its store). */
const egressMissing = (err: unknown): boolean => {
  const e = err as { status?: unknown; code?: unknown; message?: unknown };
  return e.status === 404 || e.code === "not_found" || /egress does not exist/i.test(String(e.message));
};

/**
 * A failed egress call as the caller's problem: no worker took the job (503 `egress_unavailable`,
 * the optional component missing), the room is not on the media server (404), LiveKit refused the
 * request (400), or LiveKit itself is down (503 `media_server_unavailable`).
 */
export function egressProblem(err: unknown, room: string): Problem {
  if (noEgressWorker(err)) {
    return problem(
      "egress_unavailable",
      `no egress worker took the job for room ${room}: run LiveKit's egress service on the same Redis as the media server (see "Recording LiveKit rooms" in docs/recording.md), then try again`,
    );
  }
  const e = err as { status?: unknown; code?: unknown; message?: unknown };
  if (e.status === 404 || e.code === "not_found") return problem("not_found", `room ${room} is not on the media server: ${String(e.message ?? "not found")}`);
  return mediaServerDown(err);
}

/**
 * The media server's egress, for every domain that records or sends a room somewhere (recording,
 * live HLS, restream, snapshots): one place that builds the requests, maps LiveKit's failures to
 * problems and waits for a stopped egress to finish its files.
 */
export class Egresses {
  private readonly log: Logger;

  constructor(private readonly o: { readonly servers: MediaServers; readonly logger: Logger }) {
    this.log = o.logger.child({ component: "egress" });
  }

  private server(app: string): MediaServer | Problem {
    return this.o.servers.forApp(app) ?? MEDIA_SERVER_MISSING;
  }

  /** Starts an egress of `room` (the media server's name) writing or sending `outputs`. */
  async start(app: string, room: string, source: EgressSource, outputs: EgressOutputs): Promise<EgressInfo | Problem> {
    const server = this.server(app);
    if (isProblem(server)) return server;
    const encoded = encodedOutputs(outputs);
    try {
      const info = await server.startEgress((client) =>
        source.kind === "participant" ? client.startParticipantEgress(room, source.identity, encoded) : client.startRoomCompositeEgress(room, encoded, { layout: source.layout }),
      );
      this.log.info({ app, room, egressId: info.egressId, source: source.kind, outputs: Object.keys(outputs) }, "egress started");
      return info;
    } catch (err) {
      this.log.warn({ app, room, err: (err as Error).message }, "egress start failed");
      return egressProblem(err, room);
    }
  }

  /** What the media server knows of an egress; undefined when it knows nothing of it. */
  async info(app: string, egressId: string): Promise<EgressInfo | undefined | Problem> {
    const server = this.server(app);
    if (isProblem(server)) return server;
    try {
      const [info] = await server.egress.listEgress({ egressId });
      return info;
    } catch (err) {
      return egressMissing(err) ? undefined : mediaServerDown(err);
    }
  }

  /** The egresses that have not ended, of one room or of the app's whole media server. */
  async active(app: string, room?: string): Promise<EgressInfo[] | Problem> {
    const server = this.server(app);
    if (isProblem(server)) return server;
    try {
      return await server.egress.listEgress({ roomName: room, active: true });
    } catch (err) {
      return mediaServerDown(err);
    }
  }

  /**
   * Stops an egress; one that has ended already is no error (stopping is idempotent): its last
   * state is the answer.
   */
  async stop(app: string, egressId: string): Promise<EgressInfo | Problem> {
    const server = this.server(app);
    if (isProblem(server)) return server;
    try {
      return await server.egress.stopEgress(egressId);
    } catch (err) {
      if (egressMissing(err)) return problem("not_found", `the media server knows no egress ${egressId}`);
      const known = await this.info(app, egressId);
      if (known !== undefined && !isProblem(known) && egressEnded(known)) return known;
      if (known === undefined) return problem("not_found", `the media server knows no egress ${egressId}`);
      return mediaServerDown(err);
    }
  }

  /**
   * Stops an egress and waits (at most `timeoutMs`) until the media server says it ended, so its
   * files are whole: the answer carries the final state, complete or failed.
   */
  async settle(app: string, egressId: string, timeoutMs: number): Promise<Settled> {
    const stopped = await this.stop(app, egressId);
    if (isProblem(stopped)) return stopped;
    const deadline = Date.now() + timeoutMs;
    let info: EgressInfo | undefined = stopped;
    while (!egressEnded(info)) {
      if (Date.now() > deadline) {
        return problem("media_server_unavailable", `egress ${egressId} was stopped but had not ended after ${Math.round(timeoutMs / 1000)} s (last state ${EgressStatus[info.status]})`);
      }
      await sleep(SETTLE_POLL_MS);
      const next = await this.info(app, egressId);
      if (next === undefined) return problem("not_found", `the media server forgot egress ${egressId} while it ended`);
      if (!isProblem(next)) info = next;
    }
    return { info };
  }
}
