import { z } from "zod";
import { callerOf } from "../auth/caller.ts";
import { isProblem } from "../lib/problem.ts";
import { bare, noContent, okOr } from "../http/reply.ts";
import { defineRoute, type Route } from "../http/route.ts";
import { createdTokenResponse, createTokenBody, tokenIdParams, tokenListResponse } from "./schemas.ts";
import type { TokenService } from "./service.ts";

/** SPEC 4.5: any Bearer credential; what each caller sees and may create is scoped in the service. */
export function tokenRoutes(tokens: TokenService): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/tokens",
      auth: "any",
      response: tokenListResponse,
      handler: async (ctx) => {
        const list = await tokens.list(callerOf(ctx));
        return okOr(list);
      },
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/tokens",
      auth: "any",
      body: createTokenBody,
      response: createdTokenResponse,
      responseStatus: 201,
      errors: ["not_found"],
      handler: async (ctx) => {
        const created = await tokens.create(callerOf(ctx), ctx.body);
        // The plaintext is in this response and nowhere else, ever.
        return isProblem(created) ? created : bare(created, 201);
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/api/v1/tokens/{id}",
      auth: "any",
      params: tokenIdParams,
      response: z.undefined(),
      responseStatus: 204,
      errors: ["not_found"],
      handler: async (ctx) => {
        const revoked = await tokens.revoke(callerOf(ctx), ctx.params.id);
        return isProblem(revoked) ? revoked : noContent();
      },
    }),
  ];
}
