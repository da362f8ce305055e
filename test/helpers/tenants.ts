import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { RoomServiceClient } from "livekit-server-sdk";
import { streamStore } from "../../src/streams/store.ts";
import { timelineEventsStore } from "../../src/timeline/events-store.ts";
import { vodStore } from "../../src/vods/store.ts";
import { dataOf, pageOf } from "./envelope.ts";
import { createToken, signup } from "./identity.ts";
import { startLiveKit, type LiveKit } from "./livekit.ts";
import { Camera, testJpeg } from "./mjpeg.ts";
import { Receiver } from "./receiver.ts";
import { startServer, type TestServer } from "./server.ts";
import { eventually } from "./wait.ts";

/**
 * Two tenants on one real service and one real LiveKit, for the tests that hold the boundary
 * between them (tenancy-matrix.test.ts, secrets-search.test.ts): a victim team whose app has one
 * real resource of every kind a route can name (a live camera among them), and an attacker team
 * with an app of its own and both of its credentials (an app token of its app, its owner's session).
 */

/** The victim's real ids, by the placeholder each fills in a route path. */
export interface VictimIds {
  /** The victim app's name, for `{app}`. */
  readonly app: string;
  /** A camera key id (`wsi_…`). */
  readonly key: string;
  /** The camera key's room, namespaced (`victim-door`). */
  readonly room: string;
  readonly ingress: string;
  /** The API token id of a token scoped to the victim app. */
  readonly token: string;
  readonly vod: string;
  /** A timeline event of the camera key's room, with a thumbnail on disk. */
  readonly event: string;
  /** A stream row id of the victim app. */
  readonly stream: string;
  readonly delivery: string;
  /** A config backup's timestamp. */
  readonly backup: string;
  /** The victim owner's session id. */
  readonly session: string;
  /** An HLS run name in the victim's namespace (no run is live: the name is what is guessed). */
  readonly run: string;
}

export interface Party {
  readonly app: string;
  readonly appId: number;
  /** The owner's session JWT. */
  readonly owner: string;
  /** An app token of the party's app, minted by its owner. */
  readonly appToken: string;
}

export interface TenancyWorld {
  readonly server: TestServer;
  readonly livekit: LiveKit;
  /** The victim's ids, and its camera key's plaintext (`wsk_…`), which only its creation answered. */
  readonly victim: Party & { readonly ids: VictimIds; readonly email: string; readonly cameraKey: string };
  readonly attacker: Party;
  close(): Promise<void>;
}

const VICTIM_EMAIL = "owner@victim.example";

async function created(server: TestServer, credential: string, name: string, roomPrefix: string): Promise<number> {
  const res = await server.request("POST", "/api/v1/apps", { token: credential, body: { name, roomPrefix } });
  assert.equal(res.status, 201, res.text);
  return dataOf<{ id: number }>(res).id;
}

/**
 * Starts the world. `env` adds to the service's environment; `livekitSecret` is the media server's
 * API secret (the secrets search uses a distinctive one).
 */
