import type { Registry } from "prom-client";
import { scrapeMetric, type Sample } from "../observability/scrape-metric.ts";
import type { EventDispatcher } from "./dispatcher.ts";
import type { CallbackResult } from "./lane-runner.ts";

type Tally<K extends string> = Map<string, Map<string, Record<K, number>>>;

/**
 * Event, webhook and MQTT counters as plain maps read at scrape time. Labels are bounded: apps
 * are registry rows, events come from the closed catalog, results from a fixed set.
 */
export class EventMetrics {
  private readonly callbacks: Tally<CallbackResult> = new Map();
  private readonly mqtt = new Map<string, { published: number; dropped: number }>();

  constructor({ registry, events }: { readonly registry: Registry; readonly events: EventDispatcher }) {
    registry.registerMetric(
      scrapeMetric("service_stream_events_total", "Events emitted, by app and event", "counter", () => {
        const out: Sample[] = [];
        for (const [app, byEvent] of events.counts) for (const [event, value] of byEvent) out.push({ labels: { app, event }, value });
        return out;
      }),
    );
    registry.registerMetric(
      scrapeMetric("service_callbacks_total", "Webhook deliveries finished, by app, event and result (delivered, failed, dropped)", "counter", () => {
        const out: Sample[] = [];
        for (const [app, byEvent] of this.callbacks) {
          for (const [event, results] of byEvent) for (const [result, value] of Object.entries(results)) out.push({ labels: { app, event, result }, value });
        }
        return out;
      }),
    );
    registry.registerMetric(
      scrapeMetric("service_mqtt_messages_total", "MQTT messages, by app and result (published, dropped)", "counter", () =>
        [...this.mqtt].flatMap(([app, c]) => [
          { labels: { app, result: "published" }, value: c.published },
          { labels: { app, result: "dropped" }, value: c.dropped },
        ]),
      ),
    );
  }

  countCallback(app: string, event: string, result: CallbackResult): void {
    let byEvent = this.callbacks.get(app);
    if (!byEvent) {
      byEvent = new Map();
      this.callbacks.set(app, byEvent);
    }
    let results = byEvent.get(event);
    if (!results) {
      results = { delivered: 0, failed: 0, dropped: 0 };
      byEvent.set(event, results);
    }
    results[result]++;
  }

  countMqtt(app: string, result: "published" | "dropped"): void {
    let c = this.mqtt.get(app);
    if (!c) {
      c = { published: 0, dropped: 0 };
      this.mqtt.set(app, c);
    }
    c[result]++;
  }

  forget(app: string): void {
    this.callbacks.delete(app);
    this.mqtt.delete(app);
  }
}
