import { existsSync } from "node:fs";
import type { Logger } from "pino";
import { fromPromise } from "xstate";
import { vodLifecycle, type VodFailure, type VodLifecycleEvent, type VodLifecycleInput } from "../../machines/vod-lifecycle.ts";
import type { AppRef } from "../apps/store.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { InTurn } from "../lib/in-turn.ts";
import { pollUntil } from "../lib/poll.ts";
import type { Ownership } from "../peers/ownership.ts";
import type { Supervisor } from "../supervisor/supervisor.ts";
import { fileNodeNote } from "./file-node.ts";
import type { Finalizer, FinishedFile } from "./finalize.ts";
import type { VodMetrics } from "./metrics.ts";
import { vodStore, type NewVod, type VodRow } from "./store.ts";

/** What the recording domain sees of a VOD it writes the file of. */
export type RecordingVod = Pick<VodRow, "id" | "room" | "stream_id" | "egress_id" | "source" | "part" | "status" | "local_path">;

/** What start, stop and retry answer (SPEC 4.11). */
export interface RecordingState {
  readonly vodId: number;
  readonly egressId: string;
  readonly status: "recording" | "uploading";
}

/** What a split egress recording's playlist says: each complete segment is one VOD part. */
export interface SplitParts {
  readonly room: string;
  readonly streamId: string | null;
  /** The media server's egress id; part N is the VOD whose `egressId` is `<egressId>.N`. */
  readonly egressId: string;
  /** The files of the complete segments, part 1 first. */
  readonly complete: readonly string[];
  /** The file of the part being written now, once the egress has opened it. */
  readonly next: string | undefined;
  /** The egress ended (stopped, or its playlist is closed): no part follows. */
  readonly ended: boolean;
}

/** What the source of a VOD's file left when it was brought to its end. */
export interface SourceEnd {
  /** A recorder of ours: how its file ended. */
  readonly recorded?: FinishedFile;
  /** A split egress recording: its final playlist. */
  readonly parts?: SplitParts;
}

/**
 * What writes a VOD's file. The recording domain registers it (it is listed after vods): the
 * VOD's actor asks it, and never gets a call back.
 */
export interface VodSource {
  /**
   * The VOD leaves `recording`: end what writes its file and answer what it left. `egressEnded`
   * says the media server reported its egress complete (nothing to stop). Throws
   * `VodFailedError` when the file cannot be whole.
   */
  end(app: string, vod: RecordingVod, o: { readonly egressEnded: boolean }): Promise<SourceEnd>;
  /** After a restart, a VOD still `recording`: whether its source writes on (a media-server egress does). */
  resumed(app: string, vod: RecordingVod): boolean;
}

export interface VodRecordingsOptions {
  readonly databases: Databases;
  readonly supervisor: Supervisor;
  /** Which node runs each VOD's actor (one per VOD, cluster-wide). */
  readonly ownership: Ownership;
  /** This node, written on the VODs whose files it writes. */
  readonly node: string;
  readonly events: EventDispatcher;
  readonly finalizer: Finalizer;
  readonly metrics: VodMetrics;
  readonly logger: Logger;
}

const actorId = (app: string, vodId: number): string => `vod:${app}:${vodId}`;
/** App names have no colon (`vod:<app>:<id>`). */
function parseActorId(key: string): { app: string; vodId: number } {
  const [, app = "", id = ""] = key.split(":");
  return { app, vodId: Number(id) };
}

/** What another node forwards to a VOD's own node: the media server's word on its egress, or a stop. */
type ForwardedVodMessage = { op: "egress_ended"; egressId: string; event: VodLifecycleEvent } | { op: "stop" };

/** How long a stop that reached another node waits for the VOD's own node to move it on. */
const FORWARDED_STOP_WAIT_MS = 3000;

/** Parts of one split recording share their recorder id before the `.<part>` suffix. */
const sameRecording = (a: string, b: string): boolean => a === b || a.replace(/\.\d+$/, "") === b.replace(/\.\d+$/, "");

/** Until the recording module registers its source, nothing writes a file. */
const NO_SOURCE: VodSource = { end: async () => ({}), resumed: () => false };

/**
 * The VODs being recorded and finished. Every VOD runs as one `vodLifecycle` actor under the
 * supervisor, spawned here: its source (a camera room's ffmpeg, a media-server egress) tells it
 * through this API when it ended, and the actor's `finalize` asks the registered `VodSource` to
 * bring it to its end, then finishes the file (finalize.ts).
 */
