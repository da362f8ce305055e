import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { supervisorRoutes } from "./routes.ts";

/** The supervisor itself is core; this module only shows its actors to operators. */
export function supervisorModule(core: Core): Module {
  return { name: "supervisor", routes: supervisorRoutes(core.supervisor) };
}
