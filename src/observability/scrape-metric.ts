import type { Metric } from "prom-client";

/** One sample of a metric read at scrape time. */
export interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/**
 * A metric whose samples are computed when Prometheus scrapes, in the shape prom-client's registry
 * reads (`name`, `help`, `type`, `get()`). Hot paths keep plain numbers and pay nothing per event;
 * prom-client's own counters re-hash their labels on every increment. Samples read from the
 * databases are awaited (the registry awaits `get()`).
 */
export function scrapeMetric(name: string, help: string, type: "counter" | "gauge" | "histogram", values: () => Sample[] | Promise<Sample[]>, reset: () => void = () => {}): Metric {
  const collector = {
    name,
    help,
    type,
    aggregator: "sum",
    get: async () => ({ name, help, type, aggregator: "sum", values: await values() }),
    reset,
  };
  return collector as unknown as Metric;
}
