import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** One CIDR range (a bare address is a /32 or /128 range). */
export interface Cidr {
  readonly text: string;
  readonly range: [Address, number];
}

/**
 * Parses an address in strict form: dotted-quad IPv4 or standard IPv6. IPv4-mapped IPv6
 * (`::ffff:10.0.0.1`) becomes plain IPv4 so one rule covers both spellings of the same peer.
 * Loose IPv4 forms such as `127.1` or `0x7f.0.0.1` are refused rather than guessed at.
 */
export function parseIp(text: string): Address | undefined {
  const value = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return ipaddr.IPv4.parse(value);
  if (!value.includes(":") || !ipaddr.IPv6.isValid(value)) return undefined;
  const v6 = ipaddr.IPv6.parse(value);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/** The canonical text of an address, or undefined when it is not one. */
export function normalizeIp(text: string): string | undefined {
  return parseIp(text)?.toString();
}

export function parseCidr(text: string): Cidr | undefined {
  const value = text.trim();
  const slash = value.indexOf("/");
  const addressText = slash === -1 ? value : value.slice(0, slash);
  const address = parseIp(addressText);
  if (!address) return undefined;
  const max = addressText.includes(":") ? 128 : 32;
  let bits = max;
  if (slash !== -1) {
    const bitsText = value.slice(slash + 1);
    if (!/^\d{1,3}$/.test(bitsText)) return undefined;
    bits = Number(bitsText);
    if (bits > max) return undefined;
  }
  // `::ffff:10.0.0.0/104` names the same hosts as `10.0.0.0/8`.
  if (address.kind() === "ipv4" && max === 128) {
    if (bits < 96) return undefined;
    bits -= 96;
  }
  return { text: value, range: [address, bits] };
}

/** Parses a comma-separated CIDR list; answers the offending entry when one is invalid. */
export function parseCidrList(text: string): { ok: true; list: Cidr[] } | { ok: false; entry: string } {
  const list: Cidr[] = [];
  for (const entry of text.split(",").map((e) => e.trim()).filter((e) => e !== "")) {
    const cidr = parseCidr(entry);
    if (!cidr) return { ok: false, entry };
    list.push(cidr);
  }
  return { ok: true, list };
}

export function inCidrs(ip: string | Address, list: readonly Cidr[]): boolean {
  const address = typeof ip === "string" ? parseIp(ip) : ip;
  if (!address) return false;
  for (const { range } of list) {
    if (range[0].kind() === address.kind() && address.match(range)) return true;
  }
  return false;
}

/** Whether every address of `entry` (an address or CIDR) lies inside one of `outer`. */
export function cidrWithinAny(entry: string, outer: readonly Cidr[]): boolean {
  const inner = parseCidr(entry);
  if (!inner) return false;
  const [address, bits] = inner.range;
  return outer.some(({ range: [base, outerBits] }) => base.kind() === address.kind() && outerBits <= bits && address.match(base, outerBits));
}
