import { Counter, Gauge, type Registry } from "prom-client";
import type { SegmentTotals } from "./store.ts";

/** Why the pruner deleted a segment (docs/timeline.md#retention). */
export const PRUNE_REASONS = ["continuous", "events", "bytes"] as const;
export type PruneReason = (typeof PRUNE_REASONS)[number];

/**
 * The timeline's storage series: each app's segments and their bytes as its last sweep counted
 * them (labelled by app, as `service_vods{app,status}` is; an app without segments has none), and
 * what the pruner deleted, by reason (three values) and for events, in all. Uploads are counted
 * by the VODs' uploader series (`service_s3_uploads_total`).
 */
export class RetentionMetrics {
  private readonly segments: Gauge<"app">;
  private readonly bytes: Gauge<"app">;
  private readonly prunedSegments: Counter<"reason">;
  private readonly prunedBytes: Counter<"reason">;
  private readonly prunedEvents: Counter;

  constructor(registry: Registry) {
    const registers = [registry];
    this.segments = new Gauge({ name: "service_timeline_segments", help: "Camera timeline segments kept, by app (at its last retention sweep)", labelNames: ["app"], registers });
    this.bytes = new Gauge({ name: "service_timeline_segments_bytes", help: "Bytes of camera timeline segments kept, local and uploaded, by app (at its last retention sweep)", labelNames: ["app"], registers });
    this.prunedSegments = new Counter({ name: "service_timeline_pruned_segments_total", help: "Camera timeline segments deleted by retention, by reason", labelNames: ["reason"], registers });
    this.prunedBytes = new Counter({ name: "service_timeline_pruned_bytes_total", help: "Bytes of camera timeline segments deleted by retention, by reason", labelNames: ["reason"], registers });
    this.prunedEvents = new Counter({ name: "service_timeline_pruned_events_total", help: "Camera timeline events deleted by retention", registers });
    for (const reason of PRUNE_REASONS) {
      this.prunedSegments.inc({ reason }, 0);
      this.prunedBytes.inc({ reason }, 0);
    }
  }

  kept(app: string, totals: SegmentTotals): void {
    if (totals.segments === 0) return this.forgetApp(app);
    this.segments.set({ app }, totals.segments);
    this.bytes.set({ app }, totals.bytes);
  }

  pruned(reason: PruneReason, segments: number, bytes: number): void {
    this.prunedSegments.inc({ reason }, segments);
    this.prunedBytes.inc({ reason }, bytes);
  }

  prunedEventsBy(n: number): void {
    this.prunedEvents.inc(n);
  }

  forgetApp(app: string): void {
    this.segments.remove({ app });
    this.bytes.remove({ app });
  }
}