export class VodRecordings {
  /** VOD actors whose egress the media server reported complete: their file is whole, nothing to stop. */
  private readonly egressComplete = new Set<string>();
  /** VOD actors of split parts whose segment is complete while their egress goes on. */
  private readonly partsDone = new Set<string>();
  private source = NO_SOURCE;
  private readonly log: Logger;
  /** Set at shutdown: a finalize cut short by it is resumed at the next start, not failed. */
  private closing = false;
  /** Each actor's `uploading` being written to its row: its finalize, and a stop's answer, wait for it. */
  private readonly uploadingWrites = new Map<string, Promise<void>>();
  /** A split recording's parts are begun one call at a time: two must not both insert part N. */
  private readonly splitParts = new InTurn<string>();

  constructor(private readonly o: VodRecordingsOptions) {
    this.log = o.logger.child({ component: "vod-recordings" });
    o.ownership.register("vod:", {
      adopt: async (key) => {
        const { app, vodId } = parseActorId(key);
        const row = await unlessUnavailableAsync(undefined, () => this.store(app).get(vodId));
        if (row?.status !== "recording" && row?.status !== "uploading") return false;
        this.pickUp(app, row);
        return true;
      },
      deliver: async (key, message) => {
        const { app, vodId } = parseActorId(key);
        const m = message as ForwardedVodMessage;
        if (m.op === "egress_ended") await this.egressEnded(app, m.egressId, m.event);
        else this.o.supervisor.get(actorId(app, vodId))?.send({ type: "stop" });
      },
    });
  }

  /** The recording module's source of files. */
  register(source: VodSource): void {
    this.source = source;
  }

  /** The recording in progress in a room, if any. */
  async recordingIn(app: string, room: string): Promise<RecordingVod | undefined> {
    return await this.store(app).recordingIn(room);
  }

  /** A source started writing a VOD's file: its row (status `recording`) and its actor; answers its id. */
  async begin(app: string, vod: NewVod): Promise<number> {
    const row = await this.store(app).insert({ ...vod, node: this.o.node });
    await this.claimAndSpawn(app, row);
    return row.id;
  }

  /** The source ended on its own (the camera left, the part was cut): the VOD moves on to uploading. */
  sourceEnded(app: string, vodId: number): void {
    this.o.supervisor.get(actorId(app, vodId))?.send({ type: "source_ended" });
  }

  /**
   * The media server's word on the egress writing a VOD (a webhook, or its answer when asked):
   * the VOD recorded by it moves on. A split recording's egress is the one of its part being
   * written now. Egresses without a VOD recording (live HLS, stream outputs) are not ours.
   */
  async egressEnded(app: string, egressId: string, event: VodLifecycleEvent): Promise<void> {
    const row = await unlessUnavailableAsync(undefined, async () => {
      const store = this.store(app);
      return (await store.getByEgress(egressId)) ?? (await store.lastPartOf(egressId));
    });
    if (row?.status !== "recording") return;
    // The webhook may reach any node: the VOD's own node moves it on.
    if ((await this.o.ownership.forward(actorId(app, row.id), { op: "egress_ended", egressId, event } satisfies ForwardedVodMessage)) !== "here") return;
    if (event.type === "source_ended") this.egressComplete.add(actorId(app, row.id));
    this.o.supervisor.get(actorId(app, row.id))?.send(event);
  }

  /** Egress VODs still recording (none while the app's database is unavailable). */
  async recordingEgresses(app: string): Promise<RecordingVod[]> {
    const rows = await unlessUnavailableAsync([], () => this.store(app).unfinished());
    return rows.filter((row) => row.status === "recording" && row.source === "egress");
  }

  /**
   * Parts of a split egress recording, as its playlist lists them: a part gets its row once the
   * egress has begun it, and moves on once its segment is complete, each once. While the egress
   * goes on, the last complete part stays the recording one until the next is begun, so a stop
   * always finds a part recording. Calls for one recording run one at a time, so a part is
   * never begun twice (its playlist's watcher and its VOD's finalize both read the playlist).
   */
  parts(app: string, p: SplitParts): Promise<void> {
    return this.splitParts.run(`${app}:${p.egressId}`, () => unlessUnavailableAsync(undefined, () => this.partsOf(app, p)));
  }

