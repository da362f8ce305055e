import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { request as undiciRequest } from "undici";
import { Router } from "../../src/http/router.ts";
import { manifests, secretFields } from "../../src/plugins/manifests.ts";
import { dataOf } from "../helpers/envelope.ts";
import { invite, PASSWORD, totpCode } from "../helpers/identity.ts";
import { routeKey } from "../helpers/route-coverage.ts";
import { startTenancyWorld, type TenancyWorld } from "../helpers/tenants.ts";
import { eventually } from "../helpers/wait.ts";

/**
 * The secrets search: every kind of secret the service holds is set through the API with a
 * plaintext nobody else would write; then every answer a caller can GET (every mounted GET route,
 * its path filled with real ids, as the installer's token and as the owner's session: /logs,
 * /audit, config/raw and each config backup, /metrics among them), the answers to the writes that
 * set them, and every file of the data dir are searched for each plaintext, as is, URL-encoded and
 * base64-encoded. Only the places the docs document as showing a secret may hold it (ALLOWED).
 */

const S = {
  s3Key: "AKIAS3KEYPLAINTEXT01ZQ",
  s3Secret: "s3-secret-plaintext-02-quokka-wombat",
  mqttPassword: "mqtt-password-plaintext-03-narwhal",
  callbackSecret: "callback-secret-plaintext-04-axolotl",
  mediaSecret: "media-server-secret-plaintext-05-pangolin-okapi",
  password: "person-password-plaintext-06-tapir",
  masterKey: "master-key-plaintext-07-capybara-ibex-lemur",
  clusterToken: "cluster-token-plaintext-08-gecko-heron-moose",
  livekitSecret: "livekit-secret-plaintext-09-bison-koala-lynx",
  restreamKey: "restream-key-plaintext-11-marmot-puffin",
};

/** Where the docs say a secret is shown, and why; any other place that holds one fails. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  // README, Media plane: the RTMP stream password is "sealed in the app's database, revealable in lists".
  "RTMP stream password": ["GET /api/v1/apps/{app}/ingress", "GET /api/v1/apps/{app}/ingress/{id}"],
  // README, Logs: mail written to the log without SMTP stays in the file (mode 0600) for the operator.
  "invite code": ["file service.log"],
  "magic-link token": ["file service.log"],
  // README, Two-factor authentication: setup answers the seed (and the otpauth URI and QR code of it).
  "TOTP seed": ["POST /api/v1/account/2fa/setup"],
  // README, Media plane: minting a join token answers it.
  "join token": ["POST /api/v1/apps/{app}/tokens"],
  // README, Edge-node cluster registry: cluster/info (global credentials only) shows the token in the
  // join one-liner an operator pastes on the edge box.
  "cluster token": ["GET /api/v1/cluster/info"],
};

/** Values for a GET route's path parameters, by the segment before each (`vods/{id}`). */
type Fill = Readonly<Record<string, readonly string[]>>;

interface Found {
  readonly where: string;
  /** The route (`GET /api/v1/apps/{app}/ingress`) or file (`file service.log`) that ALLOWED names. */
  readonly place: string;
  readonly text: string;
}

