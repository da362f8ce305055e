import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { ok } from "../../src/http/reply.ts";
import { defineRoute, type Route } from "../../src/http/route.ts";

/** Routes mounted only in tests, to drive the pipeline through cases no product route has yet. */
export function testRoutes(hooks: { slowMs?: number; onSlowStart?: () => void; onSlowDone?: () => void } = {}): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/test/items/{id}/parts/{part}",
      auth: "public",
      params: z.object({ id: z.string(), part: z.string() }),
      query: z.object({ limit: z.coerce.number().int().min(1).max(10).default(5), tag: z.string().optional() }),
      handler: async (ctx) => ok({ params: ctx.params, query: ctx.query, ip: ctx.ip }),
    }),
    defineRoute({
      method: "GET",
      path: "/test/items/special",
      auth: "public",
      handler: async () => ok({ special: true }),
    }),
    defineRoute({
      method: "POST",
      path: "/test/echo",
      auth: "public",
      bodyLimit: 1024,
      body: z.object({ name: z.string().max(10), tags: z.array(z.string()).optional() }),
      handler: async ({ body }) => ok(body, 201),
    }),
    defineRoute({
      method: "POST",
      path: "/test/raw",
      auth: "public",
      rawBody: true,
      body: z.instanceof(Buffer),
      handler: async ({ body }) => ok({ bytes: body.length }),
    }),
    defineRoute({
      method: "GET",
      path: "/test/slow",
      auth: "public",
      handler: async () => {
        hooks.onSlowStart?.();
        await sleep(hooks.slowMs ?? 300);
        hooks.onSlowDone?.();
        return ok({ slow: true });
      },
    }),
    defineRoute({
      method: "POST",
      path: "/test/slow-body",
      auth: "public",
      body: z.object({}).passthrough(),
      handler: async () => {
        await sleep(hooks.slowMs ?? 300);
        return ok({ slow: true });
      },
    }),
    defineRoute({
      method: "GET",
      path: "/test/throw",
      auth: "public",
      handler: async () => {
        throw new Error("secret internals: db password is hunter2");
      },
    }),
  ];
}
