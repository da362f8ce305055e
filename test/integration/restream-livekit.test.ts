import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import type { DestinationView } from "../../src/restream/service.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtmpReceiver, type RtmpReceiver } from "../helpers/rtmp.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, tempDir, type TestServer } from "../helpers/server.ts";

/**
 * Restreaming a LiveKit room (issue 15): the push is the media server's egress stream output
 * (through the egress stand-in, on the real livekit-server) to a real RTMP receiver; it survives
 * a restart of the service without being doubled.
 */
describe("restreaming a LiveKit room", () => {
  let livekit: LiveKit;
  let receiver: RtmpReceiver;
  let server: TestServer;
  let port = 0;
  const dataDir = tempDir();
  let token = "";
  const participants: Participant[] = [];
  const streamId = "lkcast-show/host";
  const url = `/api/v1/apps/lkcast/streams/${encodeURIComponent(streamId)}/restream`;
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token, body, timeoutMs: 40_000 });
  const boot = async () => {
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port), SERVICE_DATA_DIR: dataDir, SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    token ||= server.rootToken;
  };

  before(async () => {
    receiver = await startRtmpReceiver();
    port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit`, egress: true });
    await boot();
    assert.equal((await call("POST", "/api/v1/apps", { name: "lkcast" })).status, 201);
    const minted = await call("POST", "/api/v1/apps/lkcast/tokens", { room: "show", identity: "host" });
    const host = await join(livekit.wsUrl, dataOf<{ token: string }>(minted).token);
    participants.push(host);
    await host.publishVideo({ live: true });
    await host.publishAudio({ live: true });
    await eventually(async () => (await call("GET", "/api/v1/apps/lkcast/streams")).text.includes(streamId), 15_000, "the publisher's stream");
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
    await receiver?.close();
  });

  it("pushes through the egress, survives a restart of the service as the same push, and stops", { timeout: 120_000 }, async () => {
    const started = await call("POST", url, { platform: "custom", url: receiver.url, key: "lk-stream-key", layout: "speaker" });
    assert.equal(started.status, 201, started.text);
    const dest = dataOf<DestinationView>(started);
    assert.match(dest.id, /^EG_/);
    assert.equal(dest.url, `${receiver.url}/****`);
    const state = async () => dataOf<DestinationView[]>(await call("GET", url)).find((d) => d.id === dest.id);
    await eventually(async () => (await state())?.state === "active", 30_000, "the egress push to be active");
    // The stand-in reports the egress active when its ffmpeg starts; the receiver sees the push a little later.
    await eventually(async () => receiver.received("lk-stream-key"), 20_000, "the receiver to get the push");

    await server.close();
    await boot();
    await eventually(async () => (await state())?.state === "active", 30_000, "the destination to come back active");
    assert.equal((await state())?.egressId, dest.egressId, "the push that went on is picked up, not started again");

    const stopped = await call("DELETE", `${url}/${dest.id}`);
    assert.equal(dataOf<DestinationView>(stopped).state, "stopped");
    await new Promise((r) => setTimeout(r, 3000));
    const { stdout } = await promisify(execFile)("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", receiver.recording("lk-stream-key")], { encoding: "utf8" });
    assert.deepEqual(stdout.trim().split("\n").sort(), ["aac", "h264"]);
  });
});
