import type { Registry } from "prom-client";
import type { AppStore } from "../apps/store.ts";
import { unlessUnavailable } from "../db/app-unavailable.ts";
import { scrapeMetric } from "../observability/scrape-metric.ts";
import type { StreamTracker } from "./tracker.ts";

/** `service_active_streams{app}`, read at scrape time from each app's (cached) active rows. */
export function registerStreamMetrics(registry: Registry, apps: AppStore, tracker: StreamTracker): void {
  registry.registerMetric(
    scrapeMetric("service_active_streams", "Live streams, by app", "gauge", () =>
      apps.list({ all: true }).map((app) => ({ labels: { app: app.name }, value: unlessUnavailable(0, () => tracker.store(app).active().length) })),
    ),
  );
}
