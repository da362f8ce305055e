import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fetch } from "undici";
import { z } from "zod";
import { ok } from "../../src/http/reply.ts";
import { defineRoute } from "../../src/http/route.ts";
import { startServer } from "../helpers/server.ts";

/** A route whose answer departs from its declaration: `size` is documented as a number. */
const drifted = defineRoute({
  method: "GET",
  path: "/api/v1/test-drift",
  auth: "public",
  response: z.strictObject({ name: z.string(), size: z.number() }),
  handler: async () => ok({ name: "x", size: "big" }),
});

/** Issue 31: the test hook that keeps the API document and the service's answers in step. */
describe("SERVICE_TEST_RESPONSE_CHECK", () => {
  it("turns an answer its route does not declare into a 500 that names the route and the field, and fails the test", async () => {
    const server = await startServer({}, { routes: [drifted] });
    try {
      // The test helpers' own client fails the test at once...
      await assert.rejects(server.request("GET", "/api/v1/test-drift"), /GET \/api\/v1\/test-drift.*data\.size: .*number/);
      // ...and any other client sees a 500 that says why.
      const res = await fetch(`${server.url}/api/v1/test-drift`);
      assert.equal(res.status, 500);
      const body = (await res.json()) as { error: { code: string; message: string; details: { responseCheck: string; issues: Array<{ path: string }> } } };
      assert.equal(body.error.code, "internal_error");
      assert.equal(body.error.details.responseCheck, "GET /api/v1/test-drift");
      assert.deepEqual(body.error.details.issues.map((i) => i.path), ["data.size"]);
    } finally {
      // Closing the server fails too, so a mismatch read by a test that expected a 500 is not missed.
      await assert.rejects(server.close(), /GET \/api\/v1\/test-drift \(\/api\/v1\/test-drift\).*data\.size/);
    }
  });

  it("is off unless asked for, so production answers are never touched", async () => {
    const server = await startServer({ SERVICE_TEST_RESPONSE_CHECK: "off" }, { routes: [drifted] });
    try {
      const res = await server.request("GET", "/api/v1/test-drift");
      assert.equal(res.status, 200);
      assert.deepEqual(res.json, { data: { name: "x", size: "big" }, error: null });
    } finally {
      await server.close();
    }
  });
});
