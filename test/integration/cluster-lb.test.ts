import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { LEASE_MS } from "../../src/events/store.ts";
import { dataOf } from "../helpers/envelope.ts";
import { webhookHeaders } from "../helpers/media-webhook.ts";
import { Camera, type MintedKey } from "../helpers/mjpeg.ts";
import { startLoadBalancer, type LoadBalancer } from "../helpers/nginx-lb.ts";
import { freePort } from "../helpers/ports.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { FIRST_TOKEN, spawnService, type ServiceProcess } from "../helpers/process.ts";
import { Receiver, type Received } from "../helpers/receiver.ts";
import { startRedis, type TestRedis } from "../helpers/redis.ts";
import { request, tempDir, TEST_SHARED_KEYS, testEnv, UNREACHABLE_LIVEKIT, type TestResponse } from "../helpers/server.ts";

/** One node: a real `src/main.ts` process, so that a test can SIGKILL it. */
interface Node {
  readonly id: string;
  readonly url: string;
  /** How nginx names it in its access log. */
  readonly upstream: string;
  readonly svc: ServiceProcess;
}

const APP = "lbapp";
const CONFIG_APPS = ["lbw-0", "lbw-1", "lbw-2", "lbw-3"];
/** How long another node may take to serve a write or refuse a revoked token (issue 32). */
const CONVERGE_MS = 1000;

/** Polls `check` every 10 ms until it holds; answers how long that took, failing after `ms`. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await check()) return performance.now() - start;
    assert.ok(performance.now() - start < ms, `${what}: not within ${ms} ms`);
    await sleep(10);
  }
}

/** `request`, with a connection the server dropped (a node killed mid-request) as undefined. */
async function attempt(base: string, method: string, path: string, options: Parameters<typeof request>[3]): Promise<TestResponse | undefined> {
  try {
    return await request(base, method, path, { timeoutMs: 10_000, ...options });
  } catch {
    return undefined;
  }
}

/**
 * Issue 32's test: three nodes on one PostgreSQL database and one Redis, behind a real nginx load
 * balancer (round robin, WebSocket upgrades, on to the next node when one does not answer).
 * Uploads and actor adoption under a SIGKILL are not covered here.
 */
