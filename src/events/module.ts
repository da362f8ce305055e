import type { AppsApi } from "../apps/module.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { MediaApi } from "../media/module.ts";
import type { Ownership } from "../peers/ownership.ts";
import type { Peers } from "../peers/service.ts";
import type { StreamsApi } from "../streams/module.ts";
import { LatencyMonitor } from "./latency-monitor.ts";
import { EventMetrics } from "./metrics.ts";
import { MqttPublisher } from "./mqtt.ts";
import { deliveryRoutes } from "./routes.ts";
import { WebhookClient } from "./webhook-client.ts";
import { WebhookDeliverer } from "./webhooks.ts";

export interface EventsModuleOptions {
  /**
   * Deliver webhooks without writing them to the outbox first (default true: written). Only the
   * events benchmark turns it off, to measure what durability costs.
   */
  readonly callbackOutbox?: boolean;
}

/**
 * Where events go (SPEC 6): signed webhooks through a durable outbox, MQTT, and the latency
 * monitor that emits latency events of its own. Every module emits through the core dispatcher.
 */
export function eventsModule(options: EventsModuleOptions = {}) {
  return (core: Core, deps: { apps: AppsApi; media: MediaApi; peers: Peers; ownership: Ownership; streams: StreamsApi }): Module => {
    const { config, logger, logging, databases, events, supervisor } = core;
    const { service: appService, store: apps, configs, secrets } = deps.apps;
    const eventMetrics = new EventMetrics({ registry: core.metrics.registry, events });
    const webhooks = new WebhookDeliverer({
      apps,
      configs,
      secrets,
      databases,
      client: new WebhookClient(core.ssrf),
      logger,
      node: deps.peers.id,
      draining: () => deps.peers.isDraining,
      count: (app, event, result) => eventMetrics.countCallback(app, event, result),
      volatile: options.callbackOutbox === false,
    });
    const mqtt = new MqttPublisher({ configs, secrets, env: config.env, ssrf: core.ssrf, logger, count: (app, result) => eventMetrics.countMqtt(app, result) });
    events.onEvent((e) => webhooks.enqueue(e));
    deps.media.webhooks.awaitWrites((app) => webhooks.written(app));
    events.onEvent((e) => mqtt.publishEvent(e));
    logging.subscribe((record) => mqtt.publishLog(record));
    const latency = new LatencyMonitor({
      apps,
      appService,
      configs,
      servers: deps.media.servers,
      tracker: deps.streams.tracker,
      local: deps.streams.local,
      supervisor,
      ownership: deps.ownership,
      events,
      logger,
    });
    return {
      name: "events",
      routes: deliveryRoutes(webhooks),
      start: async () => {
        await webhooks.start();
        latency.start();
      },
      // Deliveries not yet made stay in the outbox, let go of for the other nodes (or this one's next start).
      stop: async () => {
        latency.stop();
        await webhooks.stop();
        await mqtt.stop();
      },
      configChanged: ({ app, secret }) => {
        if (secret === "callbacks.secret") webhooks.secretChanged(app);
        // A new config or password drops the client; the next message reconnects with them.
        if (secret === undefined || secret === "mqtt.password") mqtt.close(app);
      },
      forgetApp: (app) => {
        webhooks.forget(app);
        mqtt.close(app);
        latency.forget(app);
        events.forget(app);
        eventMetrics.forget(app);
      },
    };
  };
}
