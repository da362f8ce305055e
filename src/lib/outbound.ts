import { AsyncLocalStorage } from "node:async_hooks";
import type { LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Duplex } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import tls from "node:tls";
import { Agent, Dispatcher, buildConnector, getGlobalDispatcher, setGlobalDispatcher } from "undici";
import { problem, type Problem } from "./problem.ts";
import { checkHost, checkLiteral, withAllowHint, type SsrfAllowlist, type SsrfVerdict } from "./ssrf.ts";

/*
 * The one outbound-connection policy for every connection the service opens on a tenant's
 * behalf (webhooks, MQTT brokers, S3 endpoints, an app's own LiveKit, restream targets): the
 * target is resolved once when the socket is opened, every address it resolves to is checked
 * (`ssrf.ts`), and the socket connects to the checked address, so a name that resolves to a
 * public address at check time and to 127.0.0.1 a moment later (DNS rebinding) gets nowhere.
 * SERVICE_SSRF_ALLOWLIST is the only escape. Operator-set endpoints (SERVICE_LIVEKIT_*) do not
 * come through here. Each client library has its own seam, hence one adapter per kind below.
 */

/** A connection the policy refused; its message says why and how to allow it. */
export class OutboundRefused extends Error {
  override readonly name = "OutboundRefused";
  readonly code = "OUTBOUND_REFUSED";
  constructor(reason: string) {
    super(withAllowHint(reason));
  }
}

/**
 * The error a refused verdict fails a connection with. A name that does not resolve is a network
 * failure like any other (clients retry those), not a refusal.
 */
function failure(verdict: Extract<SsrfVerdict, { refused: string }>): Error {
  if (verdict.unresolved) return Object.assign(new Error(verdict.refused), { code: "ENOTFOUND" });
  return new OutboundRefused(verdict.refused);
}

/** A `lookup` for net/tls/http that answers only checked addresses. */
export function guardedLookup(allow: SsrfAllowlist): net.LookupFunction {
  return (hostname, options, callback) => {
    checkHost(hostname, allow).then(
      (verdict) => {
        if ("refused" in verdict) return callback(failure(verdict), "", 4);
        // net asks for every address when it races IPv4 and IPv6 (autoSelectFamily).
        if (options.all) return callback(null, [{ address: verdict.address, family: verdict.family }] satisfies LookupAddress[]);
        callback(null, verdict.address, verdict.family);
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), "", 4),
    );
  };
}

/** A socket that fails at once with `error`, for callers that must be handed a socket. */
function failedSocket(error: Error): net.Socket {
  const socket = new net.Socket();
  process.nextTick(() => socket.destroy(error));
  return socket;
}

/**
 * Opens a socket through `open` (net.connect, tls.connect or an Agent's own) under the policy.
 * net skips `lookup` for an address, so addresses are judged here; names go to the hook.
 */
function guarded<O extends { host?: string | null | undefined }, S>(allow: SsrfAllowlist, options: O, open: (options: O & { lookup: net.LookupFunction }) => S): S | net.Socket {
  const host = options.host ?? "localhost";
  const literal = checkLiteral(host, allow);
  if (literal && "refused" in literal) return failedSocket(failure(literal));
  // An address node takes as one (it skips the lookup hook) that the check could not read: an
  // IPv6 address with a zone (`fe80::1%eth0`, `::ffff:127.0.0.1%x`). Refused, never guessed at.
  if (!literal && net.isIP(host) !== 0) return failedSocket(new OutboundRefused(`${host} is an address the policy cannot judge`));
  return open({ ...options, lookup: guardedLookup(allow) });
}

/** A plain TCP connection under the policy (an MQTT broker's `mqtt://`). */
export function guardedNetConnect(allow: SsrfAllowlist, options: net.TcpNetConnectOpts): Duplex {
  return guarded(allow, options, (o) => net.connect(o));
}

/** A TLS connection under the policy; the certificate is checked against the name, not the address. */
export function guardedTlsConnect(allow: SsrfAllowlist, options: tls.ConnectionOptions & { host: string }): Duplex {
  const servername = options.servername ?? (net.isIP(options.host) ? undefined : options.host);
  return guarded(allow, { ...options, servername }, (o) => tls.connect(o));
}

