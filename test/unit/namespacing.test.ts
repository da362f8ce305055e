import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { namespaceRoom, ownsRoom, prefixesOverlap, prefixesOwning } from "../../src/apps/namespacing.ts";

describe("room namespacing (SPEC 1)", () => {
  it("uses the prefix itself when no room is given", () => {
    assert.equal(namespaceRoom("demo", undefined), "demo");
    assert.equal(namespaceRoom("demo", ""), "demo");
  });

  it("keeps a room that is the prefix or starts with `<prefix>-`", () => {
    assert.equal(namespaceRoom("demo", "demo-lobby"), "demo-lobby");
    assert.equal(namespaceRoom("demo", "demo"), "demo");
    assert.equal(namespaceRoom("demo", "demo--x"), "demo--x");
  });

  it("prefixes a room that merely starts with the prefix's letters: it is in another namespace", () => {
    assert.equal(namespaceRoom("foo", "foobar-1"), "foo-foobar-1");
    assert.equal(namespaceRoom("foo", "foobar"), "foo-foobar");
    assert.equal(namespaceRoom("foo", "foo_x"), "foo-foo_x");
    assert.equal(namespaceRoom("foo", "foo.x"), "foo-foo.x");
  });

  it("prefixes any other room as <prefix>-<room>", () => {
    assert.equal(namespaceRoom("demo", "lobby"), "demo-lobby");
    assert.equal(namespaceRoom("demo", "Lobby_2.b"), "demo-Lobby_2.b");
  });

  it("refuses characters outside [A-Za-z0-9._-] and names too long once prefixed", () => {
    for (const bad of ["has space", "slash/room", "ümlaut", "x".repeat(121)]) {
      const result = namespaceRoom("demo", bad);
      assert.ok(typeof result !== "string", bad);
      assert.equal(typeof result !== "string" && result.code, "validation_failed");
    }
    assert.equal(namespaceRoom("demo", "x".repeat(115)), `demo-${"x".repeat(115)}`);
    assert.equal(typeof namespaceRoom("demo", "x".repeat(116)), "object");
    assert.equal(typeof namespaceRoom("demo", "x".repeat(60), 64), "object");
  });

  it("owns rooms at the dash boundary only", () => {
    assert.ok(ownsRoom("foo", "foo"));
    assert.ok(ownsRoom("foo", "foo-1"));
    assert.ok(ownsRoom("foo", "foo-bar-1"));
    assert.ok(!ownsRoom("foo", "foobar-1"));
    assert.ok(!ownsRoom("foo", "fo"));
    assert.ok(!ownsRoom("foo-bar", "foo"));
  });

  it("lists the prefixes that own a room, longest first, and exactly those", () => {
    const cases: Array<[string, string[]]> = [
      ["foo", ["foo"]],
      ["foo-bar-1", ["foo-bar-1", "foo-bar", "foo"]],
      ["foo--x", ["foo--x", "foo-", "foo"]],
      ["foo-", ["foo-", "foo"]],
      ["-foo", ["-foo"]],
      ["foobar.x_1", ["foobar.x_1"]],
    ];
    for (const [room, expected] of cases) {
      const owning = [...prefixesOwning(room)];
      assert.deepEqual(owning, expected, room);
      for (const prefix of owning) assert.ok(ownsRoom(prefix, room), `${prefix} owns ${room}`);
    }
  });

  it("calls two prefixes overlapping when they can claim a common room, in either order", () => {
    const cases: Array<[string, string, boolean]> = [
      ["foo", "foo", true],
      ["foo", "foo-bar", true],
      ["foo", "foo-", true],
      ["foo-", "foo--x", true],
      ["a-b", "a-b-c-d", true],
      ["foo", "foobar", false],
      ["foo", "fo", false],
      ["foo-bar", "foo-baz", false],
      ["foo-bar", "foo-barn", false],
    ];
    for (const [a, b, overlap] of cases) {
      assert.equal(prefixesOverlap(a, b), overlap, `${a} / ${b}`);
      assert.equal(prefixesOverlap(b, a), overlap, `${b} / ${a}`);
    }
  });
});
