import net from "node:net";
import tls from "node:tls";

/** A response header longer than this is not an RTSP camera's: the connection is closed. */
const MAX_HEADER_BYTES = 64 * 1024;
const HEADER_END = Buffer.from("\r\n\r\n");
/** The pause between reads of a playing camera's connection (see `relay`). */
const BATCH_MS = 20;
/** RFC 2326 10.12: interleaved binary data is `$`, a channel byte and a 16-bit length. */
const INTERLEAVED = 0x24;

/**
 * Reads what an RTSP server sends its client, message by message, until the media flows: it
 * answers the first redirect (a 3xx status line) it finds, so the relay can close the connection
 * before the client reads it. Interleaved media (`$` frames) means the session is playing, and
 * ffmpeg follows redirects only while it sets one up: from then on nothing is read.
 */
export class ResponseScanner {
  private pending: Buffer = Buffer.alloc(0);
  private skip = 0;
  done = false;

  /** The redirect (status and Location) in these bytes, if there is one; a header that cannot be RTSP's is answered as `garbage`. */
  push(chunk: Buffer): { status: number; location: string } | "garbage" | undefined {
    if (this.done) return undefined;
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, this.pending.length);
        this.skip -= n;
        this.pending = this.pending.subarray(n);
      }
      if (this.pending.length === 0) return undefined;
      if (this.pending[0] === INTERLEAVED) {
        this.done = true;
        this.pending = Buffer.alloc(0);
        return undefined;
      }
      const end = this.pending.indexOf(HEADER_END);
      if (end < 0) return this.pending.length > MAX_HEADER_BYTES ? "garbage" : undefined;
      const header = this.pending.toString("latin1", 0, end);
      const status = /^RTSP\/\d\.\d (\d{3})/.exec(header);
      if (status && status[1]?.startsWith("3")) {
        return { status: Number(status[1]), location: /\r\nLocation:[ \t]*([^\r\n]*)/i.exec(header)?.[1] ?? "(no Location)" };
      }
      const length = Number(/\r\nContent-Length:[ \t]*(\d+)/i.exec(header)?.[1] ?? 0);
      this.pending = this.pending.subarray(end + HEADER_END.length);
      this.skip = length;
    }
  }
}

/**
 * A loopback relay in front of one RTSP camera, for the SSRF rules (docs/security.md): ffmpeg
 * follows an RTSP 3xx to wherever its Location points, with no way to turn that off, so a camera
 * (a tenant's URL) could send our ffmpeg to an internal host. ffmpeg connects here instead; each
 * connection goes on to the checked address, and a redirect is never passed back: the connection
 * closes and `redirected` says where it pointed. TCP-interleaved media passes through the relay;
 * over UDP only the control connection does.
 */
export class RtspGuard {
  private listeners: ((why: string) => void)[] = [];
  /** Why the last connection to the camera failed (refused, reset), which ffmpeg, talking to the relay, cannot see. */
  upstreamError: string | undefined;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    /** The camera's URL with its host replaced by the relay's: what ffmpeg is given. */
    readonly url: string,
  ) {}

  /**
   * A relay to `address`:`port` of `url` (its host already checked), listening on a loopback port.
   * For `rtsps://` the relay speaks TLS to the camera (named by its host for SNI, its certificate
   * not verified: cameras' are self-signed, and ffmpeg does not verify one either) and plain RTSP
   * to ffmpeg, so the camera's answers can be read there too; the URL ffmpeg gets is `rtsp://`.
   */
  static async open(url: string, address: string): Promise<RtspGuard> {
    const target = new URL(url);
    const secure = target.protocol === "rtsps:";
    const port = Number(target.port || (secure ? 322 : 554));
    const host = target.hostname.replace(/^\[|\]$/g, "");
    const connect = (): net.Socket =>
      secure ? tls.connect({ host: address, port, servername: net.isIP(host) ? undefined : host, rejectUnauthorized: false }) : net.connect({ host: address, port });
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    // URL's special-scheme rules do not cover rtsp(s), so the scheme is swapped as text.
    const local = new URL(url.replace(/^rtsps:/i, "rtsp:"));
    local.hostname = "127.0.0.1";
    local.port = String((server.address() as net.AddressInfo).port);
    const guard = new RtspGuard(server, local.toString());
    server.on("connection", (client) => guard.relay(client, connect()));
    return guard;
  }

  /** Called once with why the camera was cut off (a redirect), before the client sees the connection close. */
  onRefused(listener: (why: string) => void): void {
    this.listeners.push(listener);
  }

  close(): void {
    this.server.close();
    for (const s of this.sockets) s.destroy();
    this.listeners = [];
  }

  private relay(client: net.Socket, upstream: net.Socket): void {
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
      s.on("error", () => undefined);
    }
    upstream.on("error", (err) => (this.upstreamError = `the camera could not be reached: ${err.message}`));
    const scanner = new ResponseScanner();
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", closeBoth);
    upstream.on("close", closeBoth);
    client.pipe(upstream);
    let resumeAt: NodeJS.Timeout | undefined;
    upstream.on("close", () => clearTimeout(resumeAt));
    upstream.on("data", (chunk: Buffer) => {
      const found = scanner.push(chunk);
      if (found === undefined) {
        const full = !client.write(chunk);
        if (!scanner.done && !full) return;
        // Media flows: a camera writes each RTP packet on its own, and reading and writing each one
        // alone costs more than the bytes (hundreds a second per camera). Waiting BATCH_MS between
        // reads lets the socket gather a few, for a few ms of latency.
        upstream.pause();
        if (full) client.once("drain", () => upstream.resume());
        else resumeAt = setTimeout(() => upstream.resume(), BATCH_MS);
        return;
      }
      closeBoth();
      const why =
        found === "garbage"
          ? "the source does not answer as an RTSP camera"
          : `the camera answered ${found.status}, a redirect to ${found.location}; redirects are not followed (the SSRF rules check only the address added)`;
      for (const listener of this.listeners) listener(why);
      this.listeners = [];
    });
  }
}
