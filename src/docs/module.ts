import type { Core } from "../core/core.ts";
import type { Module } from "../core/modules.ts";
import { loadDocsAssets, type StaticFile } from "./assets.ts";
import type { DocumentedRoute } from "./openapi.ts";
import { docsPage } from "./page.ts";
import { docsRoutes, openApiFile } from "./routes.ts";

/** What the app hands the docs once the route table is complete. */
export interface DocsApi {
  /** Builds the OpenAPI document of `routes`, every route the service mounts (its own included). */
  describe(routes: readonly DocumentedRoute[]): void;
}

/**
 * The API reference (SPEC 4.19): `/api/v1/openapi.json`, generated from the route table, and the
 * UI at `/api/v1/docs`. Its routes are part of the table it describes, so the table reaches it
 * after every module is listed, through `describe`, rather than as a dependency.
 */
export function docsModule(core: Core): Module<{ docs: DocsApi }> {
  const basePath = new URL(core.config.publicUrl).pathname.replace(/\/+$/, "");
  let document: StaticFile | undefined;
  return {
    name: "docs",
    provides: {
      docs: {
        describe: (routes) => {
          document = openApiFile(routes, basePath);
        },
      },
    },
    routes: docsRoutes({ page: docsPage(basePath), assets: loadDocsAssets(), document: () => document }),
  };
}
