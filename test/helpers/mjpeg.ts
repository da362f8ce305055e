import { once } from "node:events";
import net from "node:net";
import { WebSocket } from "undici";
import { ffmpegJpeg, padJpeg } from "./jpeg.ts";
import { headerFields, MultipartParser, type PartSink } from "./multipart.ts";
import type { TestServer } from "./server.ts";

const jpegs = new Map<string, Buffer>();

/** A real JPEG from ffmpeg: a solid colour, or padded with COM segments to about `bytes`. */
export function testJpeg(color = "red", bytes = 0, size = "64x48"): Buffer {
  const id = `${color}/${bytes}/${size}`;
  let jpeg = jpegs.get(id);
  if (!jpeg) {
    jpeg = padJpeg(ffmpegJpeg(`color=c=${color}:s=${size}`), bytes);
    jpegs.set(id, jpeg);
  }
  return jpeg;
}

/** Creates an app for camera tests, with `config.yaml` replaced when `yaml` is given. */
export async function cameraApp(server: TestServer, name: string, yaml?: string): Promise<void> {
  const created = await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } });
  if (created.status !== 201) throw new Error(`creating app ${name}: ${created.status} ${created.text}`);
  if (yaml !== undefined) {
    const put = await server.request("PUT", `/api/v1/apps/${name}/config/raw`, { token: server.rootToken, body: { yaml } });
    if (put.status !== 200) throw new Error(`config of ${name}: ${put.status} ${put.text}`);
  }
}

export interface MintedKey {
  readonly id: string;
  readonly streamKey: string;
  readonly room: string;
  readonly identity: string;
  readonly wsUrl: string;
  readonly mjpegUrl: string;
  readonly frameUrl: string;
  readonly playerUrl: string;
  readonly embedUrl: string;
}

export async function mintKey(server: TestServer, app: string, room: string, identity?: string): Promise<MintedKey> {
  const res = await server.request("POST", `/api/v1/apps/${app}/ws-ingest`, { token: server.rootToken, body: identity ? { room, identity } : { room } });
  if (res.status !== 201) throw new Error(`minting a camera key: ${res.status} ${res.text}`);
  return (res.json as { data: MintedKey }).data;
}

/** A camera device on the WebSocket ingest. */
export class Camera {
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })));
  }

  /** Connects with the key as a Bearer header (or in the query); rejects when the upgrade is refused. */
  static async connect(key: Pick<MintedKey, "wsUrl" | "streamKey">, via: "header" | "query" = "header"): Promise<Camera> {
    const url = via === "query" ? `${key.wsUrl}&key=${encodeURIComponent(key.streamKey)}` : key.wsUrl;
    const ws = new WebSocket(url, via === "header" ? ({ headers: { authorization: `Bearer ${key.streamKey}` } } as never) : undefined);
    ws.binaryType = "arraybuffer";
    const camera = new Camera(ws);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener("open", () => resolve());
      ws.addEventListener("error", () => reject(new Error(`camera upgrade to ${key.wsUrl} refused`)));
    });
    return camera;
  }

  send(frame: Buffer | string): void {
    this.ws.send(frame);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}

/** The HTTP status a camera upgrade is refused with, read off a raw handshake. */
export async function upgradeStatus(port: number, pathAndQuery: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  socket.write(`GET ${pathAndQuery} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`);
  const chunks: Buffer[] = [];
  socket.on("data", (c: Buffer) => chunks.push(c));
  await Promise.race([once(socket, "close"), new Promise((r) => setTimeout(r, 2000))]);
  socket.destroy();
  const text = Buffer.concat(chunks).toString("latin1");
  const [head = "", body = ""] = text.split("\r\n\r\n");
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body };
}

export interface ReceivedPart {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/**
 * A viewer over a raw socket, so tests control reading (a paused viewer reads nothing). The
 * shared reader checks the framing strictly; this keeps every part whole, with its headers.
 */
export class MjpegViewer implements PartSink {
  status = 0;
  readonly headers: Record<string, string> = {};
  readonly parts: ReceivedPart[] = [];
  boundary = "";
  bytes = 0;
  /** Set when the stream broke the framing rules; the test then fails on it. */
  error: string | undefined;
  private readonly parser = new MultipartParser(this);
  private part: { headers: Record<string, string>; chunks: Buffer[] } | undefined;
  private waiters: Array<() => void> = [];
  readonly ended: Promise<void>;

  private constructor(readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.bytes += chunk.length;
      if (!this.parser.push(chunk)) this.error ??= this.parser.error;
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.ended = new Promise((resolve) => socket.once("close", () => resolve()));
    socket.on("error", () => {});
  }

  static async open(url: string): Promise<MjpegViewer> {
    const target = new URL(url);
    const socket = net.connect(Number(target.port), target.hostname);
    await once(socket, "connect");
    socket.write(`GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n\r\n`);
    const viewer = new MjpegViewer(socket);
    await viewer.until(() => viewer.status !== 0, 5000);
    return viewer;
  }

  /** Waits until `done()` holds, failing after `ms`. */
  async until(done: () => boolean, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (this.error) throw new Error(`viewer: ${this.error}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("viewer: timed out waiting");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }

  response(status: number, headers: Readonly<Record<string, string>>): undefined {
    this.status = status;
    Object.assign(this.headers, headers);
    this.boundary = /boundary=([^;]+)/.exec(headers["content-type"] ?? "")?.[1] ?? "";
    return undefined;
  }

  partStart(head: Buffer): undefined {
    this.part = { headers: headerFields(head.toString("latin1").split("\r\n")), chunks: [] };
    return undefined;
  }

  partBody(chunk: Buffer, from: number, to: number): void {
    this.part?.chunks.push(Buffer.from(chunk.subarray(from, to)));
  }

  partEnd(): undefined {
    if (this.part) this.parts.push({ headers: this.part.headers, body: Buffer.concat(this.part.chunks) });
    this.part = undefined;
    return undefined;
  }
}
