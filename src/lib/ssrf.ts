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

/**
 * Resolves `host` and refuses it when any address it resolves to is internal, unless the host
 * or the address is allowlisted. Answers the reason for a refusal.
 */
export async function ssrfRefusal(host: string, allow: SsrfAllowlist): Promise<string | undefined> {
  const name = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (allow.hosts.has(name)) return undefined;
  let addresses: string[];
  const literal = parseIp(name);
  if (literal) {
    addresses = [literal.toString()];
  } else {
    try {
      addresses = (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return `${host} does not resolve`;
    }
  }
  for (const address of addresses) {
    if (internal(address) && !inCidrs(address, allow.cidrs)) return `${host} resolves to ${address}, an internal address`;
  }
  return undefined;
}
