import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { openDatabase } from "../../src/db/open.ts";
import { perDatabase } from "../../src/db/per-database.ts";
import { tempDir } from "../helpers/server.ts";

describe("perDatabase", () => {
  it("makes one value per connection, and a new one for a connection opened again", () => {
    let made = 0;
    const storeOf = perDatabase((db) => ({ n: ++made, count: db.prepare<[], number>("SELECT 1").pluck() }));
    const file = path.join(tempDir(), "app.db");
    const first = openDatabase(file);
    assert.equal(storeOf(first), storeOf(first));
    assert.equal(storeOf(first).count.get(), 1);
    first.close();
    const again = openDatabase(file);
    assert.equal(storeOf(again).n, 2, "the reopened database gets its own statements");
    again.close();
  });
});
