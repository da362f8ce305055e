import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { dataOf } from "../helpers/envelope.ts";
import { cameraApp } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtspCamera, type RtspCamera } from "../helpers/rtsp.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

interface CameraState {
  readonly state: string;
  readonly failure: string | null;
  readonly error: string | null;
}

/** The command lines of this machine's ffmpeg processes. */
function ffmpegCommandLines(): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (argv[0]?.endsWith("ffmpeg")) lines.push(argv.join(" "));
    } catch {
      // The process ended meanwhile.
    }
  }
  return lines;
}

/**
 * SERVICE_RTSP_DIRECT (docs/security.md): RTSP cameras on networks the operator trusts are pulled
 * by ffmpeg straight from their checked address, with no relay on the byte path; so there, and
 * only there, a camera's redirect is ffmpeg's to follow. Everything else allowed keeps the guard.
 */
describe("RTSP cameras on the operator's trusted camera networks", { timeout: 120_000 }, () => {
  let server: TestServer;
  const cameras: RtspCamera[] = [];
  const netServers: net.Server[] = [];
  const add = async (room: string, url: string) => {
    const res = await server.request("POST", "/api/v1/apps/lan/ingress", { token: server.rootToken, body: { inputType: "url", url, room } });
    assert.equal(res.status, 201, res.text);
    return dataOf<{ ingressId: string }>(res).ingressId;
  };
  const camera = async (id: string): Promise<CameraState> => dataOf<{ camera: CameraState }>(await server.request("GET", `/api/v1/apps/lan/ingress/${id}`, { token: server.rootToken })).camera;
  /** An RTSP server on `host` that answers every request with a redirect to `to`. */
  const redirecting = async (host: string, to: string): Promise<number> => {
    const fake = net.createServer((socket) => {
      socket.on("data", (request) => {
        const cseq = /CSeq:\s*(\d+)/i.exec(request.toString("latin1"))?.[1] ?? "1";
        socket.write(`RTSP/1.0 302 Moved Temporarily\r\nCSeq: ${cseq}\r\nLocation: ${to}\r\n\r\n`);
      });
      socket.on("error", () => undefined);
    });
    netServers.push(fake);
    await new Promise<void>((resolve) => fake.listen(0, host, () => resolve()));
    return (fake.address() as AddressInfo).port;
  };
  /** A TCP listener that counts connections. */
  const listener = async (host: string): Promise<{ port: number; heard: () => number }> => {
    let n = 0;
    const s = net.createServer((socket) => {
      n++;
      socket.destroy();
    });
    netServers.push(s);
    await new Promise<void>((resolve) => s.listen(0, host, () => resolve()));
    return { port: (s.address() as AddressInfo).port, heard: () => n };
  };

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.0/8", SERVICE_RTSP_DIRECT: "127.0.0.1/32" });
    await cameraApp(server, "lan");
  });
  after(async () => {
    await server?.close();
    for (const c of cameras) await c.stop();
    for (const s of netServers) s.close();
  });

  it("pulls a camera on a trusted network straight from its address: ffmpeg is given the camera's own port", async () => {
    const cam = await startRtspCamera({ size: "320x180", fps: 10 });
    cameras.push(cam);
    const id = await add("yard", cam.url);
    let last: CameraState | undefined;
    await eventually(async () => (last = await camera(id)).state === "live", 30_000, `the camera to be live (last: ${JSON.stringify(last)})`);
    const port = new URL(cam.url).port;
    assert.ok(
      ffmpegCommandLines().some((line) => line.includes(`rtsp://`) && line.includes(`127.0.0.1:${port}/`)),
      `an ffmpeg reads 127.0.0.1:${port} itself: ${ffmpegCommandLines().join(" | ")}`,
    );
  });

  it("leaves a trusted camera's redirect to ffmpeg, and still refuses one from a camera outside those networks", async () => {
    const target = await listener("127.0.0.3");
    const trusted = await redirecting("127.0.0.1", `rtsp://127.0.0.3:${target.port}/cam`);
    await add("moved", `rtsp://127.0.0.1:${trusted}/cam`);
    await eventually(() => target.heard() > 0, 20_000, "ffmpeg to follow the trusted camera's redirect");

    const guardedTarget = await listener("127.0.0.3");
    const outside = await redirecting("127.0.0.2", `rtsp://127.0.0.3:${guardedTarget.port}/cam`);
    const id = await add("outside", `rtsp://127.0.0.2:${outside}/cam`);
    let last: CameraState | undefined;
    await eventually(async () => (last = await camera(id)).state === "failed", 20_000, `the camera to fail (last: ${JSON.stringify(last)})`);
    assert.equal(last?.failure, "forbidden");
    assert.match(last?.error ?? "", /answered 302, a redirect to rtsp:\/\/127\.0\.0\.3:\d+\/cam; redirects are not followed/);
    assert.equal(guardedTarget.heard(), 0);
  });
});
