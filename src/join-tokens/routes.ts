import { appOf } from "../auth/caller.ts";
import type { Limiter } from "../auth/limiter.ts";
import type { AppService } from "../apps/service.ts";
import { problem } from "../lib/problem.ts";
import { okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import type { JoinTokens } from "./service.ts";
import { appParams, appRoomParams } from "../apps/schemas.ts";
import { joinTokenBody, joinTokenResponse, viewerTokenResponse } from "./schemas.ts";

/** Anonymous viewer tokens per client address. */
const VIEWER_TOKENS_PER_IP = { max: 60, windowMs: 60_000 };

/** SPEC 4.8: join tokens and anonymous viewer tokens. */
export function joinTokenRoutes(tokens: JoinTokens, apps: AppService, limiter: Limiter): Route[] {
  const anonymous = (mode: "viewer" | "listener", path: string) =>
    defineRoute({
      method: "GET",
      path,
      auth: "public",
      params: appRoomParams,
      response: viewerTokenResponse,
      errors: ["not_found", "media_server_unavailable"],
      handler: async (ctx) => {
        const limited = await limiter.hit(`viewer-token:${ctx.ip}`, VIEWER_TOKENS_PER_IP, "viewer tokens from this address");
        if (limited) return limited;
        const app = apps.findByName(ctx.params.app);
        // The same answer for an unknown app as for closed playback: nothing to enumerate.
        if (!app) return problem("not_found", "no public playback here");
        return okOr(await tokens.viewer(app, ctx.params.room, mode));
      },
    });
  return [
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/tokens",
      auth: "any",
      app: true,
      permission: "stream:write",
      params: appParams,
      body: joinTokenBody,
      response: joinTokenResponse,
      errors: ["quota_exceeded", "media_server_unavailable"],
      handler: async (ctx) => okOr(await tokens.mint(appOf(ctx), ctx.body)),
    }),
    anonymous("viewer", "/api/v1/apps/{app}/play-token/{room}"),
    anonymous("listener", "/api/v1/apps/{app}/radio/{room}/listen-token"),
  ];
}
