import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { resolveClientIp } from "../../src/http/client-ip.ts";
import { inCidrs, normalizeIp, parseCidr, parseCidrList, type Cidr } from "../../src/lib/cidr.ts";

function list(text: string): Cidr[] {
  const parsed = parseCidrList(text);
  assert.ok(parsed.ok);
  return parsed.list;
}

describe("CIDR matching", () => {
  it("matches IPv4 ranges at their edges", () => {
    const l = list("10.0.0.0/8, 192.168.1.0/24");
    assert.ok(inCidrs("10.255.255.255", l));
    assert.ok(inCidrs("192.168.1.0", l));
    assert.ok(!inCidrs("192.168.2.1", l));
    assert.ok(!inCidrs("11.0.0.0", l));
  });

  it("matches IPv6 ranges and exact addresses", () => {
    const l = list("2001:db8::/32, ::1");
    assert.ok(inCidrs("2001:db8:ffff::1", l));
    assert.ok(inCidrs("::1", l));
    assert.ok(!inCidrs("2001:db9::1", l));
  });

  it("treats IPv4-mapped IPv6 as the IPv4 address, both as peer and as rule", () => {
    assert.ok(inCidrs("::ffff:10.1.2.3", list("10.0.0.0/8")));
    assert.ok(inCidrs("10.1.2.3", list("::ffff:10.0.0.0/104")));
    assert.equal(normalizeIp("::ffff:127.0.0.1"), "127.0.0.1");
  });

  it("never matches across families", () => {
    assert.ok(!inCidrs("::1", list("0.0.0.0/0")));
    assert.ok(!inCidrs("127.0.0.1", list("::/0")));
  });

  it("refuses loose IPv4 spellings and bad prefixes", () => {
    assert.equal(normalizeIp("127.1"), undefined);
    assert.equal(normalizeIp("0x7f.0.0.1"), undefined);
    assert.equal(parseCidr("10.0.0.0/33"), undefined);
    assert.equal(parseCidr("10.0.0.0/-1"), undefined);
    assert.equal(parseCidr("::/129"), undefined);
    assert.deepEqual(parseCidrList("10.0.0.0/8, nope"), { ok: false, entry: "nope" });
  });
});

describe("client IP behind proxies", () => {
  const trusted = list("10.0.0.0/8");

  it("uses the socket peer when no proxy is trusted", () => {
    assert.equal(resolveClientIp("203.0.113.9", "1.2.3.4", []), "203.0.113.9");
  });

  it("ignores X-Forwarded-For from an untrusted peer", () => {
    assert.equal(resolveClientIp("203.0.113.9", "1.2.3.4", trusted), "203.0.113.9");
  });

  it("takes the right-most address that is not a trusted proxy", () => {
    assert.equal(resolveClientIp("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.5", trusted), "198.51.100.7");
  });

  it("falls back to the left-most hop when every hop is trusted", () => {
    assert.equal(resolveClientIp("10.0.0.2", "10.0.0.9, 10.0.0.5", trusted), "10.0.0.9");
  });

  it("stops at a malformed hop instead of trusting what lies beyond it", () => {
    assert.equal(resolveClientIp("10.0.0.2", "6.6.6.6, garbage", trusted), "10.0.0.2");
  });

  it("normalizes mapped addresses from the socket", () => {
    assert.equal(resolveClientIp("::ffff:10.0.0.2", "198.51.100.7", trusted), "198.51.100.7");
  });
});
