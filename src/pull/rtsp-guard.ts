import net from "node:net";
import tls from "node:tls";

/** A message header (or body) longer than this is not an RTSP camera's: the connection is closed. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** The pause between reads of a playing camera's connection (see `relay`). */
const BATCH_MS = 50;
/** The most one read of the camera takes: a 20 Mb/s camera sends 125 KB in a batch. */
const READ_BYTES = 256 * 1024;
/** RFC 2326 10.12: interleaved binary data is `$`, a channel byte and a 16-bit length. */
const INTERLEAVED = 0x24;

/** What a scan of the camera's bytes found. */
export type ScanResult =
  /** Bytes that may go on to ffmpeg: whole messages vetted, and interleaved media as it comes. */
  | { readonly forward: Buffer[]; readonly media: boolean }
  | { readonly redirect: { readonly status: number; readonly location: string } }
  | { readonly garbage: string };

/** `strtol`/`atoi` of a C string: optional spaces and sign, then digits; 0 when there are none. */
function cNumber(text: string): number {
  const m = /^\s*([+-]?\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

/**
 * Reads what an RTSP server sends its client, the way ffmpeg's RTSP client reads it
 * (libavformat/rtsp.c: lines split at `\n` with a `\r` dropped, the status the second word's
 * `atoi`, the last `Content-Length` winning, interleaved `$` frames stepped over), so the two
 * cannot disagree about what a message says. A text message goes on only once it is whole,
 * body and all, and only if it is not a redirect: ffmpeg acts on a reply line by line, so a part
 * of a redirect passed on early would be followed. Interleaved media goes on as it comes.
 */
export class ResponseScanner {
  private pending: Buffer = Buffer.alloc(0);
  /** Bytes of the current interleaved frame still to pass through. */
  private frameLeft = 0;

  push(chunk: Buffer): ScanResult {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    // Everything passed is a prefix of `start`: it goes on as one write, not one per RTP packet.
    const start = this.pending;
    const passed = () => (start.length > this.pending.length ? [start.subarray(0, start.length - this.pending.length)] : []);
    let media = false;
    for (;;) {
      if (this.frameLeft > 0) {
        const n = Math.min(this.frameLeft, this.pending.length);
        if (n === 0) break;
        this.pending = this.pending.subarray(n);
        this.frameLeft -= n;
        media = true;
        continue;
      }
      if (this.pending.length === 0) break;
      if (this.pending[0] === INTERLEAVED) {
        if (this.pending.length < 4) break;
        this.frameLeft = this.pending.readUInt16BE(2);
        this.pending = this.pending.subarray(4);
        media = true;
        continue;
      }
      const message = this.message();
      if (message === undefined) break;
      if ("garbage" in message || "redirect" in message) return message;
      this.pending = this.pending.subarray(message.length);
    }
    return { forward: passed(), media };
  }

  /** The text message at the start of `pending`: its length once whole, a redirect, or why it is not RTSP; undefined until whole. */
  private message(): { length: number } | Extract<ScanResult, { redirect: unknown } | { garbage: string }> | undefined {
    const lines: string[] = [];
    let at = 0;
    for (;;) {
      const end = this.pending.indexOf(0x0a, at);
      if (end < 0) return this.pending.length > MAX_MESSAGE_BYTES ? { garbage: "the source does not answer as an RTSP camera (a header without an end)" } : undefined;
      const line = this.pending.toString("latin1", at, end).replace(/\r$/, "");
      at = end + 1;
      if (line === "") break;
      lines.push(line);
      if (at > MAX_MESSAGE_BYTES) return { garbage: "the source does not answer as an RTSP camera (a header over 64 KiB)" };
    }
    // ffmpeg takes a first line as a reply unless it names a request it knows, whatever its
    // first word; a request's second word is a URL, whose number is 0.
    const status = cNumber((lines[0] ?? "").trim().split(/\s+/)[1] ?? "");
    if (status >= 300 && status < 400) {
      const location = lines.filter((l) => /^Location:/i.test(l)).at(-1)?.replace(/^Location:\s*/i, "") ?? "(no Location)";
      return { redirect: { status, location } };
    }
    const lengths = lines.filter((l) => /^Content-Length:/i.test(l));
    const body = Math.max(0, cNumber(lengths.at(-1)?.replace(/^Content-Length:/i, "") ?? "0"));
    if (body > MAX_MESSAGE_BYTES) return { garbage: `the source does not answer as an RTSP camera (a body of ${body} bytes)` };
    return this.pending.length < at + body ? undefined : { length: at + body };
  }
}

/**
 * A loopback relay in front of one RTSP camera, for the SSRF rules (docs/security.md): ffmpeg
 * follows an RTSP 3xx to wherever its Location points, with no way to turn that off, so a camera
 * (a tenant's URL) could send our ffmpeg to an internal host. ffmpeg connects here instead; each
 * connection goes on to the checked address, and a redirect is never passed back: the connection
 * closes and `onRefused` hears where it pointed. TCP-interleaved media passes through the relay;
 * over UDP only the control connection does.
 */
export class RtspGuard {
  private listeners: ((why: string) => void)[] = [];
  /** Why the last connection to the camera failed (refused, reset, not RTSP), which ffmpeg, talking to the relay, cannot see. */
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
    const connect = (deliver: (chunk: Buffer) => void): net.Socket => {
      if (secure) return tls.connect({ host: address, port, servername: net.isIP(host) ? undefined : host, rejectUnauthorized: false }).on("data", deliver);
      // Read into a buffer of its own: a pause then stops reading at once (a stream's pause reads
      // on into its own buffer, a read per RTP packet), and the read after it takes all the
      // kernel gathered meanwhile. Each read is copied out, as the buffer is read into again.
      const buffer = Buffer.allocUnsafe(READ_BYTES);
      const callback = (n: number, buf: Uint8Array): boolean => {
        deliver(Buffer.from(buf.subarray(0, n)));
        return true;
      };
      return net.connect({ host: address, port, onread: { buffer, callback } });
    };
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
    server.on("connection", (client) => guard.relay(client, connect));
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

  private relay(client: net.Socket, connect: (deliver: (chunk: Buffer) => void) => net.Socket): void {
    const scanner = new ResponseScanner();
    let resumeAt: NodeJS.Timeout | undefined;
    let waitingForDrain = false;
    const closeBoth = () => {
      clearTimeout(resumeAt);
      client.destroy();
      upstream.destroy();
    };
    const fromCamera = (chunk: Buffer) => {
      const scanned = scanner.push(chunk);
      if ("redirect" in scanned || "garbage" in scanned) {
        closeBoth();
        if ("garbage" in scanned) {
          this.upstreamError = scanned.garbage;
          return;
        }
        const { status, location } = scanned.redirect;
        const why = `the camera answered ${status}, a redirect to ${location}; redirects are not followed (the SSRF rules check only the address added)`;
        for (const listener of this.listeners) listener(why);
        this.listeners = [];
        return;
      }
      let full = false;
      for (const bytes of scanned.forward) full = !client.write(bytes) || full;
      if (!scanned.media && !full) return;
      // Media flows: a camera writes each RTP packet on its own, and reading and writing each one
      // alone costs more than the bytes (hundreds a second per camera). Waiting BATCH_MS between
      // reads lets the socket gather them, for a few ms of latency.
      upstream.pause();
      if (full) {
        if (waitingForDrain) return;
        waitingForDrain = true;
        client.once("drain", () => {
          waitingForDrain = false;
          upstream.resume();
        });
      } else {
        clearTimeout(resumeAt);
        resumeAt = setTimeout(() => upstream.resume(), BATCH_MS);
      }
    };
    const upstream = connect(fromCamera);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
      s.on("error", () => undefined);
    }
    upstream.on("error", (err) => (this.upstreamError = `the camera could not be reached: ${err.message}`));
    client.on("close", closeBoth);
    upstream.on("close", closeBoth);
    client.pipe(upstream);
  }
}
