import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { Peers } from "./service.ts";
import { PeerStore } from "./store.ts";

/**
 * This node among the service's nodes (docs/storage.md). First in the list: it refuses to start
 * beside another node on a shared database without Redis before anything else is prepared.
 */
export function peersModule(core: Core): Module<{ peers: Peers }> {
  const { config } = core;
  const peers = new Peers({
    store: new PeerStore(core.databases.sql),
    node: config.node,
    shared: config.database.url !== undefined,
    redis: config.database.redisUrl !== undefined,
    logger: core.logger,
  });
  return {
    name: "peers",
    provides: { peers },
    prepare: () => peers.join(),
    start: () => peers.start(),
    drain: () => void peers.drain(),
    stop: () => peers.leave(),
  };
}
