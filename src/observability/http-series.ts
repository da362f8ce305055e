import type { Registry } from "prom-client";
import { scrapeMetric, type Sample } from "./scrape-metric.ts";

const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10] as const;
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

interface RouteSeries {
  readonly method: string;
  readonly route: string;
  readonly byStatus: Map<number, number>;
  /** Non-cumulative counts per bucket; the last slot is +Inf. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * `service_http_requests_total{method,route,status}` and
 * `service_http_request_duration_seconds{method,route}`, kept as plain numbers on the hot path
 * and turned into Prometheus samples only at scrape time. prom-client re-hashes label values on
 * every observation even through `labels()` children, which cost a tenth of a request's CPU.
 */
export class HttpSeries {
  private readonly series = new Map<string, RouteSeries>();

  constructor(registry: Registry) {
    registry.registerMetric(
      scrapeMetric(
        "service_http_requests_total",
        "HTTP requests answered, by method, matched route pattern and status",
        "counter",
        () => this.counterSamples(),
        () => this.series.clear(),
      ),
    );
    registry.registerMetric(
      scrapeMetric(
        "service_http_request_duration_seconds",
        "Time from request to response, by method and matched route pattern",
        "histogram",
        () => this.histogramSamples(),
        () => this.series.clear(),
      ),
    );
  }

  /** `route` is the matched pattern or `unmatched`, never a raw URL. */
  record(method: string, route: string, status: number, seconds: number): void {
    const m = KNOWN_METHODS.has(method) ? method : "OTHER";
    const key = `${m} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      s = { method: m, route, byStatus: new Map(), buckets: new Float64Array(BUCKETS.length + 1), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    s.byStatus.set(status, (s.byStatus.get(status) ?? 0) + 1);
    let i = 0;
    while (i < BUCKETS.length && seconds > (BUCKETS[i] as number)) i++;
    (s.buckets as Float64Array)[i] = (s.buckets[i] as number) + 1;
    s.sum += seconds;
    s.count++;
  }

  private counterSamples(): Sample[] {
    const out: Sample[] = [];
    for (const s of this.series.values()) {
      for (const [status, value] of s.byStatus) {
        out.push({ labels: { method: s.method, route: s.route, status: String(status) }, value });
      }
    }
    return out;
  }

  private histogramSamples(): Sample[] {
    const name = "service_http_request_duration_seconds";
    const out: Sample[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i] as number;
        out.push({ labels: { le, method: s.method, route: s.route }, value: cumulative, metricName: `${name}_bucket` });
      });
      out.push({ labels: { le: "+Inf", method: s.method, route: s.route }, value: s.count, metricName: `${name}_bucket` });
      out.push({ labels: { method: s.method, route: s.route }, value: s.sum, metricName: `${name}_sum` });
      out.push({ labels: { method: s.method, route: s.route }, value: s.count, metricName: `${name}_count` });
    }
    return out;
  }
}
