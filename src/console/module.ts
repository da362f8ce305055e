import { grantsOf, ROLES } from "../auth/permissions.ts";
import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { loadConsoleAssets } from "./assets.ts";
import { consoleRoutes } from "./routes.ts";

/** The web console at `/console`: browser pages over the public API, served without a build step. */
export function consoleModule(core: Core): Module {
  const grants = Object.fromEntries(ROLES.map((role) => [role, grantsOf(role)]));
  const settings = { authzEnforce: core.config.authzEnforce, grants };
  return { name: "console", routes: consoleRoutes({ assets: loadConsoleAssets(), settings }) };
}
