import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import type { LogRecord } from "../../src/logging.ts";
import { errorOf, pageOf } from "../helpers/envelope.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startServer, type TestServer, UNREACHABLE_LIVEKIT } from "../helpers/server.ts";
import { appRow } from "../helpers/rows.ts";
import { eventually } from "../helpers/wait.ts";

/** A plain TCP listener that counts every connection made to it, on all loopback spellings. */
class Listener {
  connections = 0;
  private constructor(private readonly servers: net.Server[]) {}

  static async start(): Promise<{ listener: Listener; port: number }> {
    const port = await freePort();
    const servers: net.Server[] = [];
    const listener = new Listener(servers);
    // ::1 separately: 127.0.0.1 alone would not see an attempt on [::1].
    for (const host of ["127.0.0.1", "::1"]) {
      const server = net.createServer((socket) => {
        listener.connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, host, resolve));
      servers.push(server);
    }
    return { listener, port };
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

/** Every way of writing "this machine" the issue lists, plus cloud metadata and a private range. */
function spellings(port: number): string[] {
  return [
    "127.0.0.1",
    "[::1]",
    "localhost",
    "2130706433",
    "127.1",
    "0x7f000001",
    "[::ffff:127.0.0.1]",
    "0.0.0.0",
    os.hostname(),
    "169.254.169.254",
    "10.0.0.1",
  ].map((host) => `${host}:${port}`);
}

const REFUSED = /internal address|this host's own name|SERVICE_SSRF_ALLOWLIST/;

/**
 * Issue 29 item 3: every URL a tenant sets (webhook, MQTT broker, S3 endpoint, its own media
 * server, restream destination, URL ingress) is refused under every loopback spelling, at write
 * time where there is a write, and at connect time where config.yaml was written raw, and the
 * listener never sees a connection. SERVICE_SSRF_ALLOWLIST then lets one through.
 */
describe("outbound-connection policy without SERVICE_SSRF_ALLOWLIST", () => {
  let server: TestServer;
  let listener: Listener;
  let port = 0;
  const logs: LogRecord[] = [];
  let n = 0;
  const root = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
  const newApp = async (yaml?: string): Promise<string> => {
    const name = `out-${++n}`;
    assert.equal((await root("POST", "/api/v1/apps", { name })).status, 201);
    if (yaml !== undefined) {
      const put = await root("PUT", `/api/v1/apps/${name}/config/raw`, { yaml });
      assert.equal(put.status, 200, put.text);
    }
    return name;
  };
  const refusedAtWrite = async (p: string, body: Record<string, unknown>, field: string) => {
    const res = await root("PUT", p, body);
    assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    assert.equal(errorOf(res).code, "validation_failed");
    assert.match(errorOf(res).message, new RegExp(`^${field.replace(".", "\\.")}: .*SERVICE_SSRF_ALLOWLIST`), JSON.stringify(body));
  };

  before(async () => {
    ({ listener, port } = await Listener.start());
    // A fixed port: the camera key's wsUrl is built from SERVICE_PORT.
    server = await startServer({ ...UNREACHABLE_LIVEKIT, SERVICE_PORT: String(await freePort()) });
    server.app.logging.subscribe((r) => void logs.push(r));
  });
  after(async () => {
    await server?.close();
    await listener?.close();
  });

  it("refuses every spelling at write time: PUT .../mqtt, .../s3, .../media-server", async () => {
    const app = await newApp();
    for (const target of spellings(port)) {
      await refusedAtWrite(`/api/v1/apps/${app}/mqtt`, { url: `mqtt://${target}` }, "body.url");
      await refusedAtWrite(`/api/v1/apps/${app}/mqtt`, { url: `ws://${target}/mqtt` }, "body.url");
      await refusedAtWrite(`/api/v1/apps/${app}/s3`, { endpoint: `http://${target}` }, "body.endpoint");
      await refusedAtWrite(`/api/v1/apps/${app}/media-server`, { url: `http://${target}` }, "body.url");
    }
    // A name that does not resolve yet is accepted: the connect-time check guards it.
    assert.equal((await root("PUT", `/api/v1/apps/${app}/mqtt`, { url: "mqtts://broker.invalid:8883" })).status, 200);
  });

  it("refuses webhooks to every spelling when they connect", async () => {
    const apps: Array<[string, string]> = [];
    for (const target of spellings(port)) {
      const app = await newApp(`callbacks:\n  url: "http://${target}/hook"\n`);
      server.app.events.emit(app, "reaction", `${app}-r`, { room: `${app}-r`, from: "x", reaction: "y" });
      apps.push([app, target]);
    }
    for (const [app, target] of apps) {
      await eventually(async () => pageOf<{ status: string }>(await root("GET", `/api/v1/apps/${app}/callbacks/deliveries`)).data[0]?.status === "failed", 10_000, target);
      const log = pageOf<{ lastError: string }>(await root("GET", `/api/v1/apps/${app}/callbacks/deliveries`));
      assert.match(log.data[0]?.lastError ?? "", REFUSED, target);
    }
    assert.equal(listener.connections, 0);
  });

  it("refuses MQTT brokers (mqtt:// and ws://) at every spelling when the client connects", async () => {
    const apps: Array<[string, string]> = [];
    for (const target of spellings(port)) {
      for (const scheme of ["mqtt", "ws"]) {
        const app = await newApp(`mqtt:\n  enabled: true\n  url: "${scheme}://${target}/mqtt"\n`);
        server.app.events.emit(app, "reaction", `${app}-r`, { room: `${app}-r`, from: "x", reaction: "y" });
        apps.push([app, `${scheme}://${target}`]);
      }
    }
    for (const [app, target] of apps) {
      const refusal = () => logs.find((r) => r.app === app && r.msg === "MQTT client error" && REFUSED.test(String(r["err"])));
      await eventually(() => refusal() !== undefined, 10_000, `the refusal of ${target}`);
    }
    for (const [app] of apps) assert.equal((await root("PUT", `/api/v1/apps/${app}/mqtt`, { enabled: false })).status, 200);
    assert.equal(listener.connections, 0);
  });

  it("refuses S3 endpoints at every spelling when a request is made", async () => {
    for (const target of spellings(port)) {
      const app = await newApp(`s3:\n  provider: s3-compatible\n  bucket: vods\n  endpoint: "http://${target}"\n`);
      assert.equal((await root("PUT", `/api/v1/apps/${app}/s3`, { key: "tenant-key", secret: "tenant-secret" })).status, 200);
      // A VOD kept only in S3: probing it hands ffprobe a presigned URL on the endpoint.
      const now = new Date().toISOString();
      const vod = (
        await appRow(
          server,
          app,
          (t) => sql<{ id: number }>`INSERT INTO ${t("vods")} (room, egress_id, source, status, file_key, started_at, updated_at) VALUES ('r', ${`EG_${app}`}, 'camera', 'ready', 'r/1.mp4', ${now}, ${now}) RETURNING id`,
        )
      )?.id;
      const probe = await root("POST", `/api/v1/apps/${app}/vods/${vod}/probe`);
      assert.equal(probe.status, 400, `${target}: ${probe.text}`);
      assert.match(errorOf(probe).message, REFUSED, target);
      // Deleting the app with its VODs lists its bucket: the cheapest S3 request there is.
      assert.equal((await root("DELETE", `/api/v1/apps/${app}?deleteVods=true`)).status, 200);
      const failure = () => logs.find((r) => r.app === app && /could not remove/.test(r.msg));
      await eventually(() => failure() !== undefined, 20_000, `the S3 failure of ${target}`);
      assert.match(String(failure()?.["err"]), REFUSED, target);
    }
    assert.equal(listener.connections, 0);
  });

  it("refuses an app's own media server at every spelling when its API is called", async () => {
    for (const target of spellings(port)) {
      const app = await newApp(`media_server:\n  url: "http://${target}"\n  ws_url: "ws://media.example.com"\n  api_key: tenant\n`);
      assert.equal((await root("PUT", `/api/v1/apps/${app}/media-server`, { apiSecret: "a-tenant-secret-of-at-least-32-chars" })).status, 200);
      const res = await root("POST", `/api/v1/apps/${app}/ingress`, { inputType: "rtmp" });
      assert.equal(res.status, 503, `${target}: ${res.text}`);
      assert.equal(errorOf(res).code, "media_server_unavailable");
      assert.match(errorOf(res).message, REFUSED, target);
    }
    assert.equal(listener.connections, 0);
  });

  it("refuses URL ingress sources at every spelling", async () => {
    const app = await newApp();
    for (const target of spellings(port)) {
      for (const url of [`rtmp://${target}/live`, `http://${target}/stream.m3u8`]) {
        const res = await root("POST", `/api/v1/apps/${app}/ingress`, { inputType: "url", url });
        assert.equal(res.status, 400, `${url}: ${res.text}`);
        assert.equal(errorOf(res).code, "validation_failed");
        assert.match(errorOf(res).message, REFUSED, url);
      }
    }
  });

  it("refuses restream destinations at every spelling", { timeout: 60_000 }, async () => {
    await cameraApp(server, "out-cast");
    const camera = await Camera.connect(await mintKey(server, "out-cast", "studio"));
    const timer = setInterval(() => camera.send(testJpeg("red", 0, "160x120")), 100);
    try {
      let streamId = "";
      await eventually(async () => {
        streamId = ((await root("GET", "/api/v1/apps/out-cast/streams")).json as Array<{ streamId: string }>)[0]?.streamId ?? "";
        return streamId !== "";
      }, 10_000, "the camera's stream");
      for (const target of spellings(port)) {
        const res = await root("POST", `/api/v1/apps/out-cast/streams/${encodeURIComponent(streamId)}/restream`, { platform: "custom", url: `rtmp://${target}/live`, key: "k" });
        assert.equal(res.status, 400, `${target}: ${res.text}`);
        assert.equal(errorOf(res).code, "validation_failed");
        assert.match(errorOf(res).message, REFUSED, target);
      }
      await sleep(300);
      assert.equal(listener.connections, 0);
    } finally {
      clearInterval(timer);
      await camera.close();
    }
  });
});

describe("outbound-connection policy with SERVICE_SSRF_ALLOWLIST=127.0.0.1/32", () => {
  it("lets allowlisted brokers through (mqtt:// and ws://): the listener sees the connections", async () => {
    const { listener, port } = await Listener.start();
    const server = await startServer({ SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    try {
      for (const [name, url] of [["via-mqtt", `mqtt://127.1:${port}`], ["via-ws", `ws://127.0.0.1:${port}/mqtt`]] as const) {
        const seen = listener.connections;
        assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } })).status, 201);
        const put = await server.request("PUT", `/api/v1/apps/${name}/mqtt`, { token: server.rootToken, body: { enabled: true, url } });
        assert.equal(put.status, 200, put.text);
        server.app.events.emit(name, "reaction", `${name}-r`, { room: `${name}-r`, from: "x", reaction: "y" });
        await eventually(() => listener.connections > seen, 10_000, `a connection to the allowlisted ${url}`);
        assert.equal((await server.request("PUT", `/api/v1/apps/${name}/mqtt`, { token: server.rootToken, body: { enabled: false } })).status, 200);
      }
    } finally {
      await server.close();
      await listener.close();
    }
  });