describe("three nodes behind a load balancer", { timeout: 150_000 }, () => {
  let pg: TestPostgres;
  let redis: TestRedis;
  let receiver: Receiver;
  let lb: LoadBalancer;
  let nodes: Node[] = [];
  let token = "";
  let appId = 0;
  const lbApi = (method: string, path: string, body?: unknown, as = token) => request(lb.url, method, path, { token: as, body });
  const deliveriesOf = (from: number) => receiver.received.slice(from);

  /** LiveKit's `participant_joined` for `identity`, posted as LiveKit would (signed, with its own id), through `base`. */
  const joined = async (base: string, room: string, identity: string) => {
    const body = JSON.stringify({ event: "participant_joined", id: `EV_${identity}`, createdAt: String(Math.floor(Date.now() / 1000)), room: { name: room, sid: `RM_${room}` }, participant: { identity, sid: `PA_${identity}` } });
    const headers = await webhookHeaders(UNREACHABLE_LIVEKIT["SERVICE_LIVEKIT_API_KEY"] ?? "", UNREACHABLE_LIVEKIT["SERVICE_LIVEKIT_API_SECRET"] ?? "", body);
    return attempt(base, "POST", "/webhooks/livekit", { body, headers });
  };
  /** Deliveries of `participant_joined` by participant, each with the event ids it came with. */
  const byParticipant = (received: readonly Received[]) => {
    const seen = new Map<string, Received[]>();
    for (const r of received) {
      const who = String(r.json.data["participant"]);
      if (r.json.event === "participant_joined") seen.set(who, [...(seen.get(who) ?? []), r]);
    }
    return seen;
  };

  before(async () => {
    [pg, redis, receiver] = await Promise.all([sharedPostgres(), startRedis(), Receiver.start()]);
    const database = await pg.database();
    const [lbPort, ...ports] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const env = {
      ...TEST_SHARED_KEYS,
      ...UNREACHABLE_LIVEKIT,
      SERVICE_DATABASE_URL: database,
      SERVICE_REDIS_URL: redis.url,
      SERVICE_PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
      SERVICE_TRUST_PROXY: "127.0.0.1/32",
      SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32",
      SERVICE_LOG_STDOUT: "on",
    };
    // All three start at once: one applies the migrations (and seeds the installer's token), the others wait for its lock.
    nodes = (ports as number[]).map((port, i) => {
      const url = `http://127.0.0.1:${port}`;
      const svc = spawnService(testEnv(tempDir(), { ...env, SERVICE_NODE_ID: `node-${i + 1}`, SERVICE_PORT: String(port), SERVICE_NODE_URL: url }));
      return { id: `node-${i + 1}`, url, upstream: `127.0.0.1:${port}`, svc };
    });
    await Promise.all(nodes.map((n) => n.svc.waitFor(/"msg":"listening"/, 60_000)));
    const seeded = nodes.map((n) => (n.svc.stdout().match(FIRST_TOKEN) ?? [])[1]).filter((t) => t !== undefined);
    assert.equal(seeded.length, 1, "exactly one node seeds the installer's token");
    token = seeded[0] ?? "";
    lb = await startLoadBalancer(nodes.map((n) => n.upstream), { port: lbPort });
  });
  after(async () => {
    for (const n of nodes) n.svc.child.kill("SIGKILL");
    await Promise.all(nodes.map((n) => n.svc.exited()));
    await lb?.close();
    await receiver?.close();
    await redis?.stop();
    await pg?.stop();
  });

  it("serves writes made through the balancer from every node and through the balancer, within a second", async (t) => {
    const lags: Array<{ what: string; ms: number }> = [];
    /** After a write: each node asked directly, then the balancer three times (one per node), must show it. */
    const everywhere = async (what: string, path: string, shows: (res: TestResponse) => boolean, as = token) => {
      for (const base of [...nodes.map((n) => n.url), lb.url, lb.url, lb.url]) {
        lags.push({ what: `${what} on ${base}`, ms: await within(CONVERGE_MS, `${what} on ${base}`, async () => shows(await request(base, "GET", path, { token: as }))) });
      }
    };
    const created = await lbApi("POST", "/api/v1/apps", { name: APP, displayName: "Through nginx" });
    assert.equal(created.status, 201, created.text);
    appId = dataOf<{ id: number }>(created).id;
    await everywhere("the new app", `/api/v1/apps/${APP}`, (res) => res.status === 200 && dataOf<{ displayName: string }>(res).displayName === "Through nginx");

    const yaml = `display_name: Raw through nginx\nroom_prefix: ${APP}\ncallbacks:\n  url: ${receiver.url()}\n`;
    assert.equal((await lbApi("PUT", `/api/v1/apps/${APP}/config/raw`, { yaml })).status, 200);
    await everywhere("the raw config", `/api/v1/apps/${APP}/config/raw`, (res) => res.text === yaml);

    const patched = await lbApi("PATCH", `/api/v1/apps/${APP}`, { displayName: "Patched", features: { chat: true }, callbackSecret: "a-callback-secret" });
    assert.equal(patched.status, 200, patched.text);
    await everywhere("the patch", `/api/v1/apps/${APP}`, (res) => {
      const app = dataOf<{ displayName: string; features: Record<string, boolean>; callbackUrl: string; callbackSecretSet: boolean }>(res);
      return app.displayName === "Patched" && app.features["chat"] === true && app.callbackUrl === receiver.url() && app.callbackSecretSet;
    });

    const s3 = await lbApi("PUT", `/api/v1/apps/${APP}/s3`, { bucket: "vods", region: "eu-west-1", key: "AKIA-LB", secret: "an-s3-secret" });
    assert.equal(s3.status, 200, s3.text);
    await everywhere("the S3 block and its sealed credentials", `/api/v1/apps/${APP}/s3`, (res) => {
      const view = dataOf<{ bucket: string; keySet: boolean; secretSet: boolean }>(res);
      return view.bucket === "vods" && view.keySet && view.secretSet;
    });

    const minted = await lbApi("POST", "/api/v1/tokens", { name: "lb-app", scope: "app", appId });
    assert.equal(minted.status, 201, minted.text);
    const appToken = (minted.json as { token: string }).token;
    await everywhere("the new app token", `/api/v1/apps/${APP}`, (res) => res.status === 200, appToken);

    // Round robin: the balancer spread what it passed on over all three nodes.
    const served = new Set(lb.proxied().flatMap((p) => p.upstreams));
    assert.deepEqual([...served].sort(), nodes.map((n) => n.upstream).sort());
    const sorted = [...lags].sort((x, y) => x.ms - y.ms);
    const slowest = sorted.at(-1);
    t.diagnostic(`reads after writes: ${lags.length}, p50 ${sorted[Math.floor(sorted.length / 2)]?.ms.toFixed(1)} ms, slowest ${slowest?.ms.toFixed(1)} ms (${slowest?.what})`);
  });

  it("refuses a token revoked through node 2 on nodes 1 and 3 within a second", async (t) => {
    const [one, two, three] = nodes as [Node, Node, Node];
    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      const minted = await lbApi("POST", "/api/v1/tokens", { name: `revoked-${round}`, scope: "app", appId });
      assert.equal(minted.status, 201, minted.text);
      const { id, token: doomed } = minted.json as { id: number; token: string };
      // Each node has the token in its cache before the revocation.
      for (const n of [one, three]) await within(CONVERGE_MS, `token ${round} on ${n.id}`, async () => (await request(n.url, "GET", `/api/v1/apps/${APP}`, { token: doomed })).status === 200);
      assert.equal((await request(two.url, "DELETE", `/api/v1/tokens/${id}`, { token })).status, 204);
      const refused = await Promise.all(
        [one, three].map((n) => within(CONVERGE_MS, `revocation on ${n.id}`, async () => (await request(n.url, "GET", `/api/v1/apps/${APP}`, { token: doomed })).status === 401)),
      );
      times.push(...refused);
      for (let i = 0; i < 3; i++) assert.equal((await request(lb.url, "GET", `/api/v1/apps/${APP}`, { token: doomed })).status, 401, "refused through the balancer, whichever node answers");
    }
    t.diagnostic(`revocation seen by the other nodes after: ${times.map((t) => t.toFixed(0)).join(", ")} ms (max ${Math.max(...times).toFixed(0)} ms)`);
  });

  it("delivers one webhook per event cluster-wide under load, cameras through the balancer's WebSocket upgrade included", async (t) => {
    const from = receiver.received.length;
    const events = 300;
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = next++; i < events; i = next++) {
          const res = await joined(lb.url, `${APP}-r${i % 12}`, `c-${i}`);
          assert.equal(res?.status, 200, `webhook ${i}`);
        }
      }),
    );
    const posted = performance.now() - started;
    const cameras: MintedKey[] = [];
    for (let i = 0; i < 3; i++) {
      const key = await lbApi("POST", `/api/v1/apps/${APP}/ws-ingest`, { room: `cam${i}` });
      assert.equal(key.status, 201, key.text);
      cameras.push(dataOf<MintedKey>(key));
    }
    for (const key of cameras) {
      assert.ok(key.wsUrl.startsWith(lb.url.replace("http", "ws")), key.wsUrl);
      await (await Camera.connect(key)).close();
    }
    await receiver.until(() => byParticipant(deliveriesOf(from)).size === events && deliveriesOf(from).filter((r) => r.json.event === "stream_ended").length === 3, 30_000, `${events} events`);
    const delivered = performance.now() - started;
    await sleep(1000); // time for a second delivery of any of them to show up
    const received = deliveriesOf(from);
    const ids = received.map((r) => r.json.id);
    assert.equal(new Set(ids).size, ids.length, "no event delivered twice");
    assert.equal(received.filter((r) => r.json.event === "participant_joined").length, events, "one event per webhook");
    assert.deepEqual(received.filter((r) => r.json.event.startsWith("stream_")).map((r) => r.json.event).sort(), [...Array(3).fill("stream_ended"), ...Array(3).fill("stream_started")]);
    const upgrades = lb.proxied().filter((p) => p.uri.startsWith("/ingest/ws") && p.status === 101);
    assert.equal(upgrades.length, 3, "each camera upgraded through nginx");
    const webhooks = lb.proxied().filter((p) => p.uri === "/webhooks/livekit");
    for (const n of nodes) assert.ok(webhooks.some((p) => p.upstreams.includes(n.upstream)), `${n.id} took webhooks`);
    t.diagnostic(`${events} webhooks posted in ${posted.toFixed(0)} ms, all delivered ${delivered.toFixed(0)} ms after the first`);
  });

  it("loses no acknowledged write and delivers every acknowledged event once when a node is SIGKILLed mid-load", async (t) => {
    const [, , victim] = nodes as [Node, Node, Node];
    const survivors = nodes.filter((n) => n !== victim);
    for (const name of CONFIG_APPS) assert.equal((await lbApi("POST", "/api/v1/apps", { name })).status, 201);
    const from = receiver.received.length;
    // The victim holds a room whose first delivery hangs: it dies with that attempt under way and the rest leased.
    const slow = ["slow-0", "slow-1", "slow-2"];
    receiver.answer = (r) => (r.json.room === `${APP}-slow` ? "hang" : 200);
    for (const who of slow) assert.equal((await joined(victim.url, `${APP}-slow`, who))?.status, 200);
    await receiver.until(() => deliveriesOf(from).some((r) => r.json.room === `${APP}-slow`), 5000, "the victim's slow delivery");

    let running = true;
    const acked = { events: [...slow], tokens: [] as Array<{ id: number; token: string }>, configs: new Map<string, number>() };
    const attempted = new Map<string, number>();
    const ackedBy = new Map<string, string>();
    let refusals = 0;
    let next = 0;
    const events = async () => {
      while (running) {
        const n = next++;
        const who = `d-${n}`;
        // As LiveKit does: the same event (same id) again until a node answers 200, which the service deduplicates.
        for (let tries = 0; tries < 30; tries++) {
          const res = await joined(lb.url, `${APP}-d${n % 8}`, who);
          if (res?.status === 200) {
            acked.events.push(who);
            ackedBy.set(who, `${res.headers.get("x-upstream")} at ${Date.now()}${tries > 0 ? ` on try ${tries + 1}` : ""}${res.text.includes('"duplicate":true') ? " as a duplicate" : ""}`);
            break;
          }
          refusals++;
          await sleep(100);
        }
      }
    };
    const tokens = async () => {
      for (let i = 0; running; i++) {
        const res = await attempt(lb.url, "POST", "/api/v1/tokens", { token, body: { name: `load-${i}`, scope: "app", appId } });
        if (res?.status === 201) acked.tokens.push(res.json as { id: number; token: string });
      }
    };
    const configs = async (app: string) => {
      for (let seq = 1; running; seq++) {
        attempted.set(app, seq);
        // Raw PUTs and PATCHes in turn, each naming its write.
        const res =
          seq % 2 === 0
            ? await attempt(lb.url, "PUT", `/api/v1/apps/${app}/config/raw`, { token, body: { yaml: `display_name: "${app} #${seq}"\n` } })
            : await attempt(lb.url, "PATCH", `/api/v1/apps/${app}`, { token, body: { displayName: `${app} #${seq}` } });
        if (res?.status === 200) acked.configs.set(app, seq);
      }
    };
    const load = Promise.all([...Array.from({ length: 8 }, events), tokens(), tokens(), ...CONFIG_APPS.map(configs)]);
    await sleep(1500);
    const servedBefore = lb.proxied().filter((p) => p.upstreams.includes(victim.upstream)).length;
    victim.svc.child.kill("SIGKILL");
    const killedAt = Date.now();
    assert.equal(await victim.svc.exited(), "SIGKILL");
    // A delivery the victim sent before it died can be read here a little after its exit.
    const diedBy = Date.now() + 50;
    receiver.answer = () => 200;
    await sleep(2000);
    running = false;
    await load;
    const proxied = lb.proxied();
    const failed = proxied.filter((p) => p.status >= 500);
    t.diagnostic(
      `under load: ${acked.events.length} events, ${acked.tokens.length} tokens, ${[...acked.configs.values()].reduce((a, b) => a + b, 0)} config writes acknowledged; ` +
        `the victim served ${servedBefore} requests before its kill; ${failed.length} answers ≥ 500 from nginx, ${refusals} webhook posts sent again`,
    );
    assert.ok(servedBefore > 0, "the victim took part in the load");
    // Only what was in flight on the victim fails (a POST or PATCH nginx must not send again): 14 workers, one request each.
    const shown = failed.map((p) => `${p.method} ${p.uri} ${p.status} from ${p.upstreams.join(" then ")}`).join(", ");
    assert.ok(failed.length <= 14, `nginx moved on to the survivors: ${shown}`);
    assert.ok(failed.every((p) => p.method === "POST" || p.method === "PATCH"), `a PUT or GET in flight is sent to a survivor, not failed: ${shown}`);

    // Every acknowledged write reads back from each survivor.
    for (const n of survivors) {
      for (const t of acked.tokens) assert.equal((await request(n.url, "GET", `/api/v1/apps/${APP}`, { token: t.token })).status, 200, `token ${t.id} on ${n.id}`);
      for (const app of CONFIG_APPS) {
        // An unacknowledged write after the last acknowledged one may or may not have landed.
        const [last = 0, tried = 0] = [acked.configs.get(app), attempted.get(app)];
        let shown = "";
        const shows = async () => {
          shown = dataOf<{ displayName: string }>(await request(n.url, "GET", `/api/v1/apps/${app}`, { token })).displayName;
          // The name as created has no "#": no write landed, which is #0 (none may have been acknowledged under load).
          const seq = shown.includes("#") ? Number(shown.split("#")[1]) : 0;
          return seq >= last && seq <= tried;
        };
        await within(CONVERGE_MS, `${app} on ${n.id}: last acknowledged #${last}, tried up to #${tried}`, shows).catch((err: Error) => assert.fail(`${err.message}; shows "${shown}"`));
      }
    }

    // Every acknowledged event is delivered, the victim's leased rows once their leases ran out.
    const deliveredOf = () => byParticipant(deliveriesOf(from));
    // A lost event fails below, by name; this only bounds the wait for it.
    await receiver.until(() => acked.events.every((who) => deliveredOf().has(who)), LEASE_MS + 10_000).catch(() => undefined);
    await sleep(1000);
    const seen = deliveredOf();
    const lost = acked.events.filter((who) => !seen.has(who));
    assert.deepEqual(lost.map((who) => `${who} acknowledged by ${ackedBy.get(who) ?? "the victim directly"}`), [], `acknowledged events never delivered (${victim.upstream} killed at ${killedAt})`);
    for (const [who, got] of seen) {
      assert.equal(new Set(got.map((r) => r.json.id)).size, 1, `${who}: one event for one webhook, however often it was posted`);
      // At least once (docs/events.md): only an attempt under way, or not yet written delivered, when its node died is sent again.
      for (const again of got.slice(1)) assert.ok((got[0]?.at ?? 0) <= diedBy, `${who} delivered again (${again.json.id}, ${again.at - killedAt} ms after the kill) though first delivered ${(got[0]?.at ?? 0) - killedAt} ms after it; acknowledged by ${ackedBy.get(who)}, killed at ${killedAt}`);
    }
    const twice = [...seen.values()].filter((got) => got.length > 1).length;
    t.diagnostic(`after the kill: ${seen.size} events delivered, ${twice} of them twice (in flight on the victim), last one ${(Math.max(...deliveriesOf(from).map((r) => r.at)) - killedAt).toFixed(0)} ms after the kill`);
  });
});
