import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { namespaceRoom } from "../apps/namespacing.ts";
import type { AppConfigService } from "../apps/config/service.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import type { AppRef } from "../apps/store.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import type { Problem } from "../lib/problem.ts";
import type { MediaServers } from "../media/servers.ts";
import type { CameraRooms } from "../mjpeg/module.ts";
import type { VodsApi } from "../vods/module.ts";
import { withoutCamera } from "./rooms.ts";

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
  readonly servers: MediaServers;
  readonly configs: AppConfigService;
  readonly s3: S3Clients;
  readonly vods: VodsApi;
  readonly events: EventDispatcher;
  readonly dataDir: string;
  readonly logger: Logger;
}

/**
 * Frames captured now (SPEC 4.13 `POST /snapshots`, and every `snapshot_seconds` while a room
 * records): a camera room's newest frame as it is (it is a JPEG already), kept in the app's
 * `snapshots/` folder and uploaded when the app has S3, then `snapshot_taken`. A media-server
 * room needs the egress worker's image capture, which this deployment does not have yet.
 */
export class Snapshots {
  private readonly log: Logger;

  constructor(private readonly o: SnapshotsOptions) {
    this.log = o.logger.child({ component: "snapshots" });
  }

  async take(app: AppRef, roomName: string, vodId: number | null = null): Promise<Snapshot | Problem> {
    const room = namespaceRoom(this.o.configs.get(app.name).room_prefix ?? app.name, roomName);
    if (typeof room !== "string") return room;
    const jpeg = this.o.cameras.latestFrame(app.name, room);
    if (!jpeg) return withoutCamera(this.o.servers, app, room, "a snapshot of it");
    const takenAt = new Date();
    const name = `${room}-${takenAt.toISOString().replace(/[-:.]/g, "")}.jpg`;
    const dir = path.join(this.o.dataDir, "apps", app.name, "snapshots");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name);
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
