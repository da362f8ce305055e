import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

interface RequestSeries {
  readonly count: { inc(): void };
  readonly duration: { observe(seconds: number): void };
}

/**
 * The one prom-client registry of the process. Domains register their own metrics on `registry`
 * (always `service_`-prefixed, labels bounded); the HTTP series live here because the pipeline
 * records them for every route.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpInFlight: Gauge;
  private readonly httpRequests: Counter<"method" | "route" | "status">;
  private readonly httpDuration: Histogram<"method" | "route">;
  private readonly errors: Counter<"source" | "code">;
  // prom-client hashes label values on every call; the hot path reuses the children instead.
  private readonly series = new Map<string, RequestSeries>();

  constructor(options: { defaultMetrics: boolean }) {
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new Counter({
      name: "service_http_requests_total",
      help: "HTTP requests answered, by method, matched route pattern and status",
      labelNames: ["method", "route", "status"],
      registers: [this.registry],
    });
    this.httpDuration = new Histogram({
      name: "service_http_request_duration_seconds",
      help: "Time from request to response, by method and matched route pattern",
      labelNames: ["method", "route"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [this.registry],
    });
    this.httpInFlight = new Gauge({
      name: "service_http_requests_in_flight",
      help: "HTTP requests received and not yet answered",
      registers: [this.registry],
    });
    this.errors = new Counter({
      name: "service_errors_total",
      help: "Server-side failures, by where they happened and their error code",
      labelNames: ["source", "code"],
      registers: [this.registry],
    });
  }

  /** `route` is the matched pattern or `unmatched`, never a raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const m = KNOWN_METHODS.has(method) ? method : "OTHER";
    const key = `${m} ${route} ${status}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        count: this.httpRequests.labels(m, route, String(status)),
        duration: this.httpDuration.labels(m, route),
      };
      this.series.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  countError(source: string, code: string): void {
    this.errors.labels(source, code).inc();
  }
}
