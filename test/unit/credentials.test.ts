import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RateLimiter } from "../../src/auth/rate-limit.ts";
import { SecretBox } from "../../src/secrets/box.ts";
import { generateToken, hashToken, isWellFormedToken, tokenHint } from "../../src/tokens/format.ts";

describe("API token format", () => {
  it("is sk_ + 36 base62 characters + a 6-character checksum, different every time", () => {
    const a = generateToken();
    const b = generateToken();
    assert.match(a, /^sk_[0-9A-Za-z]{42}$/);
    assert.notEqual(a, b);
    assert.ok(isWellFormedToken(a));
  });

  it("rejects a mistyped token by its checksum, before any lookup", () => {
    const token = generateToken();
    const i = 10;
    const typo = token.slice(0, i) + (token[i] === "a" ? "b" : "a") + token.slice(i + 1);
    assert.equal(isWellFormedToken(typo), false);
    assert.equal(isWellFormedToken(token.slice(0, -1)), false);
    assert.equal(isWellFormedToken(`sk-${token.slice(3)}`), false);
  });

  it("stores only a SHA-256 and shows only a hint", () => {
    const token = generateToken();
    assert.match(hashToken(token), /^[0-9a-f]{64}$/);
    assert.equal(tokenHint(token), `sk_…${token.slice(-4)}`);
    assert.ok(!tokenHint(token).includes(token.slice(3, 20)));
  });
});

describe("secret box", () => {
  const box = new SecretBox("a master key that is long enough for tests");

  it("opens what it sealed, for the same purpose and record", () => {
    const sealed = box.seal("totp", "user:1", "JBSWY3DPEHPK3PXP");
    assert.doesNotMatch(sealed, /JBSWY3DPEHPK3PXP/);
    assert.equal(box.open("totp", "user:1", sealed), "JBSWY3DPEHPK3PXP");
  });

  it("refuses a value moved to another record, another purpose, tampered with, or under another key", () => {
    const sealed = box.seal("totp", "user:1", "secret");
    assert.equal(box.open("totp", "user:2", sealed), undefined);
    assert.equal(box.open("app-secrets", "user:1", sealed), undefined);
    const parts = sealed.split(".");
    parts[2] = Buffer.from("xxxxxx").toString("base64url");
    assert.equal(box.open("totp", "user:1", parts.join(".")), undefined);
    assert.equal(new SecretBox("another master key, also long enough").open("totp", "user:1", sealed), undefined);
  });
});

describe("rate limiter", () => {
  it("allows max attempts per window, then answers 429 with Retry-After until the window ends", () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const limit = { max: 2, windowMs: 10_000 };
    assert.equal(limiter.hit("k", limit, "tries"), undefined);
    assert.equal(limiter.hit("k", limit, "tries"), undefined);
    const third = limiter.hit("k", limit, "tries");
    assert.equal(third?.code, "rate_limited");
    assert.equal(third?.headers?.["retry-after"], "10");
    assert.equal(limiter.blocked("k", limit, "tries")?.code, "rate_limited");
    now = 10_000;
    assert.equal(limiter.blocked("k", limit, "tries"), undefined);
    assert.equal(limiter.hit("k", limit, "tries"), undefined);
    assert.equal(limiter.hit("other", limit, "tries"), undefined);
  });
});
