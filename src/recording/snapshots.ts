import { mkdirSync, writeFileSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppService } from "../apps/service.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import type { AppRef } from "../apps/store.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import type { Egresses } from "../egress/service.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { MediaServers } from "../media/servers.ts";
import type { MediaTasks } from "../core/pools.ts";
import type { PulledCameras } from "../ingest/pulled.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { VodsApi } from "../vods/module.ts";

/** What a snapshot answers and `snapshot_taken` carries. */
export interface Snapshot {
  readonly room: string;
  /** The file under the app's `snapshots/` folder. */
  readonly file: string;
  /** Its S3 key, or null when the app has no S3 block (or the upload failed). */
  readonly key: string | null;
  /** Where to fetch it: the public URL, else a presigned one (1 h), else null. */
  readonly url: string | null;
  readonly sizeBytes: number;
  readonly takenAt: string;
  /** The recording it was taken for (`snapshot_seconds`), if any. */
  readonly vodId: number | null;
}

export interface SnapshotsOptions {
  readonly cameras: CameraRooms;
  /** A pulled camera's picture is its newest keyframe, decoded (issue 33). */
  readonly pulled: Pick<PulledCameras, "keyframe">;
  readonly media: TaskPool<MediaTasks>;
  readonly servers: MediaServers;
  readonly egresses: Egresses;
  readonly configs: AppConfigService;
  readonly apps: AppService;
  readonly s3: S3Clients;
  readonly vods: VodsApi;
  readonly events: EventDispatcher;
  readonly dataDir: string;
  readonly logger: Logger;
}

/** How long a media-server room gets to deliver its first frame to an image egress. */
const EGRESS_FRAME_TIMEOUT_MS = 20_000;
const EGRESS_FRAME_POLL_MS = 200;

/** A whole JPEG ends with the EOI marker; one still being written does not. */
const wholeJpeg = (b: Buffer): boolean => b.length > 4 && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;

/**
 * Frames captured now (SPEC 4.13 `POST /snapshots`, and every `snapshot_seconds` while a camera
 * room records): a camera room's newest frame as it is (it is a JPEG already); a media-server
 * room's from a short image-output egress of the room (its first frame, then the egress is
 * stopped). Kept in the app's `snapshots/` folder and uploaded when the app has S3, then
 * `snapshot_taken`.
 */
export class Snapshots {
  private readonly log: Logger;

  constructor(private readonly o: SnapshotsOptions) {
    this.log = o.logger.child({ component: "snapshots" });
  }

  async take(app: AppRef, roomName: string, vodId: number | null = null): Promise<Snapshot | Problem> {
    const room = this.o.apps.roomOf(app, roomName);
    if (typeof room !== "string") return room;
    const takenAt = new Date();
    const name = `${room}-${takenAt.toISOString().replace(/[-:.]/g, "")}.jpg`;
    const dir = path.join(this.o.dataDir, "apps", app.name, "snapshots");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name);
    const jpeg = this.o.cameras.latestFrame(app.name, room) ?? (await this.fromPulled(app.name, room, file)) ?? (await this.fromEgress(app.name, room, file));
    if (isProblem(jpeg)) return jpeg;
    writeFileSync(file, jpeg);
    const key = await this.upload(app, file, name);
    const snapshot: Snapshot = {
      room,
      file: name,
      key,
      url: key === null ? null : await this.o.vods.service.objectUrl(app, key),
      sizeBytes: jpeg.length,
      takenAt: takenAt.toISOString(),
      vodId,
    };
    this.o.events.emit(app.name, "snapshot_taken", room, { ...snapshot });
    return snapshot;
  }

  /**
   * A pulled camera's picture: its newest keyframe (with the init section, a file a decoder
   * reads) decoded to a JPEG by ffmpeg in the media pool, off the event loop; one frame, no more.
   * Undefined when no camera is pulled in the room here.
   */
  private async fromPulled(app: string, room: string, file: string): Promise<Buffer | Problem | undefined> {
    const keyframe = await this.o.pulled.keyframe(app, room);
    if (!keyframe) return undefined;
    const source = file.replace(/\.jpg$/, "-keyframe.mp4");
    writeFileSync(source, keyframe);
    try {
      await this.o.media.run("snapshot", { file: source, out: file, atSeconds: 0 });
      return await readFile(file);
    } catch (err) {
      this.log.warn({ app, room, err: (err as Error).message }, "could not decode a pulled camera's keyframe");
      return problem("service_unavailable", `room ${room}'s camera sent a picture that could not be decoded; retry in a moment`, { headers: { "retry-after": "2" } });
    } finally {
      await rm(source, { force: true });
    }
  }

  /**
   * A media-server room's frame: an egress of the room with only an image output next to
   * `file`, its first whole JPEG, then the egress stopped (the answer does not wait for its end)
   * and its images removed once it ended.
   */
  private async fromEgress(app: string, room: string, file: string): Promise<Buffer | Problem> {
    if (!this.o.servers.forApp(app)) return problem("not_found", `room ${room} has no live camera and no media server is configured; try again once its camera is connected`);
    const prefix = file.replace(/\.jpg$/, "-egress");
    const layout = this.o.configs.get(app).recording.layout;
    const info = await this.o.egresses.start(app, room, { kind: "room-composite", layout }, { images: { prefix, everySeconds: 1, width: 0, height: 0 } });
    if (isProblem(info)) return info;
    try {
      for (const deadline = Date.now() + EGRESS_FRAME_TIMEOUT_MS; Date.now() < deadline; await sleep(EGRESS_FRAME_POLL_MS)) {
        const [first] = await this.egressFrames(prefix);
        const jpeg = first && (await readFile(first).catch(() => undefined));
        if (jpeg && wholeJpeg(jpeg)) return jpeg;
      }
      return problem("conflict", `room ${room} sent no video frame within ${EGRESS_FRAME_TIMEOUT_MS / 1000} s; a snapshot needs a published video track`);
    } finally {
      void this.o.egresses.settle(app, info.egressId, EGRESS_FRAME_TIMEOUT_MS).then(() => this.cleanUp(prefix));
    }
  }

  /**
   * The frames an image egress wrote under `prefix`, oldest first: `<prefix>_<index>.jpg` or
   * `.jpeg` (egress versions differ in where the index starts and in the suffix).
   */
  private async egressFrames(prefix: string): Promise<string[]> {
    const dir = path.dirname(prefix);
    const base = `${path.basename(prefix)}_`;
    const names = await readdir(dir).catch(() => [] as string[]);
    return names.filter((f) => f.startsWith(base) && /\.jpe?g$/.test(f)).sort().map((f) => path.join(dir, f));
  }

  /** The image egress's own files, once it stopped writing them. */
  private async cleanUp(prefix: string): Promise<void> {
    for (const f of await this.egressFrames(prefix)) await rm(f, { force: true });
  }

  /** The S3 key, or null without S3; a failed upload keeps the local file and is logged. */
  private async upload(app: AppRef, file: string, name: string): Promise<string | null> {
    const s3 = this.o.s3.get(app.name);
    if (!s3) return null;
    const key = `${this.o.configs.get(app.name).s3.prefix}${app.name}/snapshots/${name}`;
    try {
      await this.o.vods.uploader.upload(s3, key, file, "image/jpeg", { attempts: 2 });
      return key;
    } catch (err) {
      this.log.warn({ app: app.name, file, err: (err as Error).message }, "snapshot kept locally: the upload failed");
      return null;
    }
  }
}