  it("hands ffprobe an allowlisted S3 endpoint's presigned URL, and ffprobe follows none of its redirects", async () => {
    // The endpoint is the tenant's: it answers the probe's GET with a redirect to a listener
    // (allowlisted too, so only the redirect rule keeps ffprobe away from it).
    const { listener, port } = await Listener.start();
    const asked: string[] = [];
    const endpoint = http.createServer((req, res) => {
      asked.push(req.url ?? "");
      res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere.mp4` }).end();
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    const server = await startServer({ SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    try {
      const root = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
      const endpointUrl = `http://127.0.0.1:${(endpoint.address() as net.AddressInfo).port}`;
      assert.equal((await root("POST", "/api/v1/apps", { name: "redirecting-s3" })).status, 201);
      const put = await root("PUT", "/api/v1/apps/redirecting-s3/s3", { provider: "s3-compatible", bucket: "vods", endpoint: endpointUrl, key: "k", secret: "s" });
      assert.equal(put.status, 200, put.text);
      const now = new Date().toISOString();
      const vod = (
        await appRow(
          server,
          "redirecting-s3",
          (t) => sql<{ id: number }>`INSERT INTO ${t("vods")} (room, egress_id, source, status, file_key, started_at, updated_at) VALUES ('r', 'EG_redirect', 'camera', 'ready', 'r/1.mp4', ${now}, ${now}) RETURNING id`,
        )
      )?.id;
      const probe = await root("POST", `/api/v1/apps/redirecting-s3/vods/${vod}/probe`);
      assert.equal(probe.status, 400, probe.text);
      assert.ok(asked.some((u) => u.startsWith("/vods/r/1.mp4?")), `ffprobe asked the endpoint for the object: ${asked.join(", ")}`);
      assert.equal(listener.connections, 0, "and did not follow its redirect");
    } finally {
      await server.close();
      await new Promise((resolve) => endpoint.close(resolve));
      await listener.close();
    }
  });
});
