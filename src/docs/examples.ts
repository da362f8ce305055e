import type { RouteExample } from "./openapi.ts";

/**
 * The requests the document shows as examples, with the status each answers on a fresh service
 * called with a global token. They run in this order (the create comes before the read of what
 * it created), and the OpenAPI test replays them from the served document.
 */
export const ROUTE_EXAMPLES: readonly RouteExample[] = [
  { route: "GET /health", name: "health", summary: "Liveness and version", status: 200 },
  {
    route: "POST /api/v1/apps",
    name: "createApp",
    summary: "Create an app",
    body: { name: "docs-example", displayName: "Docs example" },
    status: 201,
  },
  {
    route: "POST /api/v1/apps",
    name: "badAppName",
    summary: "A name that is not a slug",
    body: { name: "Not A Slug!" },
    status: 400,
  },
  { route: "GET /api/v1/apps/{app}", name: "readApp", summary: "Read the app created above", params: { app: "docs-example" }, status: 200 },
  { route: "GET /api/v1/apps/{app}", name: "unknownApp", summary: "An app that does not exist", params: { app: "no-such-app" }, status: 404 },
  { route: "GET /api/v1/apps", name: "listApps", summary: "Every app the caller may see", status: 200 },
];
