import { inCidrs, normalizeIp, type Cidr } from "../lib/cidr.ts";

/**
 * The address a request came from. The socket peer is the truth unless that peer is one of our own
 * trusted proxies; only then is `X-Forwarded-For` read, right to left, skipping further trusted
 * hops, and the first address that is not a trusted proxy is the client. A header from anyone else
 * is ignored, so it cannot be used to spoof an allowlisted address.
 */
export function resolveClientIp(peer: string, forwardedFor: string | undefined, trusted: readonly Cidr[]): string {
  const peerIp = normalizeIp(peer) ?? peer;
  if (trusted.length === 0 || !forwardedFor || !inCidrs(peerIp, trusted)) return peerIp;
  let client = peerIp;
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeIp(hops[i] as string);
    // A malformed entry cannot be vouched for: stop at the last address a trusted proxy reported.
    if (!hop) return client;
    client = hop;
    if (!inCidrs(hop, trusted)) return hop;
  }
  return client;
}