/** The ways a plaintext can show up: as is, URL-encoded, and base64 at each of the three alignments. */
function encodings(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret)]);
  for (let shift = 0; shift < 3; shift++) {
    const b64 = Buffer.concat([Buffer.alloc(shift), Buffer.from(secret)]).toString("base64");
    // Drop the characters that mix in the padding bytes or whatever follows the secret.
    const inner = b64.slice(Math.ceil((shift * 4) / 3) + 1, Math.floor(((shift + secret.length) * 4) / 3) - 1);
    for (const form of [inner, inner.replace(/\+/g, "-").replace(/\//g, "_")]) if (form.length >= 12) forms.add(form);
  }
  return [...forms];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe("secrets search: no plaintext of any secret in any answer or file", () => {
  let world: TenancyWorld;
  const secrets: Array<{ kind: string; value: string }> = [];
  const found: Found[] = [];

  before(async () => {
    world = await startTenancyWorld({
      livekitSecret: S.livekitSecret,
      env: { SERVICE_MASTER_KEY: S.masterKey, SERVICE_CLUSTER_TOKEN: S.clusterToken, SERVICE_LOG_LEVEL: "debug" },
    });
    const { server, victim } = world;
    const owner = victim.owner;
    const router = new Router();
    for (const route of server.app.routes) router.add(route);
    // The writes' own answers are searched too: a secret set must not come back in the answer.
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await server.request(method, p, { token: owner, body });
      assert.ok(res.status < 300, `${method} ${p}: ${res.status} ${res.text}`);
      const match = router.match(method, p);
      if (method !== "GET" && match.kind === "found") found.push({ where: `the answer to ${method} ${p}`, place: routeKey(match.route), text: res.text });
      return res;
    };
    const app = "/api/v1/apps/victim";
    await call("PUT", `${app}/s3`, { bucket: "victim-bucket", key: S.s3Key, secret: S.s3Secret });
    await call("PUT", `${app}/mqtt`, { enabled: false, username: "victim", password: S.mqttPassword });
    await call("PATCH", app, { callbackSecret: S.callbackSecret });
    secrets.push({ kind: "S3 access key", value: S.s3Key }, { kind: "S3 secret", value: S.s3Secret });
    secrets.push({ kind: "MQTT password", value: S.mqttPassword }, { kind: "callback secret", value: S.callbackSecret });
    // Every secret field of every plugin, so a plugin added later is searched too.
    for (const m of manifests) {
      const fields = secretFields(m);
      if (fields.length === 0) continue;
      await call("POST", `${app}/plugins/${m.id}/install`);
      const config = Object.fromEntries(fields.map((f) => [f, `plugin-${m.id}-${f}-plaintext-10`]));
      await call("PATCH", `${app}/plugins/${m.id}`, { config });
      for (const [f, value] of Object.entries(config)) secrets.push({ kind: `plugin secret ${m.id}.${f}`, value });
    }
    // The app's own media server: a second app of the victim's, so the first keeps the working one.
    await call("POST", "/api/v1/apps", { name: "victim-media", roomPrefix: "vmedia" });
    await call("PUT", "/api/v1/apps/victim-media/media-server", { url: world.livekit.url, wsUrl: world.livekit.wsUrl, apiKey: world.livekit.apiKey, apiSecret: S.mediaSecret });
    secrets.push({ kind: "per-app media-server secret", value: S.mediaSecret }, { kind: "global media-server secret", value: S.livekitSecret });

    // A restream of the live camera to a server that refuses it: the key is in the URL ffmpeg
    // fails on, and the failure is stored, logged and sent as an event.
    const streams = JSON.parse((await call("GET", `${app}/streams`)).text) as Array<{ id: number; type: string }>;
    const camera = streams.find((st) => st.type === "ws-mjpeg");
    assert.ok(camera, `no camera stream in ${JSON.stringify(streams)}`);
    await call("POST", `${app}/streams/${camera.id}/restream`, { platform: "custom", url: "rtmp://127.0.0.1:9/live", key: S.restreamKey });
    await eventually(async () => (await call("GET", `${app}/streams/${camera.id}/restream`)).text.includes('"state":"failed"'), 10_000, "the restream to fail");
    secrets.push({ kind: "restream key", value: S.restreamKey });

    const ingress = dataOf<{ stream_password: string }>(await call("GET", `${app}/ingress/${victim.ids.ingress}`));
    secrets.push({ kind: "RTMP stream password", value: ingress.stream_password });
    secrets.push({ kind: "camera key", value: victim.cameraKey });
    const join = dataOf<{ token: string }>(await call("POST", `${app}/tokens`, { room: "stage" }));
    secrets.push({ kind: "join token", value: join.token });
    secrets.push({ kind: "app API token", value: victim.appToken }, { kind: "other tenant's app API token", value: world.attacker.appToken });
    secrets.push({ kind: "global API token", value: server.rootToken });
    secrets.push({ kind: "session JWT", value: owner }, { kind: "other tenant's session JWT", value: world.attacker.owner });

    await call("POST", "/api/v1/account/password", { currentPassword: PASSWORD, newPassword: S.password });
    secrets.push({ kind: "person's password", value: S.password }, { kind: "person's first password", value: PASSWORD });
    const totp = dataOf<{ secret: string }>(await call("POST", "/api/v1/account/2fa/setup"));
    await call("POST", "/api/v1/account/2fa/enable", { code: await totpCode(totp.secret) });
    secrets.push({ kind: "TOTP seed", value: totp.secret });
    secrets.push({ kind: "invite code", value: await invite(server, owner, "invitee@victim.example") });
    assert.equal((await server.request("POST", "/api/v1/auth/magic/request", { body: { email: victim.email } })).status, 202);
    let magic = "";
    await eventually(() => (magic = /#token=([\w-]+)/.exec(server.mails.findLast((m) => m.to === victim.email)?.text ?? "")?.[1] ?? "") !== "", 5000, "the magic-link mail");
    secrets.push({ kind: "magic-link token", value: magic });
    secrets.push({ kind: "master key", value: S.masterKey }, { kind: "cluster token", value: S.clusterToken });
    // Configured on PostgreSQL (every node's), generated into the data dir on SQLite.
    secrets.push({ kind: "JWT signing secret", value: server.app.config.jwtSecret ?? readFileSync(path.join(server.dataDir, "jwt-secret"), "utf8").trim() });

    // The log store writes in batches: wait until its count of lines so far stops moving (the
    // polls log lines of their own, after `until`).
    const until = encodeURIComponent(new Date().toISOString());
    let last = -1;
    await eventually(async () => {
      const now = (await server.request("GET", `/api/v1/logs?limit=1&until=${until}`, { token: server.rootToken })).json as { total: number };
      const settled = now.total === last;
      last = now.total;
      await new Promise((r) => setTimeout(r, 300));
      return settled;
    }, 10_000, "the log store to settle");
  });
  after(() => world?.close());

  /** Fetches one path; a live stream's body is let go after its headers. */
  async function fetchAll(p: string, token: string | undefined): Promise<string> {
    const res = await undiciRequest(world.server.url + p, { method: "GET", headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(10_000) });
    const headers = Object.entries(res.headers).map(([k, v]) => `${k}: ${String(v)}`).join("\n");
    if (/^(multipart\/x-mixed-replace|text\/event-stream)/.test(String(res.headers["content-type"] ?? ""))) {
      res.body.destroy();
      return `${res.statusCode}\n${headers}`;
    }
    return `${res.statusCode}\n${headers}\n\n${Buffer.from(await res.body.arrayBuffer()).toString("latin1")}`;
  }

  it("searches every mounted GET route and every data dir file, and finds no plaintext outside ALLOWED", async () => {
    const { server, victim } = world;
    const backups = dataOf<Array<{ ts: string }>>(await server.request("GET", "/api/v1/apps/victim/config/backups", { token: server.rootToken })).map((b) => b.ts);
    const fill: Fill = {
      app: ["victim", "victim-media"],
      room: [victim.ids.room],
      "vods/{id}": [victim.ids.vod],
      "events/{id}": [victim.ids.event],
      "streams/{id}": [victim.ids.stream],
      "ingress/{id}": [victim.ids.ingress],
      "plugins/{id}": manifests.map((m) => m.id),
      "deliveries/{id}": [victim.ids.delivery],
      "backups/{ts}": backups,
      "hls/{run}": [victim.ids.run],
      "{run}/{file}": ["live.m3u8"],
      "docs/{file}": ["swagger-ui.css"],
      "assets/{file}": ["main.js"],
      "sdk/{file}": ["service-player.js"],
      // A pulled camera's LL-HLS files (the victim has no pulled camera: its answers are the refusals).
      "hls/{file}": ["init0.mp4"],
      "h264/{file}": ["init0.mp4"],
      // The timeline's pictures and rewind files (the victim records nothing: its answers are the refusals).
      "thumbnails/{at}": [new Date().toISOString()],
      "dvr/{segment}": ["1.mp4"],
      "live/{file}": ["init0.mp4", "0.m4s"],
    };
    const unfilled: string[] = [];
    const gets = world.server.app.routes.filter((r) => r.method === "GET");
    for (const route of gets) {
      let paths = [route.path];
      const segments = route.path.split("/");
      for (const [i, segment] of segments.entries()) {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (param === undefined) continue;
        const values = fill[`${segments[i - 1]}/${segment}`] ?? fill[param];
        if (values === undefined) {
          unfilled.push(`${routeKey(route)}: ${segment}`);
          break;
        }
        paths = paths.flatMap((p) => values.map((v) => p.replace(segment, encodeURIComponent(v))));
      }
      for (const p of paths) {
        // The longest page of the logs and the audit log (their limits are clamped, not refused).
        const url = /\/(logs|audit)$/.test(p) ? `${p}?limit=1000` : p;
        for (const [who, token] of [["global token", server.rootToken], ["owner", victim.owner]] as const) {
          found.push({ where: `GET ${url} as ${who}`, place: routeKey(route), text: await fetchAll(url, token) });
        }
      }
    }
    assert.deepEqual(unfilled, [], "give these GET routes' parameters values in `fill`, so their answers are searched");
    assert.ok(found.length > 100, `only ${found.length} answers searched`);

    for (const file of filesUnder(server.dataDir)) {
      const relative = path.relative(server.dataDir, file);
      // These two files are the master secrets themselves.
      if (relative === "jwt-secret" || relative === "master-key") continue;
      found.push({ where: `file ${relative}`, place: `file ${relative}`, text: readFileSync(file).toString("latin1") });
    }

    const leaks: string[] = [];
    for (const { kind, value } of secrets) {
      assert.ok(value.length >= 12, `${kind}: a plaintext too short to search for`);
      const forms = encodings(value);
      for (const f of found) {
        const form = forms.find((x) => f.text.includes(x));
        if (form !== undefined && !(ALLOWED[kind] ?? []).includes(f.place)) leaks.push(`${kind} in ${f.where}${form === value ? "" : ` (encoded: ${form})`}`);
      }
    }
    assert.deepEqual(leaks, [], `plaintexts found:\n  ${leaks.join("\n  ")}`);
  });

  it("finds what ALLOWED lets through, and a plaintext inside base64 at any alignment, so the search itself works", () => {
    for (const { kind, value } of secrets) {
      for (const pad of ["", "x", "xy"]) {
        const blob = Buffer.from(`${pad}${value}.`).toString("base64url");
        assert.ok(encodings(value).some((f) => blob.includes(f)), `${kind} after ${pad.length} bytes, in base64url, is not recognised`);
      }
    }
    const password = secrets.find((s) => s.kind === "RTMP stream password")?.value ?? "";
    assert.ok(found.some((f) => f.place === "GET /api/v1/apps/{app}/ingress" && f.text.includes(password)), "the revealable stream password was not found in the ingress list");
  });
});
