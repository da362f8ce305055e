import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Ownership } from "../peers/ownership.ts";
import type { VodsApi } from "../vods/module.ts";
import { RetentionMetrics } from "./retention-metrics.ts";
import { TimelineRetention } from "./retention.ts";
import { SegmentUploads } from "./uploads.ts";

/** What later modules use of the timeline's storage: each app's totals (stats), and pins that keep a segment (clips). */
export interface TimelineStorageApi {
  readonly retention: Pick<TimelineRetention, "pin" | "kept">;
}

/**
 * Where the timeline's segments are kept and for how long (docs/timeline.md#storage and
 * #retention): their uploads to the app's S3 with the VODs' uploader and slots, and the pruner.
 */
export function timelineStorage(core: Core, deps: { apps: AppsApi; vods: VodsApi; ownership: Ownership }) {
  const { config, databases, logger } = core;
  const solo = databases.dialect === "sqlite";
  const uploads = new SegmentUploads({
    databases,
    configs: deps.apps.configs,
    s3: deps.apps.s3,
    uploader: deps.vods.uploader,
    slots: deps.vods.slots,
    attempts: config.uploads.attempts,
    firstDelayMs: config.uploads.retryMs,
    node: config.node.id,
    solo,
    logger,
  });
  const retention = new TimelineRetention({
    databases,
    configs: deps.apps.configs,
    apps: deps.apps.store,
    s3: deps.apps.s3,
    ownership: deps.ownership,
    uploads,
    metrics: new RetentionMetrics(core.metrics.registry),
    node: config.node.id,
    solo,
    logger,
  });
  return {
    uploads,
    retention,
    start: () => retention.start(),
    /** The pruner first (its sweep may upload), then the uploads running. */
    stop: async () => {
      await retention.stop();
      await uploads.stop();
    },
    forgetApp: async (app: string) => {
      uploads.forgetApp(app);
      await retention.forgetApp(app);
    },
  };
}
