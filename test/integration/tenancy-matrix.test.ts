import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { upgradeStatus } from "../helpers/mjpeg.ts";
import { assertCovered } from "../helpers/route-coverage.ts";
import type { TestResponse } from "../helpers/server.ts";
import { startTenancyWorld, type TenancyWorld, type VictimIds } from "../helpers/tenants.ts";

/**
 * The tenancy matrix: every mounted route that can name another tenant's data, called by the
 * attacker's app token and by its owner's session with the victim's real app name and ids (and,
 * where a path takes a resource id, with the attacker's own app name and the victim's id). Each
 * must come back as if the thing did not exist: the same 404 a made-up name or id gets, so
 * nothing is confirmed; the victim's state is compared after every write. A mounted route with no
 * row and no reasoned exemption fails the coverage test, so a new route has to take a side.
 */

/** The attacker's two credentials. */
const KINDS = ["appToken", "owner"] as const;
type Kind = (typeof KINDS)[number];

/**
 * What a row expects. `hidden`: 404, answered exactly as for an app or id that does not exist.
 * `public`: the route needs no credential, so the attacker's must get what anonymous gets.
 * `named`: the path's other parameter is a name within the app (a room), not an id the victim
 * owns: the victim's app is `hidden`, and the attacker's own app given the victim's name answers
 * for its own room, with no trace of the victim.
 * `{ appToken, owner }`: platform routes: these statuses, and no trace of the victim in the body.
 */
type Expect = "hidden" | "public" | "named" | Readonly<Record<Kind, number>>;

/** [method, path template, expectation, body]; `{name}` placeholders are the victim's ids (VictimIds, `appId`). */
type Row = readonly [method: string, path: string, expect: Expect, body?: unknown];

