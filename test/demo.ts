/**
 * `npm run demo`: the service with everything the quick start cannot assume, on this machine in
 * one command. It builds (once, cached like the tests) and starts a LiveKit server with its
 * webhooks pointed at the service, starts the service on a fresh data dir, creates an app with
 * public playback, publishes a synthetic video and tone into one room (a real WebRTC publisher)
 * and a synthetic MJPEG camera into another, and prints the play pages and the global token.
 * Ctrl-C stops everything it started.
 *
 *   npm run demo          env: DEMO_PORT (8080; a free port when taken)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LIVEKIT, ensureTool } from "./setup/go-tools.ts";
import { startLiveKit, type LiveKit } from "./helpers/livekit.ts";
import { Camera } from "./helpers/mjpeg.ts";
import { freePort } from "./helpers/ports.ts";
import { FIRST_TOKEN, spawnService, type ServiceProcess } from "./helpers/process.ts";
import { join, leaveAll, type Participant } from "./helpers/rtc.ts";
import { request } from "./helpers/server.ts";

const APP = "demo";
const CAMERA_FPS = 15;

/** A moving test card as JPEG frames (ffmpeg's testsrc2), played in a loop by the demo camera. */
function cameraFrames(dir: string): Buffer[] {
  const made = spawnSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", `testsrc2=size=640x360:rate=${CAMERA_FPS}`, "-frames:v", String(CAMERA_FPS * 4), "-q:v", "5", path.join(dir, "f%03d.jpg")]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make the camera's frames: ${made.stderr.toString()}`);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jpg"))
    .sort()
    .map((f) => readFileSync(path.join(dir, f)));
}

async function portFor(wanted: number): Promise<number> {
  const free = await request(`http://127.0.0.1:${wanted}`, "GET", "/health", { timeoutMs: 500 }).then(
    () => false,
    () => true,
  );
  return free ? wanted : freePort();
}

async function main(): Promise<void> {
  process.stdout.write("preparing the LiveKit server (built with go install on the first run, a few minutes)...\n");
  ensureTool(LIVEKIT);
  const dir = mkdtempSync(path.join(os.tmpdir(), "service-core-demo-"));
  const port = await portFor(Number(process.env["DEMO_PORT"] ?? 8080));
  const base = `http://127.0.0.1:${port}`;
  let livekit: LiveKit | undefined;
  let service: ServiceProcess | undefined;
  const participants: Participant[] = [];
  let camera: Camera | undefined;
  let feed: NodeJS.Timeout | undefined;
  const stop = async () => {
    clearInterval(feed);
    await camera?.close().catch(() => undefined);
    await leaveAll(participants);
    service?.child.kill("SIGTERM");
    await service?.exited();
    await livekit?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => {
    process.stdout.write("\nstopping...\n");
    void stop().then(() => process.exit(0));
  });
  try {
    livekit = await startLiveKit({ webhookUrl: `${base}/webhooks/livekit` });
    service = spawnService({
      SERVICE_HOST: "127.0.0.1",
      SERVICE_PORT: String(port),
      SERVICE_DATA_DIR: path.join(dir, "data"),
      SERVICE_LOG_STDOUT: "off",
      ...livekit.env,
    });
    const [, token = ""] = await service.waitFor(FIRST_TOKEN, 30_000);
    await service.waitFor(/"msg":"listening"|listening/, 30_000).catch(() => undefined);
    const api = async (method: string, p: string, body?: unknown) => {
      const res = await request(base, method, p, { token, body });
      if (res.status >= 300) throw new Error(`${method} ${p} answered ${res.status}: ${res.text}`);
      return res.json as { data: Record<string, unknown> };
    };
    await api("POST", "/api/v1/apps", { name: APP, displayName: "Demo" });
    await api("PATCH", `/api/v1/apps/${APP}`, { features: { publicPlayback: true } });

    const minted = await api("POST", `/api/v1/apps/${APP}/tokens`, { room: "stage", identity: "synthetic-host" });
    const host = await join(livekit.wsUrl, String(minted.data["token"]));
    participants.push(host);
    await host.publishVideo({ live: true });
    await host.publishAudio({ live: true });

    const key = await api("POST", `/api/v1/apps/${APP}/ws-ingest`, { room: "camera" });
    camera = await Camera.connect({ wsUrl: String(key.data["wsUrl"]), streamKey: String(key.data["streamKey"]) });
    const frames = cameraFrames(dir);
    let n = 0;
    feed = setInterval(() => camera?.send(frames[n++ % frames.length] as Buffer), 1000 / CAMERA_FPS);

    process.stdout.write(
      [
        "",
        "service-core demo is running:",
        `  WebRTC room (synthetic video and tone):  ${base}/play/${APP}/stage`,
        `  MJPEG camera room (moving test card):    ${base}/play/${APP}/camera`,
        `  API:                                     ${base}/api/v1   (global token: ${token})`,
        `  LiveKit:                                 ${livekit.wsUrl}`,
        "",
        "Ctrl-C stops the service, LiveKit and the publishers.",
        "",
      ].join("\n"),
    );
  } catch (err) {
    process.stderr.write(`demo failed: ${(err as Error).message}\n${service ? service.stderr().slice(-2000) : ""}\n`);
    await stop();
    process.exit(1);
  }
}

void main();
