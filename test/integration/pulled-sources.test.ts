import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { dataOf } from "../helpers/envelope.ts";
import { stopChild } from "../helpers/livekit.ts";
import { checkLlHlsPlaylist } from "../helpers/llhls.ts";
import { cameraApp } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, tempDir, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

interface CameraState {
  readonly state: string;
  readonly failure: string | null;
  readonly error: string | null;
  readonly codec: string | null;
}

/** A live test pattern encoded by ffmpeg: 320x180 at 15 fps, a keyframe a second, no B-frames. */
const PATTERN = ["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=15", "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "15", "-bf", "0", "-pix_fmt", "yuv420p"];

/**
 * The other kinds of source the service pulls itself (issue 33), with no media server configured:
 * an RTSP camera that speaks only UDP, one over TLS (RTSPS), an SRT caller pull from an ffmpeg listener, and an HLS
 * playlist over HTTP, whose segments and redirects are held to the SSRF rules at each request
 * (src/pull/source-proxy.ts) and not only at the playlist's host.
 */
describe("pulled UDP, SRT and HLS sources", { timeout: 240_000 }, () => {
  let server: TestServer;
  const children: ChildProcess[] = [];
  const cameras: RtspCamera[] = [];
  const servers: http.Server[] = [];
  const netServers: net.Server[] = [];
  const dir = tempDir("pulled-sources-");
  /** Requests that reached the address the SSRF rules forbid (127.0.0.2, not in the allowlist). */
  const forbiddenHits: string[] = [];

  const add = async (room: string, url: string, extra: Record<string, unknown> = {}) => {
    const res = await server.request("POST", "/api/v1/apps/far/ingress", { token: server.rootToken, body: { inputType: "url", url, room, ...extra } });
    assert.equal(res.status, 201, res.text);
    return dataOf<{ ingressId: string; roomName: string }>(res);
  };
  const camera = async (id: string): Promise<CameraState> => {
    const res = await server.request("GET", `/api/v1/apps/far/ingress/${id}`, { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    return dataOf<{ camera: CameraState }>(res).camera;
  };
  const live = async (id: string) => {
    let last: CameraState | undefined;
    await eventually(async () => (last = await camera(id)).state === "live", 30_000, `the camera to be live (last: ${JSON.stringify(last)})`);
  };
  /** The room's LL-HLS has a closed segment: the pulled video flows all the way. */
  const plays = async (app: string, room: string) => {
    await eventually(
      async () => {
        const res = await fetch(`${server.url}/live/${app}/${room}/hls/stream.m3u8`);
        return res.status === 200 && checkLlHlsPlaylist(await res.text()).segments.some((s) => s.uri !== undefined);
      },
      20_000,
      "a closed LL-HLS segment",
    );
  };
  const run = (args: string[]) => {
    const child = spawn("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
    children.push(child);
    return child;
  };
  const listen = async (host: string, handler: http.RequestListener) => {
    const s = http.createServer(handler);
    servers.push(s);
    await new Promise<void>((resolve) => s.listen(0, host, () => resolve()));
    return (s.address() as AddressInfo).port;
  };

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    await cameraApp(server, "far", "features:\n  publicPlayback: true\n");
  });
  after(async () => {
    await server?.close();
    for (const c of cameras) await c.stop();
    for (const c of children) await stopChild(c);
    for (const s of [...servers, ...netServers]) s.close();
  });

  it("pulls an RTSP camera that offers only UDP when the ingress asks for UDP (TCP is answered 461)", async () => {
    const cam = await startRtspCamera({ size: "320x180", fps: 10, transport: "udp" });
    cameras.push(cam);
    const { ingressId, roomName } = await add("udp-cam", cam.url, { transport: "udp" });
    await live(ingressId);
    await plays("far", roomName);
  });

  it("pulls an RTSPS camera (TLS to the camera, its self-signed certificate taken as cameras' are) through the guard", async () => {
    const cam = await startRtspCamera({ size: "320x180", fps: 10, tls: true, credentials: { user: "viewer", password: "over tls" } });
    cameras.push(cam);
    assert.match(cam.url, /^rtsps:\/\//);
    const { ingressId, roomName } = await add("tls-cam", cam.url);
    await live(ingressId);
    await plays("far", roomName);
  });

  it("never follows an RTSP camera's redirect: the camera fails as forbidden and the address it named hears nothing", async () => {
    const heard: string[] = [];
    const elsewhere = net.createServer((socket) => {
      heard.push("connection");
      socket.destroy();
    });
    const fake = net.createServer((socket) => {
      socket.on("data", (request) => {
        const cseq = /CSeq:\s*(\d+)/i.exec(request.toString("latin1"))?.[1] ?? "1";
        socket.write(`RTSP/1.0 302 Moved Temporarily\r\nCSeq: ${cseq}\r\nLocation: rtsp://127.0.0.2:${(elsewhere.address() as AddressInfo).port}/cam\r\n\r\n`);
      });
      socket.on("error", () => undefined);
    });
    netServers.push(elsewhere, fake);
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.2", () => resolve()));
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", () => resolve()));
    const { ingressId } = await add("rtsp-moved", `rtsp://127.0.0.1:${(fake.address() as AddressInfo).port}/cam`);
    let last: CameraState | undefined;
    await eventually(async () => (last = await camera(ingressId)).state === "failed", 20_000, `the camera to fail (last: ${JSON.stringify(last)})`);
    assert.equal(last?.failure, "forbidden");
    assert.match(last?.error ?? "", /answered 302, a redirect to rtsp:\/\/127\.0\.0\.2:\d+\/cam; redirects are not followed/);
    assert.deepEqual(heard, []);
  });

  it("pulls SRT as a caller from a listener, as a stream of type srt", async () => {
    const port = await freePort();
    run([...PATTERN, "-f", "mpegts", `srt://127.0.0.1:${port}?mode=listener&latency=120000`]);
    const { ingressId, roomName } = await add("srt-cam", `srt://127.0.0.1:${port}`);
    await live(ingressId);
    assert.equal((await camera(ingressId)).codec, "h264");
    await plays("far", roomName);
    const started = server.app.events.recent().find((e) => e.event === "stream_started" && e.room === roomName);
    assert.equal(started?.data["type"], "srt");
  });

  describe("HLS over HTTP", () => {
    let port = 0;
    let forbiddenPort = 0;
    before(async () => {
      run([...PATTERN, "-f", "hls", "-hls_time", "1", "-hls_list_size", "6", "-hls_flags", "delete_segments", path.join(dir, "live.m3u8")]);
      forbiddenPort = await listen("127.0.0.2", (req, res) => {
        forbiddenHits.push(`${req.method} ${req.url}`);
        res.writeHead(404).end();
      });
      port = await listen("127.0.0.1", (req, res) => {
        const name = (req.url ?? "/").slice(1);
        // The live playlist with its segments named on the forbidden address.
        if (name === "elsewhere.m3u8") {
          const text = readFileSync(path.join(dir, "live.m3u8"), "utf8").replace(/^(live\d+\.ts)$/gm, `http://127.0.0.2:${forbiddenPort}/$1`);
          return void res.writeHead(200, { "content-type": "application/vnd.apple.mpegurl" }).end(text);
        }
        if (name === "moved.m3u8") return void res.writeHead(302, { location: `http://127.0.0.2:${forbiddenPort}/live.m3u8` }).end();
        if (!/^live\d*\.(m3u8|ts)$/.test(name)) return void res.writeHead(404).end();
        let body: Buffer;
        try {
          body = readFileSync(path.join(dir, name));
        } catch {
          return void res.writeHead(404).end();
        }
        res.writeHead(200).end(body);
      });
      await eventually(async () => (await fetch(`http://127.0.0.1:${port}/live.m3u8`)).status === 200, 15_000, "the HLS source's first playlist");
    });

    it("pulls an HLS playlist, as a stream of type hls, through the source proxy", async () => {
      const { ingressId, roomName } = await add("hls-cam", `http://127.0.0.1:${port}/live.m3u8`);
      await live(ingressId);
      await plays("far", roomName);
      const started = server.app.events.recent().find((e) => e.event === "stream_started" && e.room === roomName);
      assert.equal(started?.data["type"], "hls");
    });

    it("never fetches a segment or follows a redirect to an address the SSRF rules refuse, though the playlist's host is allowed", async () => {
      const segments = await add("hls-elsewhere", `http://127.0.0.1:${port}/elsewhere.m3u8`);
      const moved = await add("hls-moved", `http://127.0.0.1:${port}/moved.m3u8`);
      for (const { ingressId } of [segments, moved]) {
        let last: CameraState | undefined;
        // A playlist whose segments are all refused never gives video: the pull's 20 s connect limit drops it.
        await eventually(async () => (last = await camera(ingressId)).error !== null, 45_000, "the pull to fail");
        assert.notEqual(last?.state, "live");
        assert.match(last?.error ?? "", /403 Forbidden|no video came/, JSON.stringify(last));
      }
      assert.deepEqual(forbiddenHits, []);
    });
  });
});
