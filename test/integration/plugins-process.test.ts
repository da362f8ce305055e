import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { WorkerStatus } from "../../src/plugins/workers.ts";
import { dataOf } from "../helpers/envelope.ts";
import { freePort } from "../helpers/ports.ts";
import { FIRST_TOKEN, processAlive, serviceProcesses } from "../helpers/process.ts";
import { request, tempDir, testEnv } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";


/**
 * Plugin workers and the service's own life (issue 16): a worker never outlives its service, even
 * one that is SIGKILLed, and an app that had a worker plugin enabled gets its worker back after a
 * restart.
 */
describe("plugin workers across service restarts", () => {
  it("a SIGKILLed service leaves no worker; the restart runs it again; a clean stop takes it down", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const { spawn, killAll } = serviceProcesses({ ...testEnv(tempDir()), SERVICE_PORT: String(port), SERVICE_LOG_STDOUT: "on" });
    try {
      const first = spawn();
      const [, token = ""] = await first.waitFor(FIRST_TOKEN);
      await first.waitFor(/"msg":"listening"/);
      const api = (method: string, p: string, body?: unknown) => request(`http://127.0.0.1:${port}`, method, `/api/v1/apps/keep${p}`, { token, body });
      assert.equal((await request(`http://127.0.0.1:${port}`, "POST", "/api/v1/apps", { token, body: { name: "keep" } })).status, 201);
      assert.equal((await api("POST", "/plugins/yolo/install")).status, 200);
      assert.equal((await api("PATCH", "/plugins/yolo", { enabled: true, config: { confidence: 0.5 } })).status, 200);
      const status = async () => dataOf<WorkerStatus>(await api("GET", "/plugins/yolo/worker/status"));
      await eventually(async () => (await status()).state === "running", 30_000, "the yolo worker to run");
      const { pid } = await status();
      assert.ok(pid !== null && processAlive(pid));

      first.child.kill("SIGKILL");
      await first.exited();
      await eventually(async () => !processAlive(pid), 10_000, `worker ${pid} to leave with its service`);

      const second = spawn();
      await second.waitFor(/"msg":"listening"/);
      await eventually(async () => (await status()).state === "running", 30_000, "the worker to be back after the restart");
      const back = await status();
      assert.ok(back.pid !== null && back.pid !== pid && processAlive(back.pid));
      const plugin = (await api("GET", "/plugins/yolo")).json as { data: { enabled: boolean; config: Record<string, unknown> } };
      assert.deepEqual([plugin.data.enabled, plugin.data.config["confidence"]], [true, 0.5]);

      second.child.kill("SIGTERM");
      assert.equal(await second.exited(), 0);
      assert.equal(processAlive(back.pid), false, "a clean stop waits for its workers");
    } finally {
      killAll();
    }
  });
});
