import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { dataOf, pageOf } from "../helpers/envelope.ts";
import { Camera, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { FIRST_TOKEN, spawnService, type ServiceProcess } from "../helpers/process.ts";
import { Receiver } from "../helpers/receiver.ts";
import { request, tempDir, testEnv } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/** Kills per run: six in `npm test`; `CRASH_ROUNDS=200 npm test -- crash-safety` for a long run. */
const ROUNDS = Number(process.env["CRASH_ROUNDS"] ?? 6);

/** `PRAGMA integrity_check` of a database file the dead service left (its WAL is recovered on open). */
function integrity(file: string): string {
  const db = new Database(file);
  try {
    return String(db.pragma("integrity_check", { simple: true }));
  } finally {
    db.close();
  }
}

/**
 * Crash safety of the service's state (issue 19): writes of every kind run back to back — API
 * tokens (global DB), camera keys (the app's DB), config writes (the app's YAML), cameras coming
 * and going (stream rows and their webhook events in the outbox) — and the service is SIGKILLed
 * at a random moment, ROUNDS times, never before each kind has been acknowledged at least once in
 * the round (a kill before any write would check nothing). After each kill both databases pass
 * `PRAGMA integrity_check`, and after each restart every write the service acknowledged is there
 * (a write answered 2xx was committed before its answer): tokens, camera keys, the config, and the
 * outbox rows seen before the kill or delivered to the receiver; what was pending is delivered.
 */
describe("SQLite state across SIGKILLs", () => {
  it("keeps every acknowledged write and an intact database through kills at random moments", { timeout: 240_000 + ROUNDS * 10_000 }, async (t) => {
    const receiver = await Receiver.start();
    const dir = tempDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...testEnv(dir), SERVICE_PORT: String(port), SERVICE_LOG_STDOUT: "on", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" };
    const start = async (): Promise<ServiceProcess> => {
      const svc = spawnService(env);
      await svc.waitFor(/"msg":"listening"/, 30_000);
      return svc;
    };
    let svc = spawnService(env);
    const [, token = ""] = await svc.waitFor(FIRST_TOKEN, 30_000);
    await svc.waitFor(/"msg":"listening"/, 30_000);
    const api = (method: string, p: string, body?: unknown) => request(base, method, p, { token, body, timeoutMs: 5000 });
    const created = await api("POST", "/api/v1/apps", { name: "sturdy" });
    assert.equal(created.status, 201, created.text);
    const appId = dataOf<{ id: number }>(created).id;
    assert.equal((await api("PUT", "/api/v1/apps/sturdy/config/raw", { yaml: `callbacks:\n  url: ${receiver.url()}\n` })).status, 200);

    const tokens = new Set<number>();
    const keys = new Set<string>();
    let config = { acked: -1, inFlight: -1 };
    let kills = 0;
    const perRound: Array<{ tokens: number; keys: number; configs: number; cameras: number }> = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        let running = true;
        /** What this round acknowledged before its kill, by kind. */
        const acked = { tokens: 0, keys: 0, configs: 0, cameras: 0 };
        const receivedBefore = receiver.received.length;
        // Each loop stops at its first failure: the kill is what ends them.
        const loop = async (write: (n: number) => Promise<void>) => {
          for (let n = 0; running; n++) await write(n).catch(() => (running = false));
        };
        const mintKey = async (room: string) => {
          const res = await api("POST", "/api/v1/apps/sturdy/ws-ingest", { room });
          if (res.status !== 201) throw new Error(String(res.status));
          const key = dataOf<{ id: string; wsUrl: string; streamKey: string }>(res);
          keys.add(key.id);
          acked.keys++;
          return key;
        };
        const writers = [
          loop(async (n) => {
            const res = await api("POST", "/api/v1/tokens", { name: `r${round}-${n}`, scope: "app", appId });
            if (res.status !== 201) throw new Error(String(res.status));
            tokens.add((res.json as { id: number }).id);
            acked.tokens++;
          }),
          loop((n) => mintKey(`r${round}-${n}`).then(() => undefined)),
          loop(async (n) => {
            const value = round * 10_000 + n;
            config = { ...config, inFlight: value };
            const res = await api("PUT", "/api/v1/apps/sturdy/config/raw", { yaml: `display_name: "write ${value}"\ncallbacks:\n  url: ${receiver.url()}\n` });
            if (res.status !== 200) throw new Error(String(res.status));
            config = { ...config, acked: value };
            acked.configs++;
          }),
          loop(async (n) => {
            const camera = await Camera.connect(await mintKey(`cam-${round}-${n}`));
            camera.send(testJpeg("red"));
            await sleep(20);
            await camera.close();
            acked.cameras++;
          }),
        ];
        // A kill before anything was acknowledged would check nothing: every kind must have been
        // written at least once, and the cameras' events committed to the outbox, before it.
        await eventually(() => !running || Object.values(acked).every((count) => count > 0), 30_000, `a write of every kind in round ${round}`);
        assert.ok(running, `a writer failed before the kill in round ${round}: ${JSON.stringify(acked)}`);
        const outboxBefore = pageOf<{ id: string }>(await api("GET", "/api/v1/apps/sturdy/callbacks/deliveries?limit=100")).data.map((d) => d.id);
        assert.ok(outboxBefore.length > 0, `the cameras' events are in the outbox before kill ${kills + 1}`);
        await sleep(Math.floor(Math.random() * 600));
        svc.child.kill("SIGKILL");
        await svc.exited();
        kills++;
        running = false;
        await Promise.all(writers);

        assert.equal(integrity(path.join(dir, "service.db")), "ok", `global DB after kill ${kills}`);
        assert.equal(integrity(path.join(dir, "apps", "sturdy", "app.db")), "ok", `app DB after kill ${kills}`);

        svc = await start();
        const listed = new Set(dataOf<{ id: number }[]>(await api("GET", "/api/v1/tokens")).map((x) => x.id));
        for (const id of tokens) assert.ok(listed.has(id), `acknowledged token ${id} is there after kill ${kills}`);
        const cameraKeys = new Set(dataOf<{ id: string }[]>(await api("GET", "/api/v1/apps/sturdy/ws-ingest")).map((k) => k.id));
        for (const id of keys) assert.ok(cameraKeys.has(id), `acknowledged camera key ${id} is there after kill ${kills}`);
        const yaml = (await api("GET", "/api/v1/apps/sturdy/config/raw")).text;
        const written = Number(/write (\d+)/.exec(yaml)?.[1] ?? -1);
        assert.ok(written === config.acked || written === config.inFlight, `config is the last acknowledged write (${config.acked}) or the one in flight (${config.inFlight}), not ${written}`);
        // The outbox kept what it had committed, and what the receiver got was committed before it
        // was sent (a delivery is attempted only once written).
        const received = receiver.received.slice(receivedBefore).map((r) => r.json.id);
        for (const id of new Set([...outboxBefore, ...received])) {
          assert.equal((await api("GET", `/api/v1/apps/sturdy/callbacks/deliveries/${id}`)).status, 200, `delivery ${id} is in the outbox after kill ${kills}`);
        }
        // Deliveries the kill left pending resume after the restart.
        await eventually(
          async () => pageOf(await api("GET", "/api/v1/apps/sturdy/callbacks/deliveries?status=pending&limit=1")).total === 0,
          30_000,
          `pending deliveries to be delivered after restart ${kills}`,
        );
        perRound.push(acked);
      }
      const least = (kind: keyof (typeof perRound)[number]) => Math.min(...perRound.map((r) => r[kind]));
      t.diagnostic(
        `${kills} kills survived: ${tokens.size} acknowledged tokens, ${keys.size} camera keys, the last config write and the outbox checked after each; fewest acknowledged before a kill: ${least("tokens")} tokens, ${least("keys")} keys, ${least("configs")} config writes, ${least("cameras")} camera sessions`,
      );
    } finally {
      svc.child.kill("SIGKILL");
      await receiver.close();
    }
  });
});
