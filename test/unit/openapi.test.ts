import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { openApiDocument, type DocumentedRoute, type RouteExample } from "../../src/docs/openapi.ts";
import { statusOf } from "../../src/http/problem.ts";
import { answerShape } from "../../src/http/response-check.ts";

const route: DocumentedRoute = {
  method: "POST",
  path: "/api/v1/things/{id}",
  auth: "any",
  params: z.object({ id: z.string().transform((s) => s.toUpperCase()) }),
  body: z.object({ when: z.string().refine((s) => !Number.isNaN(Date.parse(s))), blob: z.custom<Uint8Array>(() => true) }),
};

const build = (examples: RouteExample[]) => openApiDocument([route], { version: "1", basePath: "", statusOf, shapeOf: answerShape, examples });

type Json = Record<string, unknown>;

describe("openApiDocument", () => {
  it("describes what JSON Schema can say of a transform, a refinement and a custom type, and leaves the rest open", () => {
    const op = ((build([]) as { paths: Record<string, Record<string, Json>> }).paths["/api/v1/things/{id}"]?.["post"] ?? {}) as Json;
    assert.deepEqual((op["parameters"] as Json[])[0], { name: "id", in: "path", required: true, schema: { type: "string" } });
    const body = (((op["requestBody"] as Json)["content"] as Record<string, Json>)["application/json"]?.["schema"] ?? {}) as Json;
    assert.deepEqual(body["properties"], { when: { type: "string" }, blob: {} });
  });

  it("refuses an example its route would answer differently from what it promises", () => {
    const example = { route: "POST /api/v1/things/{id}", name: "x", summary: "x", params: { id: "a" }, body: { when: "not a date", blob: 1 } };
    assert.throws(() => build([{ ...example, status: 200 }]), /should pass the route's validation/);
    assert.doesNotThrow(() => build([{ ...example, status: 400 }]));
    assert.throws(() => build([{ ...example, body: { when: "2026-01-01", blob: 1 }, status: 400 }]), /should fail/);
  });
});