const A = "/api/v1/apps/{app}";
const ROWS: Row[] = [
  // The app record and its config.
  ["GET", A, "hidden"],
  ["PATCH", A, "hidden", { displayName: "pwned" }],
  ["DELETE", A, "hidden"],
  ["GET", `${A}/sizes`, "hidden"],
  ["GET", `${A}/stats`, "hidden"],
  ["GET", `${A}/audit`, "hidden"],
  ["GET", `${A}/logs`, "hidden"],
  ["GET", `${A}/config/raw`, "hidden"],
  ["PUT", `${A}/config/raw`, "hidden", { yaml: "display_name: pwned\n" }],
  ["POST", `${A}/config/raw/validate`, "hidden", { yaml: "display_name: pwned\n" }],
  ["GET", `${A}/config/backups`, "hidden"],
  ["GET", `${A}/config/backups/{backup}`, "hidden"],
  ["POST", `${A}/config/backups/{backup}/revert`, "hidden"],
  ["POST", `${A}/reload`, "hidden"],
  ["GET", `${A}/presets`, "hidden"],
  ["POST", `${A}/presets/low-latency/apply`, "hidden"],
  ["GET", `${A}/config`, "hidden"],
  ["PATCH", `${A}/config`, "hidden", { vodAdaptive: true }],
  ["GET", `${A}/transcoding/layers`, "hidden"],
  ["GET", `${A}/s3`, "hidden"],
  ["PUT", `${A}/s3`, "hidden", { bucket: "pwned" }],
  ["GET", `${A}/mqtt`, "hidden"],
  ["PUT", `${A}/mqtt`, "hidden", { topicPrefix: "pwned" }],
  ["GET", `${A}/media-server`, "hidden"],
  ["PUT", `${A}/media-server`, "hidden", { apiKey: "pwned" }],
  ["GET", `${A}/db/health`, "hidden"],
  ["POST", `${A}/db/optimize`, "hidden"],
  // Media: streams, join tokens, ingresses, camera keys, playback.
  ["GET", `${A}/streams`, "hidden"],
  ["GET", `${A}/streams/{stream}`, "hidden"],
  ["DELETE", `${A}/streams/{stream}`, "hidden"],
  ["POST", `${A}/streams/{stream}/data`, "hidden", { type: "chat", message: "pwned" }],
  ["POST", `${A}/tokens`, "hidden", { room: "stage" }],
  ["POST", `${A}/ingress`, "hidden", { inputType: "rtmp", room: "stage" }],
  ["GET", `${A}/ingress`, "hidden"],
  ["GET", `${A}/ingress/{ingress}`, "hidden"],
  ["DELETE", `${A}/ingress/{ingress}`, "hidden"],
  ["POST", `${A}/ingress/{ingress}/reset`, "hidden"],
  ["POST", `${A}/ingress/{ingress}/disable`, "hidden"],
  ["POST", `${A}/ingress/{ingress}/enable`, "hidden"],
  ["POST", `${A}/ingress/{ingress}/validate`, "hidden", { password: "guess-guess" }],
  ["POST", `${A}/ws-ingest`, "hidden", { room: "door" }],
  ["GET", `${A}/ws-ingest`, "hidden"],
  ["DELETE", `${A}/ws-ingest/{key}`, "hidden"],
  ["POST", `${A}/ws-ingest/{key}/reset`, "hidden"],
  ["POST", `${A}/ws-ingest/{key}/disable`, "hidden"],
  ["POST", `${A}/ws-ingest/{key}/enable`, "hidden"],
  ["GET", `${A}/ws-ingest/live/{room}`, "public"],
  ["GET", `${A}/play-token/{room}`, "public"],
  ["GET", `${A}/radio/{room}/listen-token`, "public"],
  ["GET", `${A}/player/{room}`, "public"],
  ["GET", "/live/{app}/{room}/mjpeg", "public"],
  ["GET", "/live/{app}/{room}/frame.jpg", "public"],
  ["GET", "/live/{app}/{room}/detections.json", "public"],
  ["GET", "/live/{app}/{room}/index.m3u8", "public"],
  ["GET", "/live/{app}/{room}/hls/stream.m3u8", "public"],
  ["GET", "/live/{app}/{room}/hls/{file}", "public"],
  ["GET", "/live/{app}/{room}/h264/stream.m3u8", "public"],
  ["GET", "/live/{app}/{room}/h264/{file}", "public"],
  ["GET", "/live/{app}/{room}/dvr.m3u8?since=-60", "public"],
  // An id no victim value shares: the answer names the id, and the matrix swaps the victim's values in answers.
  ["GET", "/live/{app}/{room}/dvr/424242.mp4", "public"],
  ["GET", "/live/{app}/{room}/dvr/live/init0.mp4", "public"],
  ["GET", "/play/{app}/{room}", "public"],
  ["GET", "/embed/{app}/{room}", "public"],
  ["GET", `${A}/hls/{run}/live.m3u8`, "hidden"],
  // Recording and VODs.
  ["GET", `${A}/vods`, "hidden"],
  ["GET", `${A}/cameras/{room}/timeline`, "named"],
  ["GET", `${A}/cameras/{room}/events`, "named"],
  ["GET", `${A}/cameras/{room}/events/{event}/thumbnail`, "named"],
  ["GET", `${A}/cameras/{room}/thumbnails`, "named"],
  ["GET", `${A}/cameras/{room}/thumbnails/2026-01-01T00:00:00.000Z`, "named"],
  ["POST", `${A}/cameras/{room}/clips`, "named", { since: "2026-01-01T00:00:00.000Z", until: "2026-01-01T00:01:00.000Z" }],
  ["GET", `${A}/vods/{vod}`, "hidden"],
  ["GET", `${A}/vods/{vod}/download`, "hidden"],
  ["GET", `${A}/vods/{vod}/raw`, "hidden"],
  ["POST", `${A}/vods/{vod}/probe`, "hidden"],
  ["POST", `${A}/vods/{vod}/retry`, "hidden"],
  ["DELETE", `${A}/vods/{vod}`, "hidden"],
  ["POST", `${A}/recording/start`, "hidden", { roomName: "stage" }],
  ["POST", `${A}/recording/{vod}/stop`, "hidden"],
  ["POST", `${A}/snapshots`, "hidden", { room: "stage" }],
  ["POST", `${A}/streams/{stream}/record/start`, "hidden"],
  ["POST", `${A}/streams/{stream}/record/stop`, "hidden"],
  ["POST", `${A}/streams/{stream}/restream`, "hidden", { platform: "twitch", key: "live_pwned" }],
  ["GET", `${A}/streams/{stream}/restream`, "hidden"],
  ["DELETE", `${A}/streams/{stream}/restream/EG_victim`, "hidden"],
  // Plugins and callbacks.
  ["GET", `${A}/plugins`, "hidden"],
  ["GET", `${A}/plugins/public`, "public"],
  ["GET", `${A}/plugins/deface`, "hidden"],
  ["POST", `${A}/plugins/yolo/install`, "hidden"],
  ["PATCH", `${A}/plugins/deface`, "hidden", { enabled: false }],
  ["DELETE", `${A}/plugins/deface`, "hidden"],
  ["POST", `${A}/plugins/yolo/worker/start`, "hidden"],
  ["POST", `${A}/plugins/yolo/worker/stop`, "hidden"],
  ["GET", `${A}/plugins/yolo/worker/status`, "hidden"],
  ["GET", `${A}/plugins/yolo/logs`, "hidden"],
  ["GET", `${A}/plugins/yolo/detections`, "hidden"],
  ["GET", `${A}/callbacks/deliveries`, "hidden"],
  ["GET", `${A}/callbacks/deliveries/{delivery}`, "hidden"],
  ["POST", `${A}/callbacks/deliveries/{delivery}/redeliver`, "hidden"],
  // Platform routes that list or name tenant data: the attacker's view holds none of the victim's.
  ["GET", "/api/v1/apps", { appToken: 200, owner: 200 }],
  ["GET", "/api/v1/tokens", { appToken: 200, owner: 200 }],
  ["POST", "/api/v1/tokens", { appToken: 404, owner: 404 }, { name: "pwned", scope: "app", appId: "{appId}" }],
  ["DELETE", "/api/v1/tokens/{token}", { appToken: 404, owner: 404 }],
  ["GET", "/api/v1/logs", { appToken: 200, owner: 200 }],
  ["GET", "/api/v1/logs?app={app}", "hidden"],
  ["GET", "/api/v1/stats", { appToken: 200, owner: 200 }],
  ["GET", "/api/v1/audit", { appToken: 403, owner: 403 }],
  ["GET", "/api/v1/auth/sessions", { appToken: 403, owner: 200 }],
  ["DELETE", "/api/v1/auth/sessions/{session}", { appToken: 403, owner: 404 }],
  ["GET", "/api/v1/account", { appToken: 403, owner: 200 }],
  ["GET", "/api/v1/tenant", { appToken: 403, owner: 200 }],
  ["GET", "/api/v1/system/gpu", { appToken: 200, owner: 200 }],
  ["GET", "/api/v1/debug/actors", { appToken: 403, owner: 403 }],
];

