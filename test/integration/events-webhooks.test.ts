import assert from "node:assert/strict";
import { createHmac, timingSafeEqual } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { dataOf, pageOf } from "../helpers/envelope.ts";
import { Receiver, type Received } from "../helpers/receiver.ts";
import { startServer, tempDir, type TestServer } from "../helpers/server.ts";

const SECRET = "whsec-test-secret";

/** How a receiver verifies SPEC 6.1's signature: HMAC over the raw bytes, constant-time compare. */
function verified(r: Received, secret: string): boolean {
  const header = String(r.headers["x-service-signature"] ?? "");
  const expected = createHmac("sha256", secret).update(r.raw).digest("hex");
  const got = Buffer.from(header.replace(/^sha256=/, ""), "utf8");
  return header.startsWith("sha256=") && got.length === expected.length && timingSafeEqual(got, Buffer.from(expected, "utf8"));
}

function chat(server: TestServer, app: string, room: string, message: string): void {
  server.app.events.emit(app, "chat_message", room, { room, from: "tester", message, ts: new Date().toISOString() });
}

describe("signed webhooks", () => {
  let server: TestServer;
  let receiver: Receiver;
  let n = 0;
  /** A fresh app whose callbacks go to `receiver` at a path of its own. */
  const appWithCallbacks = async (options: { secret?: string; yaml?: string } = {}): Promise<{ name: string; path: string }> => {
    const name = `hooks-${++n}`;
    const path = `/${name}`;
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } })).status, 201);
    const yaml = `callbacks:\n  url: ${receiver.url(path)}\n${options.yaml ?? ""}`;
    assert.equal((await server.request("PUT", `/api/v1/apps/${name}/config/raw`, { token: server.rootToken, body: { yaml } })).status, 200);
    if (options.secret) {
      assert.equal((await server.request("PATCH", `/api/v1/apps/${name}`, { token: server.rootToken, body: { callbackSecret: options.secret } })).status, 200);
    }
    return { name, path };
  };
  const to = (path: string) => receiver.received.filter((r) => r.path === path);
  const deliveries = async (app: string, query = "") =>
    pageOf<{ id: string; status: string; attempts: number; lastStatus: number | null; lastError: string | null; nextAttemptAt: string | null }>(
      await server.request("GET", `/api/v1/apps/${app}/callbacks/deliveries${query}`, { token: server.rootToken }),
    );

  before(async () => {
    receiver = await Receiver.start();
    server = await startServer({ SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  it("POSTs SPEC 6.1's body and headers, signed over the exact bytes sent", async () => {
    const { name, path } = await appWithCallbacks({ secret: SECRET });
    chat(server, name, `${name}-lobby`, "hello");
    await receiver.until(() => to(path).length === 1);
    const r = to(path)[0] as Received;
    assert.equal(r.headers["content-type"], "application/json");
    assert.equal(r.headers["user-agent"], "service-core/callbacks");
    assert.equal(r.headers["x-service-event"], "chat_message");
    assert.equal(r.headers["x-service-delivery"], r.json.id);
    assert.match(r.json.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(r.headers["x-service-timestamp"], r.json.ts);
    assert.deepEqual(Object.keys(r.json), ["id", "event", "app", "room", "ts", "timestamp", "data"]);
    assert.equal(r.json.timestamp, r.json.ts);
    assert.equal(r.json.app, name);
    assert.equal(r.json.data["message"], "hello");
    assert.ok(verified(r, SECRET), "the sha256= signature verifies over the raw body");
    assert.ok(!verified(r, "another secret"), "and not with another secret");
    // Standard Webhooks: v1,base64(HMAC(id.timestamp.body)), with a current timestamp.
    const ts = Number(r.headers["webhook-timestamp"]);
    assert.ok(Math.abs(ts - Date.now() / 1000) < 30, "webhook-timestamp is the attempt time");
    const mac = createHmac("sha256", SECRET).update(`${r.json.id}.${ts}.`).update(r.raw).digest("base64");
    assert.equal(r.headers["webhook-signature"], `v1,${mac}`);
    assert.equal(r.headers["webhook-id"], r.json.id);
  });

  it("sends unsigned deliveries when the app has no secret", async () => {
    const { name, path } = await appWithCallbacks();
    chat(server, name, `${name}-x`, "plain");
    await receiver.until(() => to(path).length === 1);
    assert.equal(to(path)[0]?.headers["x-service-signature"], undefined);
    assert.equal(to(path)[0]?.headers["webhook-signature"], undefined);
  });

  it("retries on 500, 408 and 429 after 500 ms then 1 s, and a 2xx acknowledges", async () => {
    for (const status of [500, 408, 429]) {
      const { name, path } = await appWithCallbacks();
      receiver.answer = (r) => (r.path === path && to(path).indexOf(r) < 2 ? status : 200);
      chat(server, name, `${name}-r`, "retry me");
      await receiver.until(() => to(path).length === 3, 5000, `three attempts after ${status}`);
      const [a, b, c] = to(path) as [Received, Received, Received];
      assert.equal(a.json.id, c.json.id, "the same delivery id on every attempt");
      assert.ok(b.at - a.at >= 450 && b.at - a.at < 900, `first backoff ${b.at - a.at} ms`);
      assert.ok(c.at - b.at >= 950 && c.at - b.at < 1500, `second backoff ${c.at - b.at} ms`);
      await sleep(100);
      const log = await deliveries(name);
      assert.equal(log.data[0]?.status, "delivered");
      assert.equal(log.data[0]?.attempts, 3);
    }
    receiver.answer = () => 200;
  });

  it("gives up after three attempts, and does not retry other 4xx or follow redirects", async () => {
    const { name, path } = await appWithCallbacks();
    receiver.answer = (r) => (r.path !== path ? 200 : r.json.data["message"] === "always 503" ? 503 : r.json.data["message"] === "bad" ? 400 : { status: 302, headers: { location: receiver.url("/elsewhere") } });
    chat(server, name, `${name}-a`, "always 503");
    chat(server, name, `${name}-b`, "bad");
    chat(server, name, `${name}-c`, "moved");
    await receiver.until(() => to(path).length >= 5, 5000);
    await sleep(1800);
    const byMessage = (m: string) => to(path).filter((r) => r.json.data["message"] === m).length;
    assert.equal(byMessage("always 503"), 3);
    assert.equal(byMessage("bad"), 1);
    assert.equal(byMessage("moved"), 1);
    assert.equal(receiver.received.filter((r) => r.path === "/elsewhere").length, 0, "the redirect is not followed");
    const log = await deliveries(name, "?status=failed");
    assert.equal(log.total, 3);
    assert.ok(log.data.some((d) => d.lastError?.includes("redirects are not followed")), JSON.stringify(log.data));
    const metrics = (await server.request("GET", "/metrics")).text;
    assert.match(metrics, new RegExp(`service_callbacks_total\\{app="${name}",event="chat_message",result="failed"\\} 3`));
    assert.match(metrics, new RegExp(`service_stream_events_total\\{app="${name}",event="chat_message"\\} 3`));
    receiver.answer = () => 200;
  });

  it("counts a response that sends headers and then stalls as a timeout and retries it", { timeout: 30_000 }, async () => {
    const { name, path } = await appWithCallbacks();
    receiver.answer = (r) => (r.path === path && to(path).length === 1 ? "stall" : 200);
    chat(server, name, `${name}-s`, "slow");
    await receiver.until(() => to(path).length === 2, 14_000, "the retry after a stalled response");
    const [first, second] = to(path) as [Received, Received];
    assert.ok(second.at - first.at >= 10_000, `retried ${second.at - first.at} ms later: the 10 s timeout, then the backoff`);
    await sleep(100);
    const log = await deliveries(name);
    assert.equal(log.data[0]?.status, "delivered");
    receiver.answer = () => 200;
  });

  it("keeps each room's deliveries in order while rooms proceed side by side", async () => {
    const { name, path } = await appWithCallbacks();
    receiver.answer = (r) => (r.path === path && r.json.data["message"] === "0" && r.json.room.endsWith("-a") && to(path).filter((x) => x.json.room === r.json.room).length === 1 ? 500 : 200);
    for (let i = 0; i < 10; i++) {
      chat(server, name, `${name}-a`, String(i));
      chat(server, name, `${name}-b`, String(i));
    }
    await receiver.until(() => new Set(to(path).map((r) => r.json.id)).size === 20, 5000);
    for (const room of [`${name}-a`, `${name}-b`]) {
      const acknowledged = to(path).filter((r) => r.json.room === room);
      const order = acknowledged.map((r) => Number(r.json.data["message"]));
      // Room a's first delivery failed once and was retried before anything after it.
      const firsts = order.filter((v, i) => order.indexOf(v) === i);
      assert.deepEqual(firsts, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], `${room}: ${order.join(",")}`);
    }
    const bFinished = to(path).filter((r) => r.json.room === `${name}-b`).at(-1)?.at ?? 0;
    const aSecondTry = to(path).filter((r) => r.json.room === `${name}-a` && r.json.data["message"] === "0")[1]?.at ?? 0;
    assert.ok(bFinished < aSecondTry, "room b did not wait for room a's retry");
    receiver.answer = () => 200;
  });

  it("never lets one app's slow endpoint delay another app's deliveries", async () => {
    const slow = await appWithCallbacks();
    const fast = await appWithCallbacks();
    receiver.answer = (r) => (r.path === slow.path ? "hang" : 200);
    for (let i = 0; i < 20; i++) chat(server, slow.name, `${slow.name}-r${i}`, "x");
    const started = Date.now();
    chat(server, fast.name, `${fast.name}-r`, "y");
    await receiver.until(() => to(fast.path).length === 1, 2000);
    assert.ok(Date.now() - started < 1000, "the other app's delivery went straight out");
    receiver.answer = () => 200;
  });

  it("lists deliveries with their attempts and redelivers a finished one with the same id", async () => {
    const { name, path } = await appWithCallbacks();
    receiver.answer = (r) => (r.path === path && to(path).length === 1 ? 400 : 200);
    chat(server, name, `${name}-x`, "again");
    await receiver.until(() => to(path).length === 1);
    await sleep(100);
    const [failed] = (await deliveries(name)).data;
    assert.equal(failed?.status, "failed");
    assert.equal(failed?.lastStatus, 400);
    const detail = await server.request("GET", `/api/v1/apps/${name}/callbacks/deliveries/${failed?.id}`, { token: server.rootToken });
    assert.equal(dataOf<{ body: string }>(detail).body, to(path)[0]?.raw.toString("utf8"));
    const redo = await server.request("POST", `/api/v1/apps/${name}/callbacks/deliveries/${failed?.id}/redeliver`, { token: server.rootToken });
    assert.equal(redo.status, 202);
    await receiver.until(() => to(path).length === 2);
    assert.equal(to(path)[1]?.json.id, failed?.id);
    assert.deepEqual(to(path)[1]?.raw, to(path)[0]?.raw, "the same bytes");
    await sleep(100);
    assert.equal((await deliveries(name)).data[0]?.status, "delivered");
    const unknown = await server.request("POST", `/api/v1/apps/${name}/callbacks/deliveries/00000000-0000-4000-8000-000000000000/redeliver`, { token: server.rootToken });
    assert.equal(unknown.status, 404);
    receiver.answer = () => 200;
  });

  it("parks a delivery for the extended schedule when extended_retries is on", async () => {
    const { name, path } = await appWithCallbacks({ yaml: "  extended_retries: true\n" });
    receiver.answer = (r) => (r.path === path ? 503 : 200);
    chat(server, name, `${name}-x`, "later");
    await receiver.until(() => to(path).length === 3, 5000);
    await sleep(200);
    const [d] = (await deliveries(name)).data;
    assert.equal(d?.status, "pending");
    const wait = Date.parse(d?.nextAttemptAt ?? "") - Date.now();
    assert.ok(wait > 4 * 60_000 && wait <= 5 * 60_000, `next attempt in ${wait} ms: five minutes`);
    receiver.answer = () => 200;
  });

  it("sends nothing without callbacks.url", async () => {
    const name = "no-hooks";
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } })).status, 201);
    const before = receiver.received.length;
    chat(server, name, `${name}-x`, "silent");
    await sleep(300);
    assert.equal(receiver.received.length, before);
    assert.equal((await deliveries(name)).total, 0);
  });
});

