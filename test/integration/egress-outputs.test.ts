import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { isProblem } from "../../src/lib/problem.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, tempDir, type TestServer } from "../helpers/server.ts";

/**
 * Stream outputs of the media server's egress (issue 14, ready for restream): a room pushed over
 * RTMP to a real RTMP receiver (ffmpeg listening), through the same client as recordings.
 */
describe("egress stream outputs", () => {
  let livekit: LiveKit;
  let server: TestServer;
  const participants: Participant[] = [];

  before(async () => {
    livekit = await startLiveKit({ egress: true });
    server = await startServer(livekit.env);
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "pushy" } })).status, 201);
    const res = await server.request("POST", "/api/v1/apps/pushy/tokens", { token: server.rootToken, body: { room: "show", identity: "host" } });
    const host = await join(livekit.wsUrl, dataOf<{ token: string }>(res).token);
    participants.push(host);
    await host.publishVideo({ live: true });
    await host.publishAudio({ live: true });
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  it("pushes a room to an RTMP receiver, and stops idempotently", { timeout: 60_000 }, async () => {
    const port = await freePort();
    const out = path.join(tempDir(), "received.flv");
    const receiver = spawn("ffmpeg", ["-v", "error", "-listen", "1", "-i", `rtmp://127.0.0.1:${port}/live/secret-key`, "-c", "copy", "-y", out], { stdio: "ignore" });
    const received = once(receiver, "exit");
    try {
      await sleep(1000);
      const { egresses } = server.app.egress;
      const info = await egresses.start("pushy", "pushy-show", { kind: "room-composite", layout: "grid" }, { streams: [`rtmp://127.0.0.1:${port}/live/secret-key`] });
      assert.ok(!isProblem(info), JSON.stringify(info));
      await eventually(async () => {
        const now = await egresses.info("pushy", info.egressId);
        return now !== undefined && !isProblem(now) && now.status === 1;
      }, 20_000, "the stream egress to be active");
      // Active means the pipeline is up, not that media flows yet: time the push from the first
      // bytes the receiver writes, as a viewer would see them.
      await eventually(async () => existsSync(out) && statSync(out).size > 0, 20_000, "the receiver to write its first bytes");
      await sleep(4000);
      const settled = await egresses.settle("pushy", info.egressId, 30_000);
      assert.ok(!isProblem(settled) && settled.info.status === 3, JSON.stringify(settled));
      const again = await egresses.stop("pushy", info.egressId);
      assert.ok(!isProblem(again) && again.status === 3, "stopping an ended egress answers its last state");
      await Promise.race([received, sleep(15_000)]);
      const { stdout } = await promisify(execFile)("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name,width,height:format=duration", "-of", "json", out], { encoding: "utf8" });
      const probed = JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number }[]; format: { duration: string } };
      assert.deepEqual(probed.streams.map((s) => [s.codec_type, s.codec_name]).sort(), [["audio", "aac"], ["video", "h264"]]);
      assert.ok(Number(probed.format.duration) >= 3, `received ${probed.format.duration} s`);
    } finally {
      receiver.kill("SIGKILL");
    }
  });

  it("answers not_found for an egress the media server does not know, and for a room it does not have", async () => {
    const { egresses } = server.app.egress;
    const unknown = await egresses.stop("pushy", "EG_doesnotexist");
    assert.ok(isProblem(unknown) && unknown.code === "not_found", JSON.stringify(unknown));
    const nowhere = await egresses.start("pushy", "pushy-nowhere", { kind: "room-composite", layout: "grid" }, { file: path.join(tempDir(), "x.mp4") });
    assert.ok(isProblem(nowhere) && nowhere.code === "not_found", JSON.stringify(nowhere));
  });
});
