import type { Registry } from "prom-client";
import type { AppStore } from "../apps/store.ts";
import { scrapeMetric, type Sample } from "./scrape-metric.ts";

/** VOD states of SPEC 3.1, the `status` label of `service_vods`. */
const VOD_STATUSES = ["recording", "uploading", "ready", "failed"] as const;

/**
 * The SPEC 4.7 series of features not built yet (recording and VODs, S3 uploads, transcodes),
 * registered now so dashboards and alerts can be written against them: zero for every app where
 * the label values are known, the family alone where they are not (a failure reason, an S3
 * provider, a transcode kind). Each moves into its domain's module when the domain lands.
 */
export function registerPlannedMetrics(registry: Registry, apps: AppStore): void {
  const perApp = (extra: Record<string, string>[] = [{}]) => (): Sample[] =>
    apps.list({ all: true }).flatMap((app) => extra.map((labels) => ({ labels: { app: app.name, ...labels }, value: 0 })));
  const none = (): Sample[] => [];
  const metrics: Array<[string, string, "counter" | "gauge", () => Sample[]]> = [
    ["service_recordings_started_total", "Recordings started, by app", "counter", perApp()],
    ["service_vods_generated_total", "VODs that reached ready, by app", "counter", perApp()],
    ["service_recording_failures_total", "Recordings that failed, by app and reason", "counter", none],
    ["service_upload_queue_depth", "Uploads waiting, by app", "gauge", perApp()],
    ["service_vods", "VODs, by app and status", "gauge", perApp(VOD_STATUSES.map((status) => ({ status })))],
    ["service_s3_uploads_total", "S3 uploads, by provider and result", "counter", none],
    ["service_s3_upload_bytes_total", "Bytes uploaded to S3, by provider", "counter", none],
    ["service_s3_errors_total", "S3 errors, by operation", "counter", none],
    ["service_media_transcode_total", "Transcodes, by kind, acceleration and type", "counter", none],
  ];
  for (const [name, help, type, values] of metrics) registry.registerMetric(scrapeMetric(name, help, type, values));
}
