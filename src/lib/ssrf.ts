import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { inCidrs, parseCidr, parseIp, type Cidr } from "./cidr.ts";

/** SERVICE_SSRF_ALLOWLIST: CIDRs and host names outbound requests may reach despite the guard. */
export interface SsrfAllowlist {
  readonly cidrs: readonly Cidr[];
  readonly hosts: ReadonlySet<string>;
}

export function parseSsrfAllowlist(text: string | undefined): SsrfAllowlist {
  const cidrs: Cidr[] = [];
  const hosts = new Set<string>();
  for (const entry of (text ?? "").split(",").map((e) => e.trim()).filter((e) => e !== "")) {
    const cidr = parseCidr(entry);
    if (cidr) cidrs.push(cidr);
    else hosts.add(entry.toLowerCase());
  }
  return { cidrs, hosts };
}

/** Ranges that are never a public destination: loopback, private, link-local (cloud metadata), and so on. */
function internal(address: string): boolean {
  const parsed = ipaddr.parse(address);
  const ip = parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  return ip.range() !== "unicast";
}

/** Where a checked host may be reached, or why it may not. */
export type SsrfVerdict = { readonly address: string; readonly family: 4 | 6 } | { readonly refused: string };

/**
 * Resolves `host` and refuses it when any address it resolves to is internal, unless the host
 * or the address is allowlisted. Answers an address to connect to: connecting to that very
 * address (not resolving again) is what defeats DNS rebinding.
 */
export async function checkHost(host: string, allow: SsrfAllowlist): Promise<SsrfVerdict> {
  const name = host.replace(/^\[|\]$/g, "").toLowerCase();
  let addresses: { address: string; family: number }[];
  const literal = parseIp(name);
  if (literal) {
    addresses = [{ address: literal.toString(), family: literal.kind() === "ipv6" ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(name, { all: true, verbatim: true });
    } catch {
      return { refused: `${host} does not resolve` };
    }
  }
  const first = addresses[0];
  if (!first) return { refused: `${host} does not resolve` };
  if (!allow.hosts.has(name)) {
    for (const { address } of addresses) {
      if (internal(address) && !inCidrs(address, allow.cidrs)) return { refused: `${host} resolves to ${address}, an internal address` };
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** `checkHost` for callers that only need the reason for a refusal. */
export async function ssrfRefusal(host: string, allow: SsrfAllowlist): Promise<string | undefined> {
  const verdict = await checkHost(host, allow);
  return "refused" in verdict ? verdict.refused : undefined;
}
