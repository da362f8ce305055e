import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import { VERSION } from "../lib/version.ts";
import { HttpSeries } from "./http-series.ts";

/**
 * How often the event-loop delay histogram (`nodejs_eventloop_lag_p99_seconds` and friends) takes
 * a sample. prom-client's default of 10 ms wakes an idle service 100 times a second, which cost
 * 0.8 % of a core on the 2-core VM (1.1 % idle in all, 0.3 % with this). Node's histogram records
 * the whole time between samples, so its figures include this period: an idle loop reads 0.100 s,
 * and the delay is what lies beyond it.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * The one prom-client registry of the process. Domains register their own metrics on `registry`
 * (always `service_`-prefixed, labels bounded); the HTTP series live here because the pipeline
 * records them for every route.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly http: HttpSeries;
  private readonly errors: Counter<"source" | "code">;

  /** `inFlight` is read at scrape time, so counting requests costs the hot path nothing. */
  constructor(options: { defaultMetrics: boolean; inFlight: () => number; node: string }) {
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    this.http = new HttpSeries(this.registry);
    // The usual "info" series: which node answered this scrape, joinable on the scrape target.
    new Gauge({ name: "service_node_info", help: "This node: its SERVICE_NODE_ID and the version it runs (always 1)", labelNames: ["node", "version"], registers: [this.registry] })
      .labels(options.node, VERSION)
      .set(1);
    new Gauge({
      name: "service_http_requests_in_flight",
      help: "HTTP requests received and not yet answered",
      registers: [this.registry],
      collect() {
        this.set(options.inFlight());
      },
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
    this.http.record(method, route, status, seconds);
  }

  countError(source: string, code: string): void {
    this.errors.labels(source, code).inc();
  }
}
