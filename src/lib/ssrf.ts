import { lookup } from "node:dns/promises";
import os from "node:os";
import ipaddr from "ipaddr.js";
import { inCidrs, parseCidr, parseIp, type Cidr } from "./cidr.ts";

/** SERVICE_SSRF_ALLOWLIST: CIDRs and host names outbound requests may reach despite the guard. */
export interface SsrfAllowlist {
  readonly cidrs: readonly Cidr[];
  readonly hosts: ReadonlySet<string>;
  /** The variable's text, so a worker thread can build the same list (parsed ranges do not cross threads). */
  readonly text: string;
}

export function parseSsrfAllowlist(text: string | undefined): SsrfAllowlist {
  const cidrs: Cidr[] = [];
  const hosts = new Set<string>();
  for (const entry of (text ?? "").split(",").map((e) => e.trim()).filter((e) => e !== "")) {
    const cidr = parseCidr(entry);
    if (cidr) cidrs.push(cidr);
    else hosts.add(entry.toLowerCase());
  }
  return { cidrs, hosts, text: text ?? "" };
}

/** `::a.b.c.d`, the deprecated IPv4-compatible form: ipaddr calls it unicast, yet it names an IPv4 host. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/**
 * Never a public destination: loopback, unspecified, private, link-local (cloud metadata),
 * carrier-grade NAT, NAT64 and 6to4 forms of those, ... and any address of this host's own
 * interfaces (a host's public address reaches its own services too).
 */
function internal(address: string): boolean {
  const parsed = ipaddr.parse(address);
  const ip = parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  if (ip.range() !== "unicast") return true;
  if (ip.kind() === "ipv6" && ip.match(IPV4_COMPATIBLE)) return true;
  const own = ip.toNormalizedString();
  return Object.values(os.networkInterfaces()).some((list) => list?.some((i) => ipaddr.isValid(i.address) && ipaddr.process(i.address).toNormalizedString() === own));
}

/** A refusal as people read it: why, and the one way to allow it. */
export function withAllowHint(reason: string): string {
  return `${reason}; list it in SERVICE_SSRF_ALLOWLIST to allow it`;
}

/** Where a checked host may be reached, or why it may not. */
export type SsrfVerdict = { readonly address: string; readonly family: 4 | 6 } | { readonly refused: string; readonly unresolved?: true };

function verdictOf(host: string, name: string, addresses: readonly { address: string; family: number }[], allow: SsrfAllowlist): SsrfVerdict {
  const first = addresses[0];
  if (!first) return { refused: `${host} does not resolve`, unresolved: true };
  if (!allow.hosts.has(name)) {
    // The host's own name may resolve to a public address of this very machine.
    if (name === os.hostname().toLowerCase()) return { refused: `${host} is this host's own name` };
    for (const { address } of addresses) {
      if (internal(address) && !inCidrs(address, allow.cidrs)) return { refused: `${host} resolves to ${address}, an internal address` };
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

const bare = (host: string): string => host.replace(/^\[|\]$/g, "").toLowerCase();

/**
 * The verdict on a host that needs no resolving (an address in strict form), else undefined.
 * Synchronous, for the connect paths that never call a lookup hook for an address.
 */
export function checkLiteral(host: string, allow: SsrfAllowlist): SsrfVerdict | undefined {
  const name = bare(host);
  const literal = parseIp(name);
  if (!literal) return undefined;
  return verdictOf(host, name, [{ address: literal.toString(), family: literal.kind() === "ipv6" ? 6 : 4 }], allow);
}

/**
 * Resolves `host` and refuses it when any address it resolves to is internal, unless the host
 * or the address is allowlisted. Answers an address to connect to: connecting to that very
 * address (not resolving again) is what defeats DNS rebinding. Loose spellings (`127.1`,
 * `2130706433`, `0x7f000001`) go to the resolver, which answers the address they mean.
 */
export async function checkHost(host: string, allow: SsrfAllowlist): Promise<SsrfVerdict> {
  const literal = checkLiteral(host, allow);
  if (literal) return literal;
  const name = bare(host);
  try {
    return verdictOf(host, name, await lookup(name, { all: true, verbatim: true }), allow);
  } catch {
    return { refused: `${host} does not resolve`, unresolved: true };
  }
}

/** `checkHost` for callers that only need the reason for a refusal. */
export async function ssrfRefusal(host: string, allow: SsrfAllowlist): Promise<string | undefined> {
  const verdict = await checkHost(host, allow);
  return "refused" in verdict ? verdict.refused : undefined;
}

/**
 * `url` with its host replaced by the address its check resolved, for a client that connects to
 * the host the URL names: the name cannot resolve elsewhere (DNS rebinding) between the check and
 * the connection. Only schemes whose connection needs no name (plain RTMP, RTSP, SRT) are pinned;
 * TLS keeps the name for its handshake (SNI), and HTTP for its Host header, so those rely on the
 * check made just before they connect.
 */
export function pinnedUrl(url: string, address: string): string {
  const u = new URL(url);
  if (!PINNABLE.has(u.protocol)) return url;
  u.hostname = address.includes(":") ? `[${address}]` : address;
  return u.toString();
}

const PINNABLE = new Set(["rtmp:", "rtsp:", "srt:"]);
