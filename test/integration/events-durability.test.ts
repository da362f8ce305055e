import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { dataOf } from "../helpers/envelope.ts";
import { request, tempDir, testEnv } from "../helpers/server.ts";
import { Camera, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { FIRST_TOKEN, spawnService } from "../helpers/process.ts";
import { Receiver } from "../helpers/receiver.ts";

describe("webhook outbox durability", () => {
  it("delivers every event once, with its original id, after a SIGKILL with deliveries pending", { timeout: 60_000 }, async () => {
    const receiver = await Receiver.start();
    // The first run's attempts never get an answer: every delivery is still pending when it dies.
    receiver.answer = () => "hang";
    const dir = tempDir();
    const port = await freePort();
    const env = { ...testEnv(dir), SERVICE_PORT: String(port), SERVICE_LOG_STDOUT: "on", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" };
    const first = spawnService(env);
    try {
      const [, token = ""] = await first.waitFor(FIRST_TOKEN);
      await first.waitFor(/"msg":"listening"/);
      const api = (method: string, path: string, body?: unknown) => request(`http://127.0.0.1:${port}`, method, path, { token, body });
      assert.equal((await api("POST", "/api/v1/apps", { name: "durable" })).status, 201);
      assert.equal((await api("PUT", "/api/v1/apps/durable/config/raw", { yaml: `callbacks:\n  url: ${receiver.url()}\n` })).status, 200);
      // Real events from real cameras: stream_started and stream_ended in two rooms.
      for (const room of ["north", "south"]) {
        const minted = await api("POST", "/api/v1/apps/durable/ws-ingest", { room });
        const key = dataOf<{ wsUrl: string; streamKey: string }>(minted);
        for (let i = 0; i < 2; i++) {
          const camera = await Camera.connect(key);
          camera.send(testJpeg("red"));
          await sleep(50);
          await camera.close();
        }
      }
      // Each room's first delivery is in flight (and hangs); the rest wait behind it.
      await receiver.until(() => receiver.received.length >= 2, 5000);
      await sleep(200);
      first.child.kill("SIGKILL");
      await first.exited();
    } finally {
      first.child.kill("SIGKILL");
    }
    const seenBefore = receiver.received.map((r) => r.json.id);

    receiver.answer = () => 200;
    const acknowledged = () => receiver.received.slice(seenBefore.length);
    const second = spawnService(env);
    try {
      await second.waitFor(/"msg":"listening"/);
      await receiver.until(() => acknowledged().length >= 8, 10_000, "the eight pending deliveries");
      await sleep(500);
      const ids = acknowledged().map((r) => r.json.id);
      assert.equal(ids.length, 8, "each delivery arrives once");
      assert.equal(new Set(ids).size, 8);
      for (const id of seenBefore) assert.ok(ids.includes(id), `the delivery in flight at the kill (${id}) kept its id`);
      for (const room of ["durable-north", "durable-south"]) {
        const events = acknowledged().filter((r) => r.json.room === room).map((r) => r.json.event);
        assert.deepEqual(events, ["stream_started", "stream_ended", "stream_started", "stream_ended"], `${room} in order`);
      }
      for (const r of acknowledged()) assert.equal(r.headers["x-service-delivery"], r.json.id);
    } finally {
      second.child.kill("SIGKILL");
      await second.exited();
      await receiver.close();
    }
  });
});
