import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { ActorInfo } from "../../src/supervisor/supervisor.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

describe("latency monitor against a real LiveKit (SPEC 6.4, 3.3)", () => {
  let livekit: LiveKit;
  let server: TestServer;
  const participants: Participant[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
  const emitted = (event: string) => server.app.events.recent().filter((e) => e.event === event && e.app === "watched");

  before(async () => {
    const port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit` });
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port), SERVICE_DEBUG_ENDPOINTS: "on" });
    assert.equal((await call("POST", "/api/v1/apps", { name: "watched" })).status, 201);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  it("probes active rooms, fires latency_high once over the threshold and latency_recovered under it, and stops the latch when the room ends", { timeout: 60_000 }, async () => {
    const token = await call("POST", "/api/v1/apps/watched/tokens", { room: "stage", identity: "singer" });
    const p = await join(livekit.wsUrl, dataOf<{ token: string }>(token).token);
    participants.push(p);
    await p.publishVideo();
    await eventually(async () => ((await call("GET", "/api/v1/apps/watched/streams")).json as unknown[]).length === 1, 15_000, "the stream row");

    // A 1 ms threshold: any real round trip to LiveKit is above it.
    const set = (latencyAlert: Record<string, unknown>) => call("PUT", "/api/v1/apps/watched/mqtt", { latencyAlert });
    assert.equal((await set({ enabled: true, thresholdMs: 1, intervalSeconds: 2, cooldownSeconds: 0 })).status, 200);
    await eventually(() => emitted("stream.latency_high").length === 1, 10_000, "stream.latency_high");
    const high = emitted("stream.latency_high")[0];
    assert.equal(high?.room, "watched-stage");
    assert.deepEqual(Object.keys(high?.data ?? {}).sort(), ["metric", "participants", "publishers", "room", "rttMs", "thresholdMs"]);
    assert.equal(high?.data["metric"], "livekit_room_probe_rtt_ms");
    assert.equal(high?.data["thresholdMs"], 1);
    assert.equal(high?.data["participants"], 1);
    assert.equal(high?.data["publishers"], 1);
    assert.ok(Number(high?.data["rttMs"]) > 1, `rtt ${high?.data["rttMs"]}`);

    const actors = dataOf<ActorInfo[]>(await call("GET", "/api/v1/debug/actors?prefix=latency:"));
    assert.deepEqual(actors.map((a) => [a.id, a.state]), [["latency:watched:watched-stage", "high"]], "the latch is a supervised actor");

    // Still high on the next passes: no second alert.
    await new Promise((r) => setTimeout(r, 4500));
    assert.equal(emitted("stream.latency_high").length, 1, "one alert per breach");

    assert.equal((await set({ thresholdMs: 60_000 })).status, 200);
    await eventually(() => emitted("stream.latency_recovered").length === 1, 10_000, "stream.latency_recovered");
    const recovered = emitted("stream.latency_recovered")[0];
    assert.deepEqual(Object.keys(recovered?.data ?? {}).sort(), ["metric", "room", "rttMs", "thresholdMs"]);
    assert.equal(recovered?.data["thresholdMs"], 60_000);

    await leaveAll(participants.splice(0));
    await eventually(async () => dataOf<unknown[]>(await call("GET", "/api/v1/debug/actors?prefix=latency:")).length === 0, 15_000, "the latch stopped with the room");
  });
});
