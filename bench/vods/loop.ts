/**
 * The service's event loop while it does its heaviest VOD work: four uploads at once (probe,
 * snapshot and multipart upload each) and an adaptive ladder transcode, all started through the
 * API (`retry` of failed VODs whose files are real recordings). The service runs in this process,
 * so `monitorEventLoopDelay` sees its loop; the bench itself only polls.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { vodStore } from "../../src/vods/store.ts";
import type { VodView } from "../../src/vods/service.ts";
import type { Minio } from "../../test/helpers/minio.ts";
import type { TestServer } from "../../test/helpers/server.ts";

export interface LoopFigures {
  readonly uploads: number;
  readonly megabytes: number;
  readonly seconds: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/** A failed VOD of `app` whose local file is a copy of `video`, ready to be retried. */
async function failedVod(server: TestServer, app: string, video: string, n: number): Promise<number> {
  const dir = path.join(server.dataDir, "apps", app, "recordings");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bench-${n}.mp4`);
  copyFileSync(video, file);
  const store = vodStore(server.app.databases.appSql(app));
  const { id } = await store.insert({ room: `${app}-bench`, stream_id: null, egress_id: `CR_loop_${n}`, source: "camera", part: 0, local_path: file, started_at: new Date().toISOString() });
  await store.markFailed(id, "upload_failed", "made by the bench", new Date().toISOString());
  return id;
}

export async function measureLoop(server: TestServer, minio: Minio, video: string, videoBytes: number): Promise<LoopFigures> {
  await minio.createBucket("bench-loop");
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
  const s3 = { provider: "s3-compatible", bucket: "bench-loop", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey };
  for (const app of ["plain", "ladder"]) {
    if ((await call("POST", "/api/v1/apps", { name: app })).status !== 201) throw new Error(`could not create app ${app}`);
    if ((await call("PUT", `/api/v1/apps/${app}/s3`, s3)).status !== 200) throw new Error(`could not configure S3 of ${app}`);
  }
  const ladder = { vodAdaptive: true, vodRenditions: [{ height: 480, bitrateKbps: 1200 }, { height: 240, bitrateKbps: 400 }] };
  if ((await call("PATCH", "/api/v1/apps/ladder/config", ladder)).status !== 200) throw new Error("could not turn the ladder on");
  const vods = [
    ...(await Promise.all([1, 2, 3].map(async (n) => ({ app: "plain", id: await failedVod(server, "plain", video, n) })))),
    { app: "ladder", id: await failedVod(server, "ladder", video, 4) },
  ];
  const view = async (v: { app: string; id: number }) => ((await call("GET", `/api/v1/apps/${v.app}/vods/${v.id}`)).json as { data: VodView }).data;

  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  for (const v of vods) {
    const res = await call("POST", `/api/v1/apps/${v.app}/vods/${v.id}/retry`);
    if (res.status !== 200) throw new Error(`retry of ${v.app}/${v.id} answered ${res.status}: ${res.text}`);
  }
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const views = await Promise.all(vods.map(view));
    const failed = views.find((v) => v.status === "failed" || v.adaptive?.status === "failed");
    if (failed) throw new Error(`VOD ${failed.id} failed: ${JSON.stringify(failed.failure ?? failed.adaptive)}`);
    if (views.every((v) => v.status === "ready") && views[3]?.adaptive?.status === "ready") break;
    if (Date.now() > deadline) throw new Error("the uploads and the ladder did not finish within 10 minutes");
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  return {
    uploads: vods.length,
    megabytes: (videoBytes * vods.length) / 1e6,
    seconds,
    p50Ms: delay.percentile(50) / 1e6,
    p99Ms: delay.percentile(99) / 1e6,
    maxMs: delay.max / 1e6,
  };
}
