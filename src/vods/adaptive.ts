import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import { DEFAULT_LAYERS } from "../apps/config/schema.ts";
import type { AppConfigService } from "../apps/config/service.ts";
import type { S3Clients } from "../apps/s3/clients.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import type { TaskPool } from "../lib/task-pool.ts";
import type { GpuStatus } from "../system/gpu.ts";
import { h264Encoder } from "./encoders.ts";
import type { VodMetrics } from "./metrics.ts";
import type { MediaTasks } from "./service.ts";
import { vodStore, type AdaptiveLadder, type VodRow, type VodStore } from "./store.ts";
import type { Uploader } from "./uploader.ts";

export interface AdaptiveOptions {
  readonly databases: Databases;
  readonly configs: AppConfigService;
  readonly s3: S3Clients;
  readonly media: TaskPool<MediaTasks>;
  readonly events: EventDispatcher;
  readonly metrics: VodMetrics;
  readonly uploader: Uploader;
  /** The GPU probe's last answer: a hardware encoder is used when it finds one. */
  readonly gpu: () => Promise<GpuStatus>;
  readonly dataDir: string;
  readonly logger: Logger;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = { ".m3u8": "application/vnd.apple.mpegurl", ".ts": "video/mp2t" };

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(path.join(dir, f)).isFile());
}

/**
 * Adaptive VODs (SPEC 4.15 `vodAdaptive`): after a VOD is ready, its HLS ladder is made in the
 * media pool (one ffmpeg run for every rendition), uploaded under
 * `<prefix><app>/vods/<id>/hls/` with a master playlist, recorded on the row and announced with
 * `vod_variants_ready`. One ladder at a time per process: transcodes are the heaviest work we do,
 * and the pool's other thread stays free for probes. A `pending` ladder is resumed at start.
 */
export class AdaptiveLadders {
  private readonly log: Logger;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly o: AdaptiveOptions) {
    this.log = o.logger.child({ component: "vod-adaptive" });
  }

  /** Whether the app wants ladders; the caller then keeps the local file for us. */
  wanted(app: string): boolean {
    return this.o.configs.get(app).transcoding.vod_adaptive && this.o.s3.get(app) !== undefined;
  }

  /** Queues the VOD's ladder (marked pending at once, so a restart finds it). */
  async request(app: string, vodId: number): Promise<void> {
    await vodStore(this.o.databases.appSql(app)).setAdaptive(vodId, "pending", null);
    this.enqueue(app, vodId);
  }

  /** Queues every pending ladder of these apps (at start). */
  async resume(apps: readonly string[]): Promise<void> {
    for (const app of apps) {
      for (const row of await unlessUnavailableAsync([], () => vodStore(this.o.databases.appSql(app)).pendingAdaptive())) this.enqueue(app, row.id);
    }
  }

  private enqueue(app: string, vodId: number): void {
    this.chain = this.chain.then(() =>
      this.make(app, vodId).catch(async (err: Error) => {
        this.log.warn({ app, vodId, err: err.message }, "adaptive ladder failed");
        await unlessUnavailableAsync(undefined, () => vodStore(this.o.databases.appSql(app)).setAdaptive(vodId, "failed", null)).catch((e: Error) =>
          this.log.error({ app, vodId, err: e.message }, "could not record a failed adaptive ladder"),
        );
      }),
    );
  }

  private async make(app: string, vodId: number): Promise<void> {
    const store = vodStore(this.o.databases.appSql(app));
    const row = await store.get(vodId);
    const s3 = this.o.s3.get(app);
    if (!row || row.status !== "ready" || row.adaptive_status !== "pending" || !s3) return;
    if (row.local_path === null) throw new Error("the VOD has no local file to transcode");
    const config = this.o.configs.get(app);
    const wanted = config.transcoding.vod_renditions.length > 0 ? config.transcoding.vod_renditions : DEFAULT_LAYERS;
    const encoder = h264Encoder(await this.o.gpu().catch(() => undefined));
    const outDir = path.join(this.o.dataDir, "apps", app, "hls", String(vodId));
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    try {
      const made = await this.o.media.run("hlsLadder", {
        file: row.local_path,
        outDir,
        renditions: wanted.map((r) => ({ height: r.height, bitrateKbps: r.bitrate_kbps })),
        segmentSeconds: config.transcoding.hls_segment_seconds,
        sourceHeight: row.height ?? 720,
        encoder: { ...encoder },
      });
      this.o.metrics.transcode("vod_adaptive", encoder.accel, "h264");
      const base = `${config.s3.prefix}${app}/vods/${vodId}/hls/`;
      for (const file of filesUnder(outDir)) {
        const type = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
        await this.o.uploader.upload(s3, base + file.split(path.sep).join("/"), path.join(outDir, file), type);
      }
      const ladder: AdaptiveLadder = {
        masterKey: `${base}master.m3u8`,
        variants: made.renditions.map((r) => ({ name: `${r.height}p`, height: r.height, bitrateKbps: r.bitrateKbps, key: `${base}${r.height}p/index.m3u8` })),
      };
      await store.setAdaptive(vodId, "ready", JSON.stringify(ladder));
      if (config.recording.delete_local_after_upload) await this.dropLocal(row, store);
      this.o.events.emit(app, "vod_variants_ready", row.room, {
        vodId,
        app,
        room: row.room,
        masterKey: ladder.masterKey,
        variants: ladder.variants.map((v) => v.name).join(","),
      });
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }

  /** `delete_local_after_upload` waits for the ladder, which is made from the local file. */
  private async dropLocal(row: VodRow, store: VodStore): Promise<void> {
    if (row.local_path) rmSync(row.local_path, { force: true });
    await store.localDeleted(row.id);
  }
}
