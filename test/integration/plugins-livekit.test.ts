import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { RoomEvent } from "@livekit/rtc-node";
import sharp from "sharp";
import type { DetectionsMessage } from "../../workers/plugins/protocol.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * yolo in a LiveKit room (issue 16): the worker joins the real livekit-server as a hidden
 * participant, reads the publisher's decoded frames, and its detections reach another participant
 * as data messages on topic `detections`.
 */
describe("yolo in a LiveKit room", () => {
  let livekit: LiveKit;
  let server: TestServer;
  const participants: Participant[] = [];
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/seen${p}`, { token: server.rootToken, body, timeoutMs: 30_000 });
  const mint = async (identity: string) => dataOf<{ token: string }>(await call("POST", "/tokens", { room: "hall", identity })).token;

  before(async () => {
    const port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit` });
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port) });
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "seen" } })).status, 201);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  it("publishes the person in the publisher's picture as a detections data message", { timeout: 90_000 }, async () => {
    const { data, info } = await sharp(readFileSync(new URL("../fixtures/astronaut.jpg", import.meta.url))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const host = await join(livekit.wsUrl, await mint("host"));
    participants.push(host);
    await host.publishVideo({ picture: { rgba: data, width: info.width, height: info.height } });
    const watcher = await join(livekit.wsUrl, await mint("watcher"));
    participants.push(watcher);
    const received: DetectionsMessage[] = [];
    watcher.room.on(RoomEvent.DataReceived, (payload: Uint8Array, _participant?: unknown, _kind?: unknown, topic?: string) => {
      if (topic === "detections") received.push(JSON.parse(new TextDecoder().decode(payload)) as DetectionsMessage);
    });

    assert.equal((await call("POST", "/plugins/yolo/install")).status, 200);
    assert.equal((await call("PATCH", "/plugins/yolo", { enabled: true, config: { fps: 3 } })).status, 200);
    await eventually(async () => received.some((m) => m.objects.some((o) => o.label === "person")), 60_000, "a detections message with a person");
    const message = received.find((m) => m.objects.some((o) => o.label === "person")) as DetectionsMessage;
    assert.equal(message.type, "detections");
    assert.equal(message.room, "seen-hall");
    // The size of the frame analysed: the SFU may forward a lower simulcast layer (seen: 360×360 of
    // the 512×512 picture) while its bandwidth estimate ramps up; boxes are normalized either way.
    assert.ok(message.width <= info.width && message.width * info.height === message.height * info.width, `${message.width}×${message.height}`);
    const person = message.objects.find((o) => o.label === "person");
    assert.ok(person && person.score >= 0.4 && person.box.width > 0.3 && person.box.height > 0.5, JSON.stringify(person));
    // The worker is hidden: players see no extra participant in the room.
    assert.deepEqual([...watcher.room.remoteParticipants.values()].map((p) => p.identity), ["host"]);
  });
});
