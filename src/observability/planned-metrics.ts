import type { Registry } from "prom-client";
import { scrapeMetric } from "./scrape-metric.ts";

/**
 * The SPEC 4.7 series of features not built yet (transcodes), registered now so dashboards and
 * alerts can be written against them: the family alone, since its label values (a transcode kind)
 * are not known yet. Each moves into its domain's module when the domain lands.
 */
export function registerPlannedMetrics(registry: Registry): void {
  registry.registerMetric(scrapeMetric("service_media_transcode_total", "Transcodes, by kind, acceleration and type", "counter", () => []));
}
