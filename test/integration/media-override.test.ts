import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { storedConfig } from "../helpers/stored-config.ts";

describe("an app's own LiveKit overrides SERVICE_LIVEKIT_*", () => {
  let shared: LiveKit;
  let own: LiveKit;
  let server: TestServer;
  const participants: Participant[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });

  before(async () => {
    const port = await freePort();
    const webhookUrl = `http://127.0.0.1:${port}/webhooks/livekit`;
    [shared, own] = await Promise.all([
      startLiveKit({ webhookUrl }),
      startLiveKit({ webhookUrl, apiKey: "own-app-key", apiSecret: "the-own-app-livekit-secret-long-enough" }),
    ]);
    server = await startServer({ ...shared.env, SERVICE_PORT: String(port), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    for (const name of ["shared-app", "own-app"]) assert.equal((await call("POST", "/api/v1/apps", { name })).status, 201);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await Promise.all([shared?.stop(), own?.stop()]);
  });

  it("uses the global server until the app's block is complete, keeping the secret out of the YAML", async () => {
    const before = await call("GET", "/api/v1/apps/own-app/media-server");
    assert.equal(dataOf<{ source: string }>(before).source, "global");
    const put = await call("PUT", "/api/v1/apps/own-app/media-server", { url: own.url, wsUrl: own.wsUrl, apiKey: own.apiKey, apiSecret: own.apiSecret });
    assert.equal(put.status, 200, put.text);
    const view = dataOf<{ source: string; apiSecretSet: boolean; effective: { wsUrl: string } }>(put);
    assert.deepEqual([view.source, view.apiSecretSet, view.effective.wsUrl], ["app", true, own.wsUrl]);
    assert.ok(!put.text.includes(own.apiSecret));
    assert.ok(!(await storedConfig(server, "own-app")).includes(own.apiSecret));
  });

  it("mints tokens each server accepts, and tracks both from their own signed webhooks", async () => {
    const mint = async (app: string, identity: string) => {
      const res = await call("POST", `/api/v1/apps/${app}/tokens`, { room: "hall", identity });
      return dataOf<{ token: string; wsUrl: string }>(res);
    };
    const a = await mint("shared-app", "a");
    const b = await mint("own-app", "b");
    assert.equal(a.wsUrl, shared.wsUrl);
    assert.equal(b.wsUrl, own.wsUrl);
    for (const t of [a, b]) {
      const p = await join(t.wsUrl, t.token);
      participants.push(p);
      await p.publishAudio();
    }
    for (const app of ["shared-app", "own-app"]) {
      await eventually(async () => ((await call("GET", `/api/v1/apps/${app}/streams`)).json as unknown[]).length === 1, 15_000, `${app} stream`);
    }
    // A token from one server is refused by the other.
    await assert.rejects(join(own.wsUrl, a.token));
  });

  it("falls back to the global server as soon as the app's secret alone is removed", async () => {
    assert.equal((await call("PUT", "/api/v1/apps/own-app/media-server", { apiSecret: "" })).status, 200);
    const res = await call("POST", "/api/v1/apps/own-app/tokens", { room: "hall", identity: "c" });
    assert.equal(dataOf<{ wsUrl: string }>(res).wsUrl, shared.wsUrl);
  });
});
