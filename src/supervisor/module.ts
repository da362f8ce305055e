import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import type { Peers } from "../peers/service.ts";
import { ClusterActors } from "./cluster-actors.ts";
import { supervisorRoutes } from "./routes.ts";

/** The supervisor itself is core; this module only shows its actors, and its peers', to operators. */
export function supervisorModule(core: Core, deps: { peers: Peers }): Module {
  return { name: "supervisor", routes: supervisorRoutes(new ClusterActors(core.supervisor, deps.peers)) };
}
