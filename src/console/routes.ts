import { staticFileReply, text } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { problem } from "../lib/problem.ts";
import type { ConsoleAssets } from "./assets.ts";
import { consolePage, type ConsoleSettings } from "./page.ts";
import { assetParams, assetQuery } from "./schemas.ts";

/**
 * The web console: one public shell (it holds no data; everything it shows comes from the API
 * with the person's own session) and the browser files it loads.
 */
export function consoleRoutes(d: { assets: ConsoleAssets; settings: ConsoleSettings }): Route[] {
  return [
    // The address a new user types first: it answered a JSON 404, now it leads to the product.
    // A 302, not a 301: browsers keep 301s forever, and `/` may serve something else one day.
    defineRoute({
      method: "GET",
      path: "/",
      auth: "public",
      responseType: "text/plain",
      handler: async () => text("see /console\n", "text/plain; charset=utf-8", 302, { location: "/console" }),
    }),
    defineRoute({
      method: "GET",
      path: "/console",
      auth: "public",
      responseType: "text/html",
      handler: async () => {
        const { html, headers } = consolePage(d.assets, d.settings);
        return text(html, "text/html; charset=utf-8", 200, headers);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/console/assets/{file}",
      auth: "public",
      params: assetParams,
      query: assetQuery,
      responseType: "text/javascript, text/css",
      errors: ["not_found"],
      handler: async (ctx) => {
        const file = d.assets.find(ctx.params.file);
        if (!file) return problem("not_found", `no console asset ${ctx.params.file}`);
        return staticFileReply(file, { version: ctx.query.v, ifNoneMatch: ctx.headers["if-none-match"] }, d.assets.contentType(file));
      },
    }),
  ];
}
