import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { LeaseStore } from "./lease-store.ts";
import { Ownership } from "./ownership.ts";
import { Relays } from "./relay.ts";
import { HEARTBEAT_MS, Peers } from "./service.ts";
import { PeerStore } from "./store.ts";

/**
 * This node among the service's nodes (docs/storage.md). First in the list: it refuses to start
 * beside another node on a shared database without Redis before anything else is prepared, and
 * the domains that run long-lived actors register their kinds with `ownership` as they are built.
 * Leases are handed over by the app's stop, once the actors have stopped (see `buildApp`).
 */
export function peersModule(core: Core): Module<{ peers: Peers; ownership: Ownership; relays: Relays }> {
  const { config } = core;
  const peers = new Peers({
    store: new PeerStore(core.databases.sql),
    node: config.node,
    shared: config.database.url !== undefined,
    redis: config.database.redisUrl !== undefined,
    logger: core.logger,
  });
  const ownership = new Ownership({
    store: new LeaseStore(core.databases.sql),
    node: config.node.id,
    solo: core.databases.dialect === "sqlite",
    messages: core.databases.messages,
    supervisor: core.supervisor,
    logger: core.logger,
  });
  return {
    name: "peers",
    provides: { peers, ownership, relays: new Relays(peers) },
    prepare: async () => {
      await peers.join();
      await ownership.prepare();
    },
    start: () => {
      peers.start();
      ownership.start(HEARTBEAT_MS);
    },
    drain: () => void peers.drain(),
    stop: () => peers.leave(),
  };
}