  private async partsOf(app: string, p: SplitParts): Promise<void> {
    const store = this.store(app);
    const complete = p.complete.length;
    const nextRow = await store.getByEgress(`${p.egressId}.${complete + 1}`);
    const nextBegun = !p.ended && (nextRow !== undefined || p.next !== undefined);
    if (nextBegun && !nextRow && p.next !== undefined) await this.beginPart(app, p, complete + 1, p.next);
    for (const [i, file] of p.complete.entries()) {
      const part = i + 1;
      const row = (await store.getByEgress(`${p.egressId}.${part}`)) ?? (await this.beginPart(app, p, part, file));
      if (row.status !== "recording" || !(part < complete || p.ended || nextBegun)) continue;
      this.partsDone.add(actorId(app, row.id));
      this.sourceEnded(app, row.id);
    }
  }

  private async beginPart(app: string, p: SplitParts, part: number, file: string): Promise<VodRow> {
    const row = await this.store(app).insert({ room: p.room, stream_id: p.streamId, egress_id: `${p.egressId}.${part}`, source: "egress", part, local_path: file, started_at: new Date().toISOString(), node: this.o.node });
    this.log.info({ app, room: p.room, egressId: p.egressId, part, vodId: row.id }, "recording part begun");
    await this.claimAndSpawn(app, row);
    return row;
  }

  /** Stops by VOD id or recorder id; the answer comes before the upload, which goes on in the actor. */
  async stop(app: AppRef, id: string): Promise<RecordingState | Problem> {
    const store = this.store(app.name);
    const row = /^\d+$/.test(id) ? await store.get(Number(id)) : ((await store.getByEgress(id)) ?? (await store.lastPartOf(id)));
    if (!row) return problem("not_found", `app ${app.name} has no recording ${id}`);
    // A split recording goes on in its latest part: any part's id stops that one.
    const current = row.status === "recording" ? row : await store.recordingIn(row.room);
    if (!current || !sameRecording(current.egress_id, row.egress_id)) return problem("conflict", `VOD ${row.id} is ${row.status}, not recording`);
    const actor = actorId(app.name, current.id);
    const where = await this.o.ownership.forward(actor, { op: "stop" } satisfies ForwardedVodMessage);
    if (where === "here") this.o.supervisor.get(actor)?.send({ type: "stop" });
    // The answer says `uploading`: the row says so too before it goes (a failed write fails the VOD).
    if (where === "sent") await this.untilMoved(app.name, current.id);
    await this.uploadingWrites.get(actor)?.catch(() => {});
    return { vodId: current.id, egressId: current.egress_id, status: "uploading" };
  }

  /**
   * Runs a failed VOD's finalize again (after S3 came back, or its keys were fixed): failed ->
   * uploading, with the result of that attempt to follow as usual. 409 unless it failed with its
   * local file still there.
   */
  async retry(app: AppRef, id: number): Promise<RecordingState | Problem> {
    const store = this.store(app.name);
    const row = await store.get(id);
    if (!row) return problem("not_found", `app ${app.name} has no VOD ${id}`);
    if (row.status !== "failed") return problem("conflict", `VOD ${id} is ${row.status}; only a failed VOD can be retried`);
    if (row.local_path === null || !existsSync(row.local_path)) return problem("conflict", `VOD ${id} has no local file left to upload; it cannot be retried${fileNodeNote(row, this.o.node)}`);
    // Two retries racing: the row moves once, and only that one runs the VOD's finalize again.
    if (!(await store.markRetry(id, new Date().toISOString()))) return problem("conflict", `VOD ${id} is being retried already`);
    await this.claimAndSpawn(app.name, { ...row, status: "uploading" });
    this.log.info({ app: app.name, vodId: id }, "retrying a failed VOD");
    return { vodId: id, egressId: row.egress_id, status: "uploading" };
  }

  /**
   * Picks up every VOD the last process left unfinished, app by app (an unavailable app's wait
   * for its restart). An `uploading` one finalizes again (a re-upload of the same key replaces a
   * partial one). A `recording` one whose source did not outlive that process (our own ffmpeg)
   * moves on to uploading as if its source had ended: its file ends where the process did.
   */
  async resume(apps: readonly string[]): Promise<void> {
    for (const app of apps) {
      for (const row of await unlessUnavailableAsync([], () => this.store(app).unfinished())) {
        // Another live node's VOD is its own; one whose node stopped is adopted by whichever node claims it.
        if (this.o.supervisor.get(actorId(app, row.id)) || !(await this.o.ownership.claim(actorId(app, row.id)))) continue;
        this.pickUp(app, row);
      }
    }
  }

