import type { Registry } from "prom-client";
import { scrapeMetric, type Sample } from "../observability/scrape-metric.ts";
import type { DropReason } from "./camera.ts";
import type { MjpegCounters } from "./counters.ts";
import type { MjpegHub } from "./hub.ts";

/**
 * Rooms listed one by one in `service_stream_viewers`; beyond this, the rest of an app's rooms are
 * summed under `room="_other"` so a tenant with many cameras cannot blow up the series count.
 */
const MAX_ROOM_SERIES = 500;

const DROP_REASONS: readonly DropReason[] = ["invalid", "too_large", "rate"];

/** The MJPEG relay's metrics, read from the hub's plain counters at scrape time. */
export function registerMjpegMetrics(registry: Registry, hub: MjpegHub): void {
  const perApp = (pick: (c: MjpegCounters) => number) => (): Sample[] =>
    [...hub.snapshot().counters].map(([app, c]) => ({ labels: { app }, value: pick(c) }));
  const counter = (name: string, help: string, pick: (c: MjpegCounters) => number) => registry.registerMetric(scrapeMetric(name, help, "counter", perApp(pick)));

  registry.registerMetric(
    scrapeMetric("service_stream_viewers", "MJPEG viewers connected, by app and room", "gauge", () => {
      const out: Sample[] = [];
      const other = new Map<string, number>();
      for (const relay of hub.snapshot().relays) {
        if (out.length < MAX_ROOM_SERIES) out.push({ labels: { app: relay.app, room: relay.room }, value: relay.viewerCount });
        else other.set(relay.app, (other.get(relay.app) ?? 0) + relay.viewerCount);
      }
      for (const [app, value] of other) out.push({ labels: { app, room: "_other" }, value });
      return out;
    }),
  );
  registry.registerMetric(
    scrapeMetric("service_mjpeg_cameras", "Cameras connected over the WebSocket ingest, by app", "gauge", () => {
      const live = new Map<string, number>();
      for (const app of hub.snapshot().counters.keys()) live.set(app, 0);
      for (const relay of hub.snapshot().relays) if (relay.live) live.set(relay.app, (live.get(relay.app) ?? 0) + 1);
      return [...live].map(([app, value]) => ({ labels: { app }, value }));
    }),
  );
  registry.registerMetric(
    scrapeMetric("service_mjpeg_buffered_bytes", "Frame bytes held for viewers (newest frames, parts still in flight, spare buffers), by app", "gauge", () => {
      const held = new Map<string, number>();
      for (const relay of hub.snapshot().relays) held.set(relay.app, (held.get(relay.app) ?? 0) + relay.heldBytes());
      return [...held].map(([app, value]) => ({ labels: { app }, value }));
    }),
  );
  counter("service_mjpeg_frames_in_total", "Camera frames accepted, by app", (c) => c.framesIn);
  counter("service_mjpeg_bytes_in_total", "Camera frame bytes accepted, by app", (c) => c.bytesIn);
  counter("service_mjpeg_frames_out_total", "MJPEG parts fully handed to viewers' sockets, by app", (c) => c.framesOut);
  counter("service_mjpeg_bytes_out_total", "MJPEG bytes fully handed to viewers' sockets, by app", (c) => c.bytesOut);
  counter("service_mjpeg_frames_skipped_total", "Frames viewers skipped because they were still busy with an older one, by app", (c) => c.framesSkipped);
  counter("service_mjpeg_viewers_evicted_total", "Viewers closed because their socket took nothing for 6 s, by app", (c) => c.viewersEvicted);
  registry.registerMetric(
    scrapeMetric("service_mjpeg_frames_dropped_total", "Camera frames dropped, by app and reason (invalid, too_large, rate)", "counter", () =>
      [...hub.snapshot().counters].flatMap(([app, c]) => DROP_REASONS.map((reason) => ({ labels: { app, reason }, value: c.dropped[reason] }))),
    ),
  );
}