const SAME_FOR_EVERYONE = "serves the same bytes to every caller and names no tenant";
const GLOBAL_ONLY = "global credentials only (the authorization matrix holds the 403s); names no tenant's id";
const SELF_ONLY = "acts on the caller's own account or team: no path, query or body field names another tenant's";
const EXEMPT: Readonly<Record<string, string>> = {
  "GET /health": SAME_FOR_EVERYONE,
  "GET /ready": SAME_FOR_EVERYONE,
  "GET /api/v1/openapi.json": SAME_FOR_EVERYONE,
  "GET /api/v1/docs": SAME_FOR_EVERYONE,
  "GET /api/v1/docs/{file}": SAME_FOR_EVERYONE,
  "GET /": SAME_FOR_EVERYONE,
  "GET /console": SAME_FOR_EVERYONE,
  "GET /console/assets/{file}": SAME_FOR_EVERYONE,
  "GET /sdk/{file}": SAME_FOR_EVERYONE,
  "GET /auth/magic": SAME_FOR_EVERYONE,
  "GET /api/v1/auth/config": SAME_FOR_EVERYONE,
  "GET /metrics": "platform-wide by design, app names as labels (README, Observability); METRICS_TOKEN closes it, and secrets-search.test.ts checks it holds no secret",
  "POST /api/v1/auth/login": SELF_ONLY,
  "POST /api/v1/auth/signup": SELF_ONLY,
  "POST /api/v1/auth/magic/request": "answers 202 for every email, so it confirms no account (accounts.test.ts)",
  "POST /api/v1/auth/magic/verify": SELF_ONLY,
  "DELETE /api/v1/auth/sessions": SELF_ONLY,
  "POST /api/v1/account/password": SELF_ONLY,
  "POST /api/v1/account/2fa/setup": SELF_ONLY,
  "POST /api/v1/account/2fa/enable": SELF_ONLY,
  "POST /api/v1/account/2fa/disable": SELF_ONLY,
  "POST /api/v1/tenant/invites": SELF_ONLY,
  "POST /api/v1/apps": "app names and room prefixes are one global namespace, so a taken one is a 409 to anyone (README, Apps)",
  "POST /webhooks/livekit": "authenticated by the media server's signature over the body, never by a tenant credential",
  "POST /api/v1/webhooks/livekit": "authenticated by the media server's signature over the body, never by a tenant credential",
  "POST /api/v1/cluster/join": "cluster token only; edge nodes are platform-wide",
  "POST /api/v1/cluster/heartbeat": "cluster token only; edge nodes are platform-wide",
  "GET /api/v1/cluster/info": GLOBAL_ONLY,
  "GET /api/v1/cluster/nodes": GLOBAL_ONLY,
  "PATCH /api/v1/cluster/nodes/{id}": GLOBAL_ONLY,
  "DELETE /api/v1/cluster/nodes/{id}": GLOBAL_ONLY,
  "GET /api/v1/system/settings": GLOBAL_ONLY,
  "GET /api/v1/system/db/health": GLOBAL_ONLY,
  "POST /api/v1/system/gpu/refresh": "re-probes the host's GPUs: no tenant data in or out (GET /system/gpu has a row)",
};

