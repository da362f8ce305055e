import type { Registry } from "prom-client";
import type { AppStore } from "../apps/store.ts";
import { unlessUnavailableAsync } from "../db/app-unavailable.ts";
import { scrapeMetric } from "../observability/scrape-metric.ts";
import type { StreamTracker } from "./tracker.ts";

/** `service_active_streams{app}`, read at scrape time from each app's (cached) active rows. */
export function registerStreamMetrics(registry: Registry, apps: AppStore, tracker: StreamTracker): void {
  registry.registerMetric(
    scrapeMetric("service_active_streams", "Live streams, by app", "gauge", () =>
      Promise.all(
        apps.list({ all: true }).map(async (app) => ({ labels: { app: app.name }, value: await unlessUnavailableAsync(0, async () => (await tracker.store(app).active()).length) })),
      ),
    ),
  );
}
