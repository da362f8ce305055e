import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * The routes that declare neither `response` nor `responseType` yet: the other half of the
 * domains (issue 31) declares them on its own branch, and this list empties when both are merged.
 * A route missing from it that declares nothing fails, and so does a listed one that declares.
 */
const ROUTES_WITHOUT_RESPONSE: readonly string[] = [
  "GET /api/v1/tokens",
  "POST /api/v1/tokens",
  "DELETE /api/v1/tokens/{id}",
  "GET /api/v1/apps/{app}/streams",
  "GET /api/v1/apps/{app}/streams/{id}",
  "DELETE /api/v1/apps/{app}/streams/{id}",
  "POST /api/v1/apps/{app}/streams/{id}/data",
  "POST /api/v1/apps/{app}/ws-ingest",
  "GET /api/v1/apps/{app}/ws-ingest",
  "DELETE /api/v1/apps/{app}/ws-ingest/{id}",
  "POST /api/v1/apps/{app}/ws-ingest/{id}/reset",
  "POST /api/v1/apps/{app}/ws-ingest/{id}/disable",
  "POST /api/v1/apps/{app}/ws-ingest/{id}/enable",
  "GET /api/v1/apps/{app}/ws-ingest/live/{room}",
  "GET /live/{app}/{room}/mjpeg",
  "GET /live/{app}/{room}/frame.jpg",
  "GET /play/{app}/{room}",
  "GET /embed/{app}/{room}",
  "GET /api/v1/apps/{app}/player/{room}",
  "GET /sdk/{file}",
  "GET /api/v1/system/settings",
  "GET /api/v1/system/gpu",
  "POST /api/v1/system/gpu/refresh",
  "GET /api/v1/system/db/health",
  "GET /api/v1/apps/{app}/db/health",
  "POST /api/v1/apps/{app}/db/optimize",
  "GET /api/v1/apps/{app}/vods",
  "GET /api/v1/apps/{app}/vods/{id}",
  "GET /api/v1/apps/{app}/vods/{id}/download",
  "GET /api/v1/apps/{app}/vods/{id}/raw",
  "POST /api/v1/apps/{app}/vods/{id}/probe",
  "POST /api/v1/apps/{app}/vods/{id}/retry",
  "DELETE /api/v1/apps/{app}/vods/{id}",
  "POST /api/v1/apps/{app}/recording/start",
  "POST /api/v1/apps/{app}/recording/{id}/stop",
  "POST /api/v1/apps/{app}/snapshots",
  "POST /api/v1/apps/{app}/streams/{id}/record/start",
  "POST /api/v1/apps/{app}/streams/{id}/record/stop",
  "POST /api/v1/apps/{app}/streams/{id}/restream",
  "GET /api/v1/apps/{app}/streams/{id}/restream",
  "DELETE /api/v1/apps/{app}/streams/{id}/restream/{egressId}",
  "GET /api/v1/apps/{app}/plugins",
  "GET /api/v1/apps/{app}/plugins/public",
  "GET /api/v1/apps/{app}/plugins/{id}",
  "POST /api/v1/apps/{app}/plugins/{id}/install",
  "PATCH /api/v1/apps/{app}/plugins/{id}",
  "DELETE /api/v1/apps/{app}/plugins/{id}",
  "POST /api/v1/apps/{app}/plugins/{id}/worker/start",
  "POST /api/v1/apps/{app}/plugins/{id}/worker/stop",
  "GET /api/v1/apps/{app}/plugins/{id}/worker/status",
  "GET /api/v1/apps/{app}/plugins/{id}/logs",
  "GET /live/{app}/{room}/detections.json",
  "GET /api/v1/apps/{app}/plugins/{id}/detections",
  "GET /health",
  "GET /metrics",
  "GET /api/v1/stats",
  "GET /api/v1/debug/actors",
];

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
    const listed = new Set(ROUTES_WITHOUT_RESPONSE);
    assert.deepEqual(undeclared.filter((r) => !listed.has(r)), [], "declare what these routes answer (`response` in the domain's schemas.ts, or `responseType`)");
    const stale = ROUTES_WITHOUT_RESPONSE.filter((r) => !undeclared.includes(r));
    assert.deepEqual(stale, [], "these declare their answer now (or are not mounted): remove them from ROUTES_WITHOUT_RESPONSE");
  });

  it("declares `response` and `responseType` never both, and a status only with a schema", () => {
    for (const r of server.app.routes) {
      const where = `${r.method} ${r.path}`;
      assert.ok(!(r.response && r.responseType), `${where} declares both a schema and a content type`);
      assert.ok(r.responseStatus === undefined || r.response !== undefined, `${where} declares a status without a schema`);
    }
  });
});
