import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { namespaceRoom } from "../../src/apps/namespacing.ts";

describe("room namespacing (SPEC 1)", () => {
  it("uses the prefix itself when no room is given", () => {
    assert.equal(namespaceRoom("demo", undefined), "demo");
    assert.equal(namespaceRoom("demo", ""), "demo");
  });

  it("keeps a room that already starts with the prefix", () => {
    assert.equal(namespaceRoom("demo", "demo-lobby"), "demo-lobby");
    assert.equal(namespaceRoom("demo", "demo"), "demo");
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
});
