import { z } from "zod";
import { problem } from "../lib/problem.ts";
import { VERSION } from "../lib/version.ts";
import type { Reply } from "../http/reply.ts";
import { statusOf } from "../http/problem.ts";
import { answerShape } from "../http/response-check.ts";
import { defineRoute, type RequestContext, type Route } from "../http/route.ts";
import { staticFile, type StaticFile } from "./assets.ts";
import { ROUTE_EXAMPLES } from "./examples.ts";
import { openApiDocument, type DocumentedRoute } from "./openapi.ts";
import { DOCS_PAGE_POLICY } from "./page.ts";

/** The OpenAPI document of a route table, as served: built once, when the table is complete. */
export function openApiFile(routes: readonly DocumentedRoute[], basePath: string): StaticFile {
  const document = openApiDocument(routes, { version: VERSION, basePath, statusOf, shapeOf: answerShape, examples: ROUTE_EXAMPLES });
  return staticFile(JSON.stringify(document), "application/json; charset=utf-8");
}

/** A file with its ETag; 304 when the client already holds these bytes. */
function serve(file: StaticFile, ctx: RequestContext, headers: Record<string, string>): Reply {
  const all = { ...headers, etag: file.etag, "x-content-type-options": "nosniff" };
  const held = ctx.headers["if-none-match"]?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag);
  if (held) return { kind: "reply", status: 304, headers: all };
  return { kind: "reply", status: 200, body: file.body, contentType: file.contentType, headers: all };
}

export interface DocsRouteDeps {
  readonly page: StaticFile;
  readonly assets: ReadonlyMap<string, StaticFile>;
  /** Undefined until the app has mounted every route (before the port opens). */
  readonly document: () => StaticFile | undefined;
}

/** SPEC 4.19 and 9: the OpenAPI document of every mounted route, and a reference UI over it. */
export function docsRoutes(d: DocsRouteDeps): Route[] {
  const fileParams = z.object({ file: z.enum([...d.assets.keys()]) });
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/openapi.json",
      auth: "public",
      // The document describes itself no further than being the OpenAPI 3.1 JSON it is.
      responseType: "application/json",
      errors: ["service_unavailable"],
      handler: async (ctx) => {
        const document = d.document();
        if (!document) return problem("service_unavailable", "the API document is built once every route is mounted; retry shortly");
        // Revalidated each time: it changes when the service is upgraded, under the same URL.
        return serve(document, ctx, { "cache-control": "no-cache" });
      },
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/docs",
      auth: "public",
      responseType: "text/html",
      handler: async (ctx) =>
        serve(d.page, ctx, {
          "cache-control": "no-cache",
          "content-security-policy": DOCS_PAGE_POLICY,
          "referrer-policy": "no-referrer",
          "x-frame-options": "DENY",
          "cross-origin-opener-policy": "same-origin",
        }),
    }),
    defineRoute({
      method: "GET",
      path: "/api/v1/docs/{file}",
      auth: "public",
      params: fileParams,
      responseType: "text/javascript, text/css, image/png",
      handler: async (ctx) => {
        const file = d.assets.get(ctx.params.file) as StaticFile;
        // The names carry no version, so a day's caching, then a cheap revalidation by ETag.
        return serve(file, ctx, { "cache-control": "public, max-age=86400" });
      },
    }),
  ];
}
