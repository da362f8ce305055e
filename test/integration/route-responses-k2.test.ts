import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Route } from "../../src/http/route.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/**
 * The second half of issue 31's route responses: every route of mjpeg, observability, player,
 * plugins, recording, restream, streams, supervisor, system, tokens and vods declares what it
 * answers, and the answers of the routes this file can reach without a media server parse with
 * those declarations. (The suite-wide response check covers the rest wherever a test reaches them.)
 */

/** Paths of these domains' routes (the others are declared by their own domains). */
const THESE_DOMAINS =
  /^\/(live|play|embed|sdk)\/|^\/(health|metrics)$|^\/api\/v1\/(stats|debug\/|system\/|tokens)|^\/api\/v1\/apps\/\{app\}\/(ws-ingest|player|plugins|recording|snapshots|streams|vods|db)(\/|$)/;

/** SPEC's bare routes among these: their whole body is what `response` describes. */
const BARE = new Set(["GET /health", "GET /api/v1/stats", "POST /api/v1/tokens", "GET /api/v1/apps/{app}/streams"]);

describe("route responses of mjpeg, observability, player, plugins, recording, restream, streams, supervisor, system, tokens, vods (issue 31)", () => {
  let server: TestServer;
  let camera: Camera | undefined;
  const checked = new Set<string>();

  const routeOf = (method: string, path: string): Route => {
    const segments = path.split("?")[0]?.split("/") ?? [];
    const fits = (r: Route) => {
      const t = r.path.split("/");
      return r.method === method && t.length === segments.length && t.every((s, i) => s.startsWith("{") || s === decodeURIComponent(segments[i] ?? ""));
    };
    // A literal segment wins over a parameter (`plugins/public` over `plugins/{id}`), as in the router.
    const literals = (r: Route) => r.path.split("/").filter((s) => !s.startsWith("{")).length;
    const route = server.app.routes.filter(fits).sort((a, b) => literals(b) - literals(a))[0];
    assert.ok(route, `no route answers ${method} ${path}`);
    return route;
  };

  /** Calls a route and checks the answer against its declaration: status, then the body or its content type. */
  const answer = async (method: string, path: string, body?: unknown, as: "root" | "anonymous" = "root"): Promise<unknown> => {
    const res = await server.request(method, path, { token: as === "root" ? server.rootToken : undefined, body });
    const route = routeOf(method, path);
    const key = `${route.method} ${route.path}`;
    assert.equal(res.status, route.responseStatus ?? 200, `${key}: ${res.text}`);
    checked.add(key);
    if (route.responseType !== undefined) {
      assert.equal(res.headers.get("content-type")?.split(";")[0], route.responseType.split(";")[0], key);
      return res.text;
    }
    assert.ok(route.response, `${key} declares neither response nor responseType`);
    if (res.status === 204) return route.response.parse(undefined);
    const json = res.json as { data?: unknown };
    const value = BARE.has(key) ? json : json.data;
    const parsed = route.response.safeParse(value);
    assert.ok(parsed.success, `${key} answered what it does not declare: ${parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}\n${res.text}`);
    return value;
  };

  before(async () => {
    // The camera connects to the public URL, so the port is known before the server starts.
    server = await startServer({ SERVICE_PORT: String(await freePort()), ...UNREACHABLE_LIVEKIT });
    await cameraApp(server, "cams", "features:\n  publicPlayback: true\n");
  });
  after(async () => {
    camera?.ws.close();
    await server.close();
  });

  it("every route of these domains declares its success answer or its content type", () => {
    const mine = server.app.routes.filter((r) => THESE_DOMAINS.test(r.path));
    assert.ok(mine.length >= 57, `found only ${mine.length} routes; did a path change?`);
    const undeclared = mine.filter((r) => r.response === undefined && r.responseType === undefined).map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(undeclared, []);
    const errorsOk = mine.filter((r) => r.errors?.some((code) => ["validation_failed", "unauthorized", "forbidden", "rate_limited", "internal_error"].includes(code)));
    assert.deepEqual(errorsOk.map((r) => r.path), [], "errors lists only codes beyond the ones every route can answer");
  });

  it("camera keys, the live check, playback and the player answer what they declare", async () => {
    const key = await mintKey(server, "cams", "gate");
    checked.add("POST /api/v1/apps/{app}/ws-ingest");
    assert.equal(routeOf("POST", "/api/v1/apps/cams/ws-ingest").response?.safeParse(key).success, true, "the minted key");
    camera = await Camera.connect(key);
    camera.send(testJpeg("red"));
    await eventually(async () => (await server.request("GET", "/live/cams/cams-gate/frame.jpg")).status === 200, 5000, "a first frame");

    const listed = (await answer("GET", "/api/v1/apps/cams/ws-ingest")) as Array<{ connected: boolean }>;
    assert.equal(listed[0]?.connected, true, "a live camera's counters are in the list");
    await answer("GET", "/api/v1/apps/cams/ws-ingest/live/gate", undefined, "anonymous");
    const [stream] = (await answer("GET", "/api/v1/apps/cams/streams")) as Array<{ id: number; streamId: string }>;
    assert.ok(stream, "the camera is a live stream");
    // By row id and by stream id: the second lookup also answers when the last event was.
    await answer("GET", `/api/v1/apps/cams/streams/${stream.id}`);
    await answer("GET", `/api/v1/apps/cams/streams/${encodeURIComponent(stream.streamId)}`);
    await answer("GET", "/live/cams/cams-gate/frame.jpg", undefined, "anonymous");
    await answer("GET", "/api/v1/apps/cams/player/gate", undefined, "anonymous");
    await answer("GET", "/play/cams/gate", undefined, "anonymous");
    await answer("GET", "/embed/cams/gate", undefined, "anonymous");
    await answer("POST", `/api/v1/apps/cams/ws-ingest/${key.id}/disable`);
    await answer("POST", `/api/v1/apps/cams/ws-ingest/${key.id}/enable`);
    await answer("POST", `/api/v1/apps/cams/ws-ingest/${key.id}/reset`);
    await answer("DELETE", `/api/v1/apps/cams/ws-ingest/${key.id}`);
  });

  it("plugins answer what they declare, installed or not", async () => {
    await answer("GET", "/api/v1/apps/cams/plugins");
    await answer("GET", "/api/v1/apps/cams/plugins/public", undefined, "anonymous");
    await answer("POST", "/api/v1/apps/cams/plugins/yolo/install");
    await answer("PATCH", "/api/v1/apps/cams/plugins/yolo", { config: { confidence: 0.5 } });
    await answer("GET", "/api/v1/apps/cams/plugins/yolo");
    await answer("GET", "/api/v1/apps/cams/plugins/yolo/worker/status");
    await answer("GET", "/api/v1/apps/cams/plugins/yolo/logs");
    await answer("GET", "/api/v1/apps/cams/plugins/yolo/detections");
    assert.equal(await answer("GET", "/live/cams/cams-gate/detections.json", undefined, "anonymous"), null, "no detections yet");
    await answer("DELETE", "/api/v1/apps/cams/plugins/yolo");
  });

  it("tokens, streams, VODs, health, stats, actors and system answer what they declare", async () => {
    const created = (await answer("POST", "/api/v1/tokens", { name: "ci", scope: "global" })) as { id: number };
    await answer("GET", "/api/v1/tokens");
    await answer("DELETE", `/api/v1/tokens/${created.id}`);
    await answer("GET", "/api/v1/apps/cams/vods");
    await answer("GET", "/health", undefined, "anonymous");
    await answer("GET", "/metrics");
    await answer("GET", "/api/v1/stats");
    await answer("GET", "/api/v1/debug/actors");
    await answer("GET", "/api/v1/system/settings");
    await answer("GET", "/api/v1/system/gpu");
    await answer("GET", "/api/v1/system/db/health");
    await answer("GET", "/api/v1/apps/cams/db/health");
    await answer("POST", "/api/v1/apps/cams/db/optimize");
    assert.ok(checked.size >= 31, `checked ${checked.size} routes`);
  });
});
