import { Agent, fetch } from "undici";

const HINT = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part(\d+)\.(\d+)\.m4s"/;
/** Far longer than a blocking reload waits for the next 200 ms part. */
const REQUEST_TIMEOUT_MS = 15_000;

/** What the viewers got over the window since the last `mark`. */
export interface ViewerCounts {
  parts: number;
  bytes: number;
  errors: number;
  lastError: string | undefined;
}

/**
 * HTTP viewers of pulled cameras' LL-HLS doing what a low-latency player does, without decoding:
 * a blocking reload of the media playlist for the part its preload hint names, then that part,
 * then the next hint, on kept-alive connections. Each viewer is one loop; they share one
 * connection pool, as a machine's players would not, but the server's work per request is the same.
 */
export class HlsViewers {
  readonly counts: ViewerCounts = { parts: 0, bytes: 0, errors: 0, lastError: undefined };
  private readonly agent = new Agent({ keepAliveTimeout: 30_000 });
  private stopped = false;
  private readonly loops: Promise<void>[];

  /** `mediaPlaylists`: each camera's `.../hls/stream.m3u8` URL; viewers are spread over them in turn. */
  constructor(mediaPlaylists: readonly string[], count: number) {
    this.loops = Array.from({ length: count }, (_, i) => this.watch(mediaPlaylists[i % mediaPlaylists.length] as string));
  }

  /** Zeroes the counts, to start a window. */
  mark(): void {
    Object.assign(this.counts, { parts: 0, bytes: 0, errors: 0, lastError: undefined });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
    await this.agent.close();
  }

  private async get(url: string): Promise<Buffer> {
    const res = await fetch(url, { dispatcher: this.agent, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.toString().slice(0, 200)}`);
    return body;
  }

  private async watch(playlist: string): Promise<void> {
    const dir = playlist.slice(0, playlist.lastIndexOf("/") + 1);
    let hint: RegExpExecArray | null = null;
    while (!this.stopped) {
      try {
        const url = hint ? `${playlist}?_HLS_msn=${hint[1]}&_HLS_part=${hint[2]}` : playlist;
        const list = (await this.get(url)).toString();
        // The part asked for exists once the blocking reload answers; a first, plain load starts at the live edge.
        if (hint) {
          const part = await this.get(`${dir}part${hint[1]}.${hint[2]}.m4s`);
          this.counts.parts++;
          this.counts.bytes += part.length;
        }
        hint = HINT.exec(list);
        if (!hint) throw new Error(`${playlist} has no preload hint`);
      } catch (err) {
        if (this.stopped) return;
        this.counts.errors++;
        this.counts.lastError = (err as Error).message;
        hint = null;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }
}
