import { createHash } from "node:crypto";
import { decodeProtectedHeader } from "jose";
import { EgressClient, IngressClient, RoomServiceClient, TokenVerifier, type ClaimGrants, type EgressInfo } from "livekit-server-sdk";
import type { Dispatcher } from "undici";
import { JoinTokenSigner, type JoinClaims } from "./join-jwt.ts";
import { confined, OutboundRefused } from "../lib/outbound.ts";
import { problem, type Problem } from "../lib/problem.ts";

/** Where LiveKit is and how to talk to it (SERVICE_LIVEKIT_*). */
export interface MediaServerSettings {
  /** API base, e.g. `http://127.0.0.1:7880`. */
  readonly url: string;
  /** The `ws(s)://` address handed to clients. */
  readonly wsUrl: string;
  readonly apiKey: string;
  readonly apiSecret: string;
}

/** The one algorithm LiveKit signs webhooks (and tokens) with; any other is refused, even with the right key. */
const SIGNING_ALGORITHM = "HS256";

/** Every call to LiveKit's API gives up after this long. */
const REQUEST_TIMEOUT_SECONDS = 5;
/**
 * Except an egress start: livekit-server waits about 20 s for an egress worker to accept the job
 * before it answers 503 `unavailable`, and that answer (rather than our own timeout, after which
 * a slow worker might still start an egress nobody tracks) is what a start without workers gets.
 */
const EGRESS_START_TIMEOUT_SECONDS = 30;

/**
 * The single place that talks to LiveKit: its room, ingress and egress services, join-token
 * minting and the webhook receiver, all with one set of credentials and timeouts.
 */
export class MediaServer {
  readonly rooms: RoomServiceClient;
  readonly ingress: IngressClient;
  readonly egress: EgressClient;
  private readonly launcher: EgressClient;
  /**
   * Whether the last egress start found a worker, undefined before the first: LiveKit has no call
   * that asks whether an egress worker is there, so `/stats` reports what the last start learned.
   */
  private egressWorker: boolean | undefined;
  private readonly verifier: TokenVerifier;
  private readonly signer: JoinTokenSigner;

  /**
   * `through`: the dispatcher every API call connects with, for a server a tenant named (an app's
   * own `media_server`), so the outbound policy applies; the operator's SERVICE_LIVEKIT_* one is
   * trusted and connects directly.
   */
  constructor(
    readonly settings: MediaServerSettings,
    through?: Dispatcher,
  ) {
    const options = { requestTimeout: REQUEST_TIMEOUT_SECONDS };
    const wrap = <T extends object>(client: T): T => (through ? confined(client, through) : client);
    this.rooms = wrap(new RoomServiceClient(settings.url, settings.apiKey, settings.apiSecret, options));
    this.ingress = wrap(new IngressClient(settings.url, settings.apiKey, settings.apiSecret, options));
    this.egress = wrap(new EgressClient(settings.url, settings.apiKey, settings.apiSecret, options));
    this.launcher = wrap(new EgressClient(settings.url, settings.apiKey, settings.apiSecret, { requestTimeout: EGRESS_START_TIMEOUT_SECONDS }));
    this.verifier = new TokenVerifier(settings.apiKey, settings.apiSecret);
    this.signer = new JoinTokenSigner(settings.apiKey, settings.apiSecret);
  }

  /** The claims of a join token this server's key signed; rejects a forged or expired one. */
  verify(token: string): Promise<ClaimGrants> {
    return this.verifier.verify(token);
  }

  /**
   * Whether a webhook is LiveKit's: `authorization` is an HS256 JWT from this server's key whose
   * `sha256` claim is the body's digest. Only authenticity is judged here; what the body says is
   * the caller's business (a signed body that is not an event is still a signed body).
   */
  async signedWebhook(body: string, authorization: string | undefined): Promise<boolean> {
    const token = authorization?.replace(/^Bearer\s+/i, "");
    if (!token) return false;
    try {
      // jose would accept HS384/HS512 with the same secret: the algorithm is pinned before verifying.
      if (decodeProtectedHeader(token).alg !== SIGNING_ALGORITHM) return false;
      const claims = await this.verifier.verify(token);
      return claims.sha256 === createHash("sha256").update(body).digest("base64");
    } catch {
      return false;
    }
  }

  /** A LiveKit join token (a JWT signed with the API secret). */
  mint(options: JoinClaims): string {
    return this.signer.sign(options);
  }

  /** Starts an egress with the longer timeout egress starts need, noting whether a worker took it. */
  async startEgress(start: (client: EgressClient) => Promise<EgressInfo>): Promise<EgressInfo> {
    try {
      const info = await start(this.launcher);
      this.egressWorker = true;
      return info;
    } catch (err) {
      if (noEgressWorker(err)) this.egressWorker = false;
      throw err;
    }
  }

  /** False once a start found no egress worker, until a start finds one again. */
  get egressWorkerPresent(): boolean {
    return this.egressWorker !== false;
  }

  /** Whether LiveKit answers its API right now. */
  async reachable(): Promise<boolean> {
    try {
      await this.rooms.listRooms();
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Whether a failed egress call means that no egress worker took the job: livekit-server's 503
 * `unavailable` ("no response from servers"), or no answer at all within the start timeout.
 */
export function noEgressWorker(err: unknown): boolean {
  const e = err as { status?: unknown; code?: unknown; name?: unknown };
  return e.status === 503 || e.code === "unavailable" || e.name === "TimeoutError";
}

/** The settings when all four are configured; otherwise undefined, and media routes answer 503. */
export function mediaServerFrom(config: { url?: string; wsUrl?: string; apiKey?: string; apiSecret?: string }): MediaServer | undefined {
  const { url, wsUrl, apiKey, apiSecret } = config;
  if (!url || !wsUrl || !apiKey || !apiSecret) return undefined;
  return new MediaServer({ url, wsUrl, apiKey, apiSecret });
}

export const MEDIA_SERVER_MISSING: Problem = problem(
  "media_server_unavailable",
  "no media server is configured: set SERVICE_LIVEKIT_URL, SERVICE_LIVEKIT_WS_URL, SERVICE_LIVEKIT_API_KEY and SERVICE_LIVEKIT_API_SECRET",
);

/**
 * A LiveKit call that failed: a request LiveKit refused as invalid is the caller's 400; anything
 * else (down, timed out, internal) is the 503 callers see.
 */
export function mediaServerDown(err: unknown): Problem {
  // fetch reports every transport failure as "fetch failed"; the policy's refusal is the cause.
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof OutboundRefused) return problem("media_server_unavailable", `the app's media server is not reachable: ${cause.message}`);
  const detail = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  const status = (err as { status?: unknown }).status;
  const code = (err as { code?: unknown }).code;
  if (status === 400 || code === "invalid_argument" || code === "malformed") {
    return problem("bad_request", `the media server refused the request: ${detail}`);
  }
  return problem("media_server_unavailable", `the media server did not answer: ${detail}`);
}
