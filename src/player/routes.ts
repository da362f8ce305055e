import { appRoomParams } from "../apps/schemas.ts";
import { okOr, staticFileReply, text, type Reply } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { problem, type Problem } from "../lib/problem.ts";
import { mediaOrigins, playerPage } from "./page.ts";
import { playerQuery, roomPlaybackResponse, sdkParams, sdkQuery } from "./schemas.ts";
import type { SdkFiles } from "./sdk-files.ts";
import type { PlayerService } from "./service.ts";

export interface PlayerRouteDeps {
  readonly player: PlayerService;
  readonly sdk: SdkFiles;
  readonly publicUrl: string;
}

/**
 * The player pages (SPEC 4.19), what they ask before playing, and the browser files at `/sdk/`.
 * The pages are answered for any room of a known app, public or not: whether the viewer may watch
 * is the player route's answer, which the page shows as a message a person can act on.
 */
export function playerRoutes(d: PlayerRouteDeps): Route[] {
  const publicOrigin = new URL(d.publicUrl).origin;
  const page = (embed: boolean) =>
    defineRoute({
      method: "GET",
      path: embed ? "/embed/{app}/{room}" : "/play/{app}/{room}",
      auth: "public",
      params: appRoomParams,
      responseType: "text/html; charset=utf-8",
      handler: async (ctx) => {
        const app = d.player.findApp(ctx.params.app);
        const media = app ? mediaOrigins(d.player.wsUrl(app)) : [];
        const { html, headers } = playerPage(d.sdk, { app: ctx.params.app, room: ctx.params.room, embed, publicOrigin, media });
        // An unknown app gets the page too, with 404: the player tells the person it is not found.
        return text(html, "text/html; charset=utf-8", app ? 200 : 404, headers);
      },
    });
  return [
    page(false),
    page(true),
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/player/{room}",
      auth: "public",
      params: appRoomParams,
      query: playerQuery,
      response: roomPlaybackResponse,
      errors: ["not_found", "conflict"],
      handler: async (ctx) => okOr(await d.player.room(ctx.params.app, ctx.params.room, ctx.query.token)),
    }),
    defineRoute({
      method: "GET",
      path: "/sdk/{file}",
      auth: "public",
      params: sdkParams,
      query: sdkQuery,
      responseType: "text/javascript; charset=utf-8",
      errors: ["not_found"],
      handler: async (ctx): Promise<Reply | Problem> => {
        const file = d.sdk.find(ctx.params.file);
        if (!file) return problem("not_found", `no SDK file ${ctx.params.file}; there are ${d.sdk.livekit.name}, ${d.sdk.hls.name} and ${d.sdk.player.name}`);
        const request = { version: ctx.query.v, ifNoneMatch: ctx.headers["if-none-match"] };
        return staticFileReply(file, request, "text/javascript; charset=utf-8", { "access-control-allow-origin": "*" });
      },
    }),
  ];
}
