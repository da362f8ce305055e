import type { Registry } from "prom-client";
import type { AppStore } from "../apps/store.ts";
import { scrapeMetric, type Sample } from "../observability/scrape-metric.ts";
import { VOD_STATUSES, type VodStatus } from "./schemas.ts";

/** Counts kept as plain numbers, keyed by their label values joined with NUL. */
class Counts {
  private readonly values = new Map<string, number>();

  constructor(private readonly labels: readonly string[]) {}

  add(values: readonly string[], by = 1): void {
    const key = values.join("\u0000");
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }

  get(values: readonly string[]): number {
    return this.values.get(values.join("\u0000")) ?? 0;
  }

  /** Forgets every series whose first label is `first` (an app being deleted). */
  dropFirst(first: string): void {
    for (const key of this.values.keys()) if (key.split("\u0000")[0] === first) this.values.delete(key);
  }

  samples(): Sample[] {
    return [...this.values].map(([key, value]) => {
      const parts = key.split("\u0000");
      return { labels: Object.fromEntries(this.labels.map((label, i) => [label, parts[i] ?? ""])), value };
    });
  }
}

export interface VodMetricsOptions {
  readonly registry: Registry;
  readonly apps: AppStore;
  /** VODs per status of one app, read from its database at scrape time. */
  readonly counts: (app: string) => Promise<Record<VodStatus, number>>;
}

/**
 * SPEC 4.7's recording, VOD, S3 and transcode series. Events are counted as they happen (a restart starts
 * the counters over, as Prometheus expects of counters); `service_vods{app,status}` and
 * `service_upload_queue_depth{app}` (VODs waiting for or in their upload) come from each app's
 * database at every scrape. Label values stay bounded: apps, the documented failure reasons, the
 * two S3 providers, and the S3 operations we make.
 */
export class VodMetrics {
  private readonly started = new Counts(["app"]);
  private readonly generated = new Counts(["app"]);
  private readonly failures = new Counts(["app", "reason"]);
  private readonly uploads = new Counts(["provider", "result"]);
  private readonly uploadBytes = new Counts(["provider"]);
  private readonly s3Errors = new Counts(["op"]);
  private readonly transcodes = new Counts(["kind", "accel", "type"]);

  constructor(o: VodMetricsOptions) {
    const apps = () => o.apps.list({ all: true }).map((app) => app.name);
    const perApp = (value: (counts: Record<VodStatus, number>) => Sample[]) => async () => {
      const names = apps();
      const counts = await Promise.all(names.map((app) => o.counts(app)));
      return names.flatMap((app, i) => (counts[i] ? value(counts[i]) : []).map((s) => ({ ...s, labels: { app, ...s.labels } })));
    };
    // Every app has these two series from its first scrape on, zero until something happens.
    const everyApp = (counts: Counts) => () => apps().map((app) => ({ labels: { app }, value: counts.get([app]) }));
    const metrics = [
      scrapeMetric("service_recordings_started_total", "Recordings started, by app", "counter", everyApp(this.started)),
      scrapeMetric("service_vods_generated_total", "VODs that reached ready, by app", "counter", everyApp(this.generated)),
      scrapeMetric("service_recording_failures_total", "Recordings that failed, by app and reason", "counter", () => this.failures.samples()),
      scrapeMetric("service_s3_uploads_total", "S3 uploads, by provider and result", "counter", () => this.uploads.samples()),
      scrapeMetric("service_s3_upload_bytes_total", "Bytes uploaded to S3, by provider", "counter", () => this.uploadBytes.samples()),
      scrapeMetric("service_s3_errors_total", "S3 errors, by operation", "counter", () => this.s3Errors.samples()),
      scrapeMetric("service_media_transcode_total", "Transcodes, by kind, acceleration and type", "counter", () => this.transcodes.samples()),
      scrapeMetric("service_upload_queue_depth", "VODs waiting for or in their upload, by app", "gauge", perApp((c) => [{ labels: {}, value: c.uploading }])),
      scrapeMetric("service_vods", "VODs, by app and status", "gauge", perApp((c) => VOD_STATUSES.map((status) => ({ labels: { status }, value: c[status] })))),
    ];
    for (const metric of metrics) o.registry.registerMetric(metric);
  }

  recordingStarted(app: string): void {
    this.started.add([app]);
  }

  vodReady(app: string): void {
    this.generated.add([app]);
  }

  recordingFailed(app: string, reason: string): void {
    this.failures.add([app, reason]);
  }

  upload(provider: string, result: "ok" | "failed", bytes: number): void {
    this.uploads.add([provider, result]);
    if (bytes > 0) this.uploadBytes.add([provider], bytes);
  }

  s3Error(op: "upload"): void {
    this.s3Errors.add([op]);
  }

  /** One transcode run: `vod_adaptive` today; `software` or the GPU kind; the codec. */
  transcode(kind: string, accel: string, type: string): void {
    this.transcodes.add([kind, accel, type]);
  }

  forgetApp(app: string): void {
    for (const counts of [this.started, this.generated, this.failures]) counts.dropFirst(app);
  }
}