describe("webhook SSRF guard", () => {
  it("refuses loopback, private, link-local and encoded internal targets at connect time", async () => {
    const receiver = await Receiver.start();
    const server = await startServer();
    try {
      const targets = [
        receiver.url("/direct"),
        `http://127.1:${receiver.port}/short`,
        `http://[::ffff:127.0.0.1]:${receiver.port}/mapped`,
        `http://localhost:${receiver.port}/name`,
        "http://169.254.169.254/latest/meta-data",
        "http://10.0.0.1/private",
      ];
      let i = 0;
      for (const url of targets) {
        const name = `ssrf-${++i}`;
        assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } })).status, 201);
        assert.equal((await server.request("PUT", `/api/v1/apps/${name}/config/raw`, { token: server.rootToken, body: { yaml: `callbacks:\n  url: "${url}"\n` } })).status, 200, url);
        server.app.events.emit(name, "reaction", `${name}-r`, { room: `${name}-r`, from: "x", reaction: "y" });
      }
      await sleep(1500);
      assert.equal(receiver.received.length, 0, "nothing reached the receiver");
      for (let j = 1; j <= targets.length; j++) {
        const log = pageOf<{ status: string; lastError: string }>(await server.request("GET", `/api/v1/apps/ssrf-${j}/callbacks/deliveries`, { token: server.rootToken }));
        assert.equal(log.data[0]?.status, "failed", targets[j - 1]);
        assert.match(log.data[0]?.lastError ?? "", /internal address|SERVICE_SSRF_ALLOWLIST/, targets[j - 1]);
      }
    } finally {
      await server.close();
      await receiver.close();
    }
  });
});

describe("webhooks at shutdown", () => {
  it("cancels an attempt under way instead of waiting out its timeout, and resumes it at the next start", async () => {
    const receiver = await Receiver.start();
    receiver.answer = () => "hang";
    const dir = tempDir();
    const env = { SERVICE_DATA_DIR: dir, SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" };
    const first = await startServer(env);
    try {
      assert.equal((await first.request("POST", "/api/v1/apps", { token: first.rootToken, body: { name: "restarts" } })).status, 201);
      assert.equal((await first.request("PUT", "/api/v1/apps/restarts/config/raw", { token: first.rootToken, body: { yaml: `callbacks:\n  url: ${receiver.url()}\n` } })).status, 200);
      first.app.events.emit("restarts", "reaction", "restarts-r", { room: "restarts-r", from: "x", reaction: "y" });
      await receiver.until(() => receiver.received.length === 1);
      const started = Date.now();
      await first.close();
      assert.ok(Date.now() - started < 3000, `stopped in ${Date.now() - started} ms`);
      receiver.answer = () => 200;
      const second = await startServer(env);
      try {
        await receiver.until(() => receiver.received.length === 2);
        assert.equal(receiver.received[1]?.json.id, receiver.received[0]?.json.id);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
    }
  });
});