/** http(s) Agents under the policy, for clients built on node:http (the AWS SDK, `ws`). */
export function guardedAgents(allow: SsrfAllowlist): { readonly http: http.Agent; readonly https: https.Agent } {
  class GuardedHttp extends http.Agent {
    override createConnection(options: net.NetConnectOpts, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
      return guarded(allow, options as net.TcpNetConnectOpts, (o) => super.createConnection(o, callback));
    }
  }
  class GuardedHttps extends https.Agent {
    override createConnection(options: net.NetConnectOpts, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
      return guarded(allow, options as net.TcpNetConnectOpts, (o) => super.createConnection(o, callback));
    }
  }
  return { http: new GuardedHttp({ keepAlive: true }), https: new GuardedHttps({ keepAlive: true }) };
}

/**
 * An undici dispatcher under the policy (webhooks; an app's own LiveKit through `confined`):
 * the check runs in its connect hook and the socket opens on the checked address, with the
 * name kept for TLS.
 */
export function guardedDispatcher(allow: SsrfAllowlist, options: { readonly timeoutMs?: number; readonly headersTimeout?: number; readonly bodyTimeout?: number } = {}): Agent {
  const connect = buildConnector({ timeout: options.timeoutMs });
  return new Agent({
    headersTimeout: options.headersTimeout,
    bodyTimeout: options.bodyTimeout,
    connect: (opts, callback) => {
      checkHost(opts.hostname, allow).then(
        (verdict) => {
          if ("refused" in verdict) return callback(failure(verdict), null);
          const name = opts.hostname.replace(/^\[|\]$/g, "");
          connect({ ...opts, hostname: verdict.address, servername: net.isIP(name) ? undefined : name }, callback);
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
      );
    },
  });
}

/** The dispatcher the global `fetch` uses inside `confined` calls. */
const fetchScope = new AsyncLocalStorage<Dispatcher>();

/**
 * Routes the global `fetch` through the scope's dispatcher when there is one, else through the
 * one that was global before. LiveKit's SDK calls the global `fetch` and takes no dispatcher,
 * so scoping its calls is the only seam that keeps the operator's own LiveKit untouched.
 */
class ScopedDispatcher extends Dispatcher {
  constructor(private readonly base: Dispatcher) {
    super();
  }
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return (fetchScope.getStore() ?? this.base).dispatch(options, handler);
  }
  override close(): Promise<void> {
    return this.base.close();
  }
  override destroy(): Promise<void> {
    return this.base.destroy();
  }
}

let scoped = false;

/**
 * `client` with every method run in a scope where the global `fetch` connects through
 * `dispatcher`: for SDK clients (LiveKit's) that reach the network only through `fetch`.
 */
export function confined<T extends object>(client: T, dispatcher: Dispatcher): T {
  if (!scoped) {
    setGlobalDispatcher(new ScopedDispatcher(getGlobalDispatcher()));
    scoped = true;
  }
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => fetchScope.run(dispatcher, () => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}

/** How long a write waits for the resolver before leaving the check to connect time. */
const WRITE_CHECK_MS = 3000;

/**
 * The write-time courtesy (PUT .../mqtt, .../s3, .../media-server): a target that is internal
 * now is refused with 400 `validation_failed` at `field`. One that does not resolve yet is let
 * through: its DNS may come later, and the connect-time check is the guard either way.
 */
export async function internalTarget(field: string, url: string, allow: SsrfAllowlist): Promise<Problem | undefined> {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  if (host === "") return undefined;
  // A slow resolver must not hold the request: what is not known in time is left to connect time.
  const verdict = await Promise.race([checkHost(host, allow), sleep(WRITE_CHECK_MS, undefined, { ref: false })]);
  if (verdict === undefined || !("refused" in verdict) || verdict.unresolved) return undefined;
  const message = withAllowHint(verdict.refused);
  return problem("validation_failed", `${field}: ${message}`, { details: [{ path: field, message, code: "custom" }] });
}