export async function startTenancyWorld(options: { env?: Record<string, string>; livekitSecret?: string } = {}): Promise<TenancyWorld> {
  // What is started, stopped in reverse order by close() or when the start fails half-way.
  const started: Array<() => Promise<void> | void> = [];
  const close = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
  };
  try {
    const receiver = await Receiver.start();
    started.push(() => receiver.close());
    const livekit = await startLiveKit({ apiSecret: options.livekitSecret });
    started.push(() => livekit.stop());
    const server = await startServer({
      ...livekit.env,
      SERVICE_ALLOW_SIGNUP: "on",
      SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32",
      SERVICE_PUBLIC_URL: "https://video.example.com",
      ...options.env,
    });
    started.push(() => server.close());
    const victimOwner = await signup(server, VICTIM_EMAIL, "Victim");
    const attackerOwner = await signup(server, "owner@attacker.example", "Attacker");
    const victimId = await created(server, victimOwner, "victim", "victim");
    const attackerId = await created(server, attackerOwner, "attacker", "attacker");
    const victimToken = await createToken(server, victimOwner, { scope: "app", appId: victimId, name: "victim token" });
    const attackerToken = await createToken(server, attackerOwner, { scope: "app", appId: attackerId });
    // The victim's RTMP stream row below is real to the reconciler only while LiveKit has its
    // room: without it, the pass a minute after start ends the row mid-matrix (a stream_ended
    // delivery the matrix would read as the victim's state changing).
    await new RoomServiceClient(livekit.url, livekit.apiKey, livekit.apiSecret).createRoom({ name: "victim-stage", emptyTimeout: 3600 });
    const { ids, streamKey } = await victimResources(server, victimOwner, receiver);

    const camera = await Camera.connect({ wsUrl: `${server.url.replace("http", "ws")}/ingest/ws?app=victim&room=${ids.room}`, streamKey });
    started.push(async () => void (await camera.close()));
    camera.send(testJpeg("blue"));
    // A frame every 10 s keeps the camera inside the ingest's 60 s idle timeout on a slow run.
    const keepAlive = setInterval(() => camera.send(testJpeg("blue")), 10_000);
    started.push(() => clearInterval(keepAlive));
    await eventually(async () => (await server.request("GET", `/api/v1/apps/victim/ws-ingest/live/${ids.room}`)).text.includes('"active":true'), 10_000, "the victim's camera to be live");
    // The camera's stream_started goes out too: wait for it, so the victim's deliveries stay still.
    await eventually(async () => {
      const page = pageOf<{ event: string; status: string }>(await server.request("GET", "/api/v1/apps/victim/callbacks/deliveries", { token: victimOwner }));
      return page.data.some((d) => d.event === "stream_started") && page.data.every((d) => d.status === "delivered");
    }, 10_000, "the victim's deliveries");
    // The attacker's playback is public: a room of the victim's reached through it would play.
    assert.equal((await server.request("PATCH", "/api/v1/apps/attacker", { token: attackerOwner, body: { features: { publicPlayback: true } } })).status, 200);
    return {
      server,
      livekit,
      victim: { app: "victim", appId: victimId, owner: victimOwner, appToken: victimToken.token, email: VICTIM_EMAIL, cameraKey: streamKey, ids: { ...ids, token: String(victimToken.id) } },
      attacker: { app: "attacker", appId: attackerId, owner: attackerOwner, appToken: attackerToken.token },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Gives the victim app one real resource of each kind; answers their ids. */
async function victimResources(server: TestServer, owner: string, receiver: Receiver): Promise<{ ids: Omit<VictimIds, "token">; streamKey: string }> {
  const call = async (method: string, path: string, body?: unknown, status = 200) => {
    const res = await server.request(method, `/api/v1/apps/victim${path}`, { token: owner, body });
    assert.equal(res.status, status, `${method} ${path}: ${res.text}`);
    return res;
  };
  // Two config writes: the second leaves a backup of the first.
  await call("PUT", "/config/raw", { yaml: `display_name: Victim\nroom_prefix: victim\ncallbacks:\n  url: ${receiver.url("/victim")}\n` });
  await call("PUT", "/config/raw", { yaml: `display_name: Victim Co\nroom_prefix: victim\ncallbacks:\n  url: ${receiver.url("/victim")}\n` });
  const backup = dataOf<Array<{ ts: string }>>(await call("GET", "/config/backups"))[0]?.ts;
  await call("PATCH", "", { features: { rtmpPassword: true } });
  const key = dataOf<{ id: string; room: string; streamKey: string }>(await call("POST", "/ws-ingest", { room: "door" }, 201));
  const ingress = dataOf<{ ingressId: string }>(await call("POST", "/ingress", { inputType: "rtmp", room: "stage" }, 201)).ingressId;
  await call("POST", "/plugins/yolo/install");
  await call("POST", "/plugins/deface/install");

  const vod = await vodStore(server.app.databases.appSql("victim")).insert({ room: "victim-stage", stream_id: null, egress_id: "EG_victim", source: "camera", part: 0, local_path: null, started_at: new Date().toISOString() });
  await streamStore(server.app.databases.appSql("victim")).start({ streamId: "TR_victim", type: "rtmp", room: "victim-stage", participant: null, at: Math.floor(Date.now() / 1000), stats: {} });
  const thumbnail = path.join(server.dataDir, "victim-event.jpg");
  writeFileSync(thumbnail, testJpeg("red"));
  const at = new Date().toISOString();
  const event = await timelineEventsStore(server.app.databases.appSql("victim")).add(
    { room: key.room, kind: "object", label: "person", score: 0.9, box: "[0.1,0.1,0.5,0.5]", started_at: at, ended_at: at, thumbnail_path: thumbnail, node: server.app.config.node.id },
    at,
  );
  const stream = (JSON.parse((await call("GET", "/streams")).text) as Array<{ id: number }>)[0]?.id;

  server.app.events.emit("victim", "chat_message", "victim-stage", { room: "victim-stage", from: "tester", message: "hello", ts: new Date().toISOString() });
  await receiver.until(() => receiver.received.some((r) => r.path === "/victim"));
  const delivery = pageOf<{ id: string }>(await call("GET", "/callbacks/deliveries")).data[0]?.id;

  const session = (await server.request("GET", "/api/v1/auth/sessions", { token: owner })).json as { data: Array<{ id: string; current?: boolean }> };
  assert.ok(backup && stream !== undefined && delivery && session.data[0], "the victim's resources were all made");
  const ids = {
    app: "victim",
    key: key.id,
    room: key.room,
    ingress,
    vod: String(vod.id),
    event: String(event.id),
    stream: String(stream),
    delivery,
    backup,
    session: session.data[0].id,
    run: "victim-stage-20260101T000000000Z",
  };
  return { ids, streamKey: key.streamKey };
}