  /** A deleted app's VOD actors stop; what writes their files is the recording module's to stop. */
  forgetApp(app: string): void {
    for (const id of this.o.supervisor.ids(`vod:${app}:`)) {
      this.egressComplete.delete(id);
      this.partsDone.delete(id);
      this.o.supervisor.stop(id);
    }
  }

  /** Shutdown: failures from here on are the shutdown's, and the next start resumes those VODs. */
  close(): void {
    this.closing = true;
  }

  /**
   * Runs an unfinished VOD this node did not start (after a restart, or adopted from a node that
   * stopped). A `recording` one whose source did not outlive that process moves on to uploading.
   */
  private pickUp(app: string, row: VodRow): void {
    this.spawn(app, row);
    if (row.status === "recording" && !this.source.resumed(app, row)) this.sourceEnded(app, row.id);
    this.log.info({ app, vodId: row.id, status: row.status }, "resuming an unfinished VOD");
  }

  /** A VOD this node starts: its lease, then its actor (a new row's lease is free unless its id was another app's). */
  private async claimAndSpawn(app: string, row: VodRow): Promise<void> {
    if (!(await this.o.ownership.claim(actorId(app, row.id)))) {
      this.log.warn({ app, vodId: row.id }, "another live node holds this VOD's lease; it runs there");
      return;
    }
    this.spawn(app, row);
  }

  /** Waits (bounded) until the VOD's own node has moved it on from `recording`, as a local stop does. */
  private async untilMoved(app: string, vodId: number): Promise<void> {
    await pollUntil(async () => (await this.store(app).get(vodId))?.status !== "recording", FORWARDED_STOP_WAIT_MS);
  }

  private store(app: string) {
    return vodStore(this.o.databases.appSql(app));
  }

  private spawn(app: string, row: VodRow): void {
    const id = actorId(app, row.id);
    const logic = vodLifecycle.provide({
      actions: {
        persist: (_, status) => {
          if (status === "uploading") this.recordUploading(app, row.id);
        },
        failed: (_, failure) => {
          this.failed(app, row, failure).catch((err: Error) => this.log.error({ app, vodId: row.id, err: err.message }, "could not record a failed VOD"));
        },
      },
      actors: {
        finalize: fromPromise<void, VodLifecycleInput>(async () => {
          // The row says `uploading` first: `ready` is only written over it. A failed write fails the VOD.
          const uploading = this.uploadingWrites.get(id);
          // On its own turn: whoever moved the VOD on (a recorder telling it its camera left, a
          // stop) has returned before its source is asked to end, so no call comes back into it.
          await Promise.resolve();
          await uploading;
          // A part whose segment is complete has nothing to end: its egress goes on with the next.
          const ended = this.partsDone.delete(id) ? {} : await this.source.end(app, row, { egressEnded: this.egressComplete.delete(id) });
          if (ended.parts) await this.parts(app, ended.parts);
          await this.o.finalizer.finalize(app, row.id, ended.recorded);
        }),
      },
    });
    const input = { vodId: row.id, app, room: row.room, status: row.status === "uploading" ? "uploading" : "recording" } as const;
    this.o.supervisor.spawn(id, logic, input);
  }

  /** Entering `uploading`, written as the actor's step that its finalize awaits. */
  private recordUploading(app: string, vodId: number): void {
    const id = actorId(app, vodId);
    const write = (async () => {
      await this.store(app).markUploading(vodId, new Date().toISOString());
    })();
    this.uploadingWrites.set(id, write);
    // Whoever awaits it handles its failure (finalize fails the VOD); the map only forgets it.
    write
      .catch(() => {})
      .finally(() => {
        if (this.uploadingWrites.get(id) === write) this.uploadingWrites.delete(id);
      });
  }

  private async failed(app: string, row: VodRow, failure: VodFailure): Promise<void> {
    if (this.closing) return;
    if (!(await this.store(app).markFailed(row.id, failure.reason, failure.detail, new Date().toISOString()))) return;
    this.log.warn({ app, vodId: row.id, ...failure }, "recording failed");
    this.o.metrics.recordingFailed(app, failure.reason);
    this.o.events.emit(app, "recording_failed", row.room, { vodId: row.id, app, room: row.room, streamId: row.stream_id ?? "", ...failure });
  }
}