/** Rows whose hole belongs to another helper's area: run, reported as todo, not failing the suite. */
const KNOWN: Readonly<Record<string, string>> = {};

type Values = Record<string, string>;

/**
 * Fields of the victim's state that move by themselves: the live camera's counters, and when a
 * token or session of the victim's own was last used.
 */
const VOLATILE = /"(fps|lastFrameAt|framesIn|bytesIn|framesDropped|viewers|last(Used|Seen)(At)?)":(null|true|false|[\d.]+|"[^"]*"),?/g;

/** The variants of a row: the victim's app and ids; the attacker's app with them; its app alone. */
const VICTIM = "victim's app";
const OWN_IDS = "own app, victim's ids";
const OWN = "own app";

function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : encodeURIComponent(values[name])));
}

function fillBody(body: unknown, values: Values): unknown {
  if (body === undefined) return undefined;
  return JSON.parse(JSON.stringify(body), (_, v: unknown) => (v === "{appId}" ? Number(values["appId"]) : v));
}

/** A value of the same shape that names nothing: digits shifted, so a format check still passes. */
function ghostOf(value: string): string {
  if (/^\d+$/.test(value)) return "999999";
  if (/^[\da-f]{8}-[\da-f]{4}-4/.test(value)) return "00000000-0000-4000-8000-000000000000";
  const shifted = value.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
  return shifted !== value ? shifted : value.slice(0, -1) + (value.endsWith("x") ? "y" : "x");
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What a 404 may say: its code and its message with the names asked for swapped for their ghosts. */
function answerOf(res: TestResponse, swaps: ReadonlyArray<readonly [string, string]>): string {
  if (res.status < 400) return `${res.status}`;
  const error = errorOf(res);
  // Ids are base64url, so one may begin or end with "-", where \b finds no boundary.
  const message = swaps.reduce((m, [from, to]) => m.replace(new RegExp(`(?<![\\w-])${escaped(from)}(?![\\w-])`, "g"), to), error.message);
  return `${res.status} ${error.code} ${message}`;
}

describe("tenancy matrix: another tenant's credentials with the victim's real ids", () => {
  let world: TenancyWorld;
  let victimIds: Values;
  let markers: string[];
  let baseline: string;

  const as = (kind: Kind | "anonymous") =>
    kind === "anonymous" ? undefined : kind === "appToken" ? world.attacker.appToken : world.attacker.owner;

  /** The victim's state as its owner reads it: every list and setting a write could change. */
  async function victimState(): Promise<string> {
    const paths = ["", "/ws-ingest", "/ingress", "/vods", "/streams", "/config/raw", "/config/backups", "/config", "/plugins", "/s3", "/mqtt", "/media-server", "/callbacks/deliveries"];
    const parts: string[] = [];
    for (const p of paths) {
      const res = await world.server.request("GET", `/api/v1/apps/victim${p}`, { token: world.victim.owner });
      parts.push(`${p} ${res.status} ${res.text}`);
    }
    for (const p of ["/api/v1/tokens", "/api/v1/auth/sessions"]) {
      const res = await world.server.request("GET", p, { token: world.victim.owner });
      parts.push(`${p} ${res.status} ${res.text}`);
    }
    return parts.map((p) => p.replace(VOLATILE, "")).join("\n");
  }

  /** The lines of the victim's state that differ from the baseline, for a failure's message. */
  async function changedState(): Promise<string[]> {
    const now = (await victimState()).split("\n");
    const then = baseline.split("\n");
    return now.filter((line, i) => line !== then[i]).map((line) => line.slice(0, 600));
  }

  before(async () => {
    world = await startTenancyWorld();
    const ids: VictimIds = world.victim.ids;
    victimIds = { ...ids, appId: String(world.victim.appId) };
    markers = ["victim", "Victim", ids.key, ids.ingress, ids.delivery, ids.session];
    baseline = await victimState();
  });
  after(() => world?.close());

  it("has a row or a reasoned exemption for every mounted route, and no stale exemption", () => {
    assertCovered(world.server.app.routes, ROWS.map(([method, path]) => [method, fill(path, victimIds)] as const), EXEMPT);
  });

  for (const [method, template, expect, body] of ROWS) {
    const name = `${method} ${template}`;
    it(name, { todo: KNOWN[name] }, async () => {
      const call = (kind: Kind | "anonymous", values: Values) =>
        world.server.request(method, fill(template, values), { token: as(kind), body: fillBody(body, values) });
      const ownApp = { ...victimIds, app: world.attacker.app };
      // With the attacker's own app: the victim's ids where the path takes any, else a read of its
      // own, which must hold nothing of the victim's.
      const variants: Array<[label: string, values: Values]> = [[VICTIM, victimIds]];
      if (template.includes("{app}") && /\{(?!app\})\w+\}/.test(template)) variants.push([OWN_IDS, ownApp]);
      else if (template.includes("{app}") && method === "GET" && expect === "hidden") variants.push([OWN, ownApp]);
      const problems: string[] = [];
      for (const [label, values] of variants) {
        // The app is the attacker's own in the second variant; otherwise one nobody has.
        const ghostValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k !== "app" ? ghostOf(v) : v === world.attacker.app ? v : "nobody"]));
        const swaps = Object.keys(values)
          .filter((k) => values[k] !== ghostValues[k])
          .map((k) => [values[k] as string, ghostValues[k] as string] as const);
        for (const kind of KINDS) {
          const res = await call(kind, values);
          const at = `${label}, as the attacker's ${kind}`;
          const seen = markers.filter((m) => res.text.includes(m));
          if (label === OWN || (expect === "named" && label === OWN_IDS)) {
            if (res.status >= 500 || seen.length > 0) problems.push(`${at}: ${res.status}, naming the victim's ${seen.join(", ")}`);
            continue;
          }
          const hidden = expect === "hidden" || expect === "named";
          const status = hidden ? (label === VICTIM ? 404 : undefined) : expect === "public" ? (await call("anonymous", values)).status : expect[kind];
          if (status !== undefined && res.status !== status) problems.push(`${at}: ${res.status}, expected ${status} (${res.text.slice(0, 160)})`);
          if (hidden || res.status === 404) {
            // Refused exactly as a made-up app or id is, so the answer confirms nothing.
            const ghost = answerOf(await call(kind, ghostValues), []);
            const got = answerOf(res, swaps);
            if (res.status < 400 || got !== ghost) problems.push(`${at}: ${got}, a made-up one gets ${ghost}`);
          } else if (expect !== "public" && seen.length > 0) {
            problems.push(`${at}: the answer names the victim's ${seen.join(", ")}`);
          }
        }
      }
      assert.deepEqual(problems, [], `${name}:\n  ${problems.join("\n  ")}`);
      if (method !== "GET") assert.deepEqual(await changedState(), [], `${name} changed the victim's state`);
    });
  }

  it("refuses the attacker's camera key on the victim's ingest socket, as it refuses a made-up key", async () => {
    const { server } = world;
    const minted = await server.request("POST", "/api/v1/apps/attacker/ws-ingest", { token: world.attacker.owner, body: { room: "porch" } });
    const own = dataOf<{ id: string; streamKey: string; room: string }>(minted);
    const made = `wsk_${"x".repeat(own.streamKey.length - 4)}`;
    const room = world.victim.ids.room;
    for (const target of [`app=victim&room=${room}`, `app=attacker&room=${room}`, `app=victim&room=${own.room}`]) {
      const got = await upgradeStatus(server.port, `/ingest/ws?${target}`, { authorization: `Bearer ${own.streamKey}` });
      const ghost = await upgradeStatus(server.port, `/ingest/ws?${target}`, { authorization: `Bearer ${made}` });
      assert.equal(got.status, 401, `${target}: ${got.body}`);
      assert.deepEqual(got, ghost, `${target}: answered unlike a made-up key`);
    }
    assert.equal((await server.request("DELETE", `/api/v1/apps/attacker/ws-ingest/${own.id}`, { token: world.attacker.owner })).status, 204);
    assert.deepEqual(await changedState(), []);
  });

  /**
   * The attacker's own app asks for the victim's room by name in a body or path: every answer must
   * name a room of the attacker's, and no token it gets may open the victim's camera. `app` is
   * `attacker`, or `vic`, whose prefix is a string prefix of the victim's.
   */
  async function roomsOf(app: string): Promise<string[]> {
    const { server } = world;
    const room = world.victim.ids.room;
    const isVictims = (r: unknown) => r === "victim" || (typeof r === "string" && r.startsWith("victim-"));
    const problems: string[] = [];
    const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/${app}${p}`, { token: world.attacker.owner, body });
    for (const requested of [room, room.slice("victim-".length)]) {
      for (const [what, res] of [["play token", await call("GET", `/play-token/${requested}`)], ["join token", await call("POST", "/tokens", { room: requested, canPublish: false })]] as const) {
        const token = (res.json as { data?: { token?: string } }).data?.token ?? "";
        const grant = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString() || "{}") as { video?: { room?: string } };
        if (res.status !== 200 || isVictims(grant.video?.room)) problems.push(`${what} for ${requested}: ${res.status}, room ${grant.video?.room}`);
        const opened = await server.request("GET", `/live/victim/${room}/frame.jpg?token=${encodeURIComponent(token)}`);
        if (opened.status !== 401) problems.push(`${what} for ${requested} opens the victim's camera: ${opened.status}`);
      }
    }
    // Each is deleted again: the attacker's plan allows five keys and ingresses at a time.
    const key = dataOf<{ id: string; room: string }>(await call("POST", "/ws-ingest", { room }));
    if (isVictims(key.room)) problems.push(`a camera key in the victim's room ${key.room}`);
    const ingress = dataOf<{ ingressId: string; roomName: string }>(await call("POST", "/ingress", { inputType: "whip", room }));
    if (isVictims(ingress.roomName)) problems.push(`an ingress into the victim's room ${ingress.roomName}`);
    assert.equal((await call("DELETE", `/ws-ingest/${key.id}`)).status, 204);
    assert.equal((await call("DELETE", `/ingress/${ingress.ingressId}`)).status, 204);
    const snapshot = await call("POST", "/snapshots", { room });
    if (snapshot.status < 300) problems.push(`a snapshot of the victim's camera: ${snapshot.text.slice(0, 120)}`);
    const live = await call("GET", `/ws-ingest/live/${room}`);
    if (live.text.includes('"active":true')) problems.push(`the victim's camera live through ${app}: ${live.text.slice(0, 120)}`);
    const player = await call("GET", `/player/${room}`);
    if (player.status < 300 && isVictims((player.json as { data?: { room?: string } }).data?.room)) problems.push(`a player of the victim's room: ${player.text.slice(0, 160)}`);
    return problems;
  }

  it("namespaces every room the attacker's own app asks for", async () => {
    assert.deepEqual(await roomsOf(world.attacker.app), []);
  });

  it("namespaces the rooms of an app whose prefix is a string prefix of the victim's", { todo: KNOWN["prefix"] }, async () => {
    const created = await world.server.request("POST", "/api/v1/apps", { token: world.attacker.owner, body: { name: "vic", roomPrefix: "vic" } });
    assert.equal(created.status, 201, created.text);
    await world.server.request("PATCH", "/api/v1/apps/vic", { token: world.attacker.owner, body: { features: { publicPlayback: true } } });
    assert.deepEqual(await roomsOf("vic"), []);
    assert.deepEqual(await changedState(), []);
  });

  it("leaves the victim's credentials working", async () => {
    for (const token of [world.victim.appToken, world.victim.owner]) {
      assert.equal((await world.server.request("GET", "/api/v1/apps/victim", { token })).status, 200);
    }
    assert.deepEqual(await changedState(), []);
  });
});
