import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { createToken, signup } from "../helpers/identity.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/** Every series SPEC 4.7 names, with its labels. */
const CATALOGUE: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["service_http_requests_total", ["method", "route", "status"]],
  ["service_http_request_duration_seconds", []],
  ["service_http_requests_in_flight", []],
  ["service_node_info", ["node", "version"]],
  ["service_active_streams", ["app"]],
  // Samples only while a room has viewers; its labels are asserted in the MJPEG tests.
  ["service_stream_viewers", []],
  ["service_stream_events_total", ["app", "event"]],
  ["service_recordings_started_total", ["app"]],
  ["service_vods_generated_total", ["app"]],
  ["service_recording_failures_total", []],
  ["service_upload_queue_depth", ["app"]],
  ["service_vods", ["app", "status"]],
  ["service_s3_uploads_total", []],
  ["service_s3_upload_bytes_total", []],
  ["service_s3_errors_total", []],
  ["service_callbacks_total", []],
  ["service_apps", ["tenant"]],
  ["service_tenant_quota", ["tenant", "metric"]],
  ["service_tenant_usage", ["tenant", "metric"]],
  ["service_media_transcode_total", []],
  ["service_gpu_available", ["type"]],
  ["service_errors_total", []],
  ["service_pool_queue_depth", ["pool"]],
  // Samples once a pool ran a task; its labels are asserted in test/integration/task-pools.test.ts.
  ["service_pool_task_seconds", []],
];

const PROM_CLIENT_GAUGES_NAMED_TOTAL = ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"];

describe("the metrics catalogue (SPEC 4.7)", () => {
  let server: TestServer;
  let scrape: string;

  before(async () => {
    server = await startServer({ SERVICE_ALLOW_SIGNUP: "on", METRICS_DEFAULT_METRICS: "on" });
    const owner = await signup(server, "owner@m.example", "M");
    for (const name of ["m-one", "m-two"]) assert.equal((await server.request("POST", "/api/v1/apps", { token: owner, body: { name } })).status, 201);
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "m-platform" } })).status, 201);
    // Some traffic, including an error and an event, so the scrape is not just empty families.
    await server.request("GET", "/api/v1/apps", { token: server.rootToken });
    await server.request("GET", "/api/v1/apps/nope", { token: server.rootToken });
    await createToken(server, server.rootToken, { scope: "global" });
    assert.equal((await server.request("POST", "/api/v1/apps/m-one/ws-ingest", { token: owner, body: { room: "door" } })).status, 201);
    server.app.events.emit("m-one", "room_started", "m-one-lobby", { room: "m-one-lobby", roomSid: "RM_1" });
    scrape = (await server.request("GET", "/metrics")).text;
  });
  after(() => server.close());

  it("passes promtool check metrics on a real scrape taken after traffic", () => {
    const lint = spawnSync("promtool", ["check", "metrics"], { input: scrape, encoding: "utf8", timeout: 30_000 });
    assert.ok(lint.status !== null, `promtool did not finish: ${lint.error?.message ?? ""}`);
    const problems = `${lint.stdout}${lint.stderr}`.split("\n").filter((line) => line.trim() !== "");
    // prom-client's own Node collectors name three gauges *_total; everything of ours must be clean.
    const ours = problems.filter((line) => !PROM_CLIENT_GAUGES_NAMED_TOTAL.some((name) => line.startsWith(`${name} `)));
    assert.deepEqual(ours, []);
  });

  it("has every series SPEC 4.7 names, with its labels", () => {
    for (const [name, labels] of CATALOGUE) {
      assert.match(scrape, new RegExp(`^# TYPE ${name} `, "m"), `${name} is missing`);
      for (const label of labels) assert.match(scrape, new RegExp(`^${name}\\{[^}]*\\b${label}="`, "m"), `${name} has no ${label} label`);
    }
  });

  it("computes tenant series from the databases at scrape time", async () => {
    const teamId = /^service_apps\{tenant="(\d+)"\} 2$/m.exec(scrape)?.[1];
    assert.ok(teamId, "two apps for the team");
    assert.match(scrape, /^service_apps\{tenant="platform"\} 1$/m);
    assert.match(scrape, new RegExp(`^service_tenant_quota\\{tenant="${teamId}",metric="max_concurrent_streams"\\} 5$`, "m"));
    // The camera key holds one stream slot for two minutes (SPEC 8).
    assert.match(scrape, new RegExp(`^service_tenant_usage\\{tenant="${teamId}",metric="max_concurrent_streams"\\} 1$`, "m"));
    assert.match(scrape, /^service_vods\{app="m-one",status="ready"\} 0$/m);
  });
});
