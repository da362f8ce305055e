import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startServer, type TestServer } from "../helpers/server.ts";

/** Issue 31: every mounted route says what it answers, so the API document describes every answer. */
describe("route responses", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it("every mounted route declares `response` or `responseType`", () => {
    const routes = server.app.routes;
    assert.ok(routes.length > 100, `only ${routes.length} routes mounted: is the app wired?`);
    const undeclared = routes.filter((r) => r.response === undefined && r.responseType === undefined).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(undeclared, [], "declare what these routes answer (`response` in the domain's schemas.ts, or `responseType`)");
  });

  it("declares `response` and `responseType` never both, and a status only with a schema", () => {
    for (const r of server.app.routes) {
      const where = `${r.method} ${r.path}`;
      assert.ok(!(r.response && r.responseType), `${where} declares both a schema and a content type`);
      assert.ok(r.responseStatus === undefined || r.response !== undefined, `${where} declares a status without a schema`);
    }
  });
});
