import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import pino from "pino";
import { openDatabases, type Databases } from "../../src/db/databases.ts";
import { EXTERNAL_CHECK_MS } from "../../src/db/external-writes.ts";
import { announceWrite } from "../../src/db/writes.ts";
import { dataOf } from "../helpers/envelope.ts";
import { createToken } from "../helpers/identity.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/**
 * The request path keeps credentials, the app registry and per-app facts in memory (issue 21).
 * What it remembers must never outlive a change: at once for changes made through this service,
 * within EXTERNAL_CHECK_MS for changes another process commits to the same database (SQLite
 * file or PostgreSQL database; a store there announces its write, as `other` does here).
 */
describe("caches on the request path", () => {
  let server: TestServer;
  let other: Databases;
  const get = (p: string, token: string) => server.request("GET", p, { token });

  before(async () => {
    server = await startServer();
    // A second Databases stands for another process on the same state (the admin CLI, another node).
    other = await openDatabases({ dataDir: server.dataDir, url: server.app.config.database.url, logger: pino({ level: "silent" }) });
  });
  after(async () => {
    await other.close();
    await server.close();
  });

  it("refuses a revoked token on its very next request", async () => {
    const { id, token } = await createToken(server, server.rootToken, { scope: "global" });
    for (let i = 0; i < 3; i++) assert.equal((await get("/api/v1/apps", token)).status, 200);
    assert.equal((await server.request("DELETE", `/api/v1/tokens/${id}`, { token: server.rootToken })).status, 204);
    assert.equal((await get("/api/v1/apps", token)).status, 401);
  });

  it("accepts a token the moment it is created, even after its hash was once unknown", async () => {
    assert.equal((await get("/api/v1/apps", "sk_doesnotexist")).status, 401);
    const { token } = await createToken(server, server.rootToken, { scope: "global" });
    assert.equal((await get("/api/v1/apps", token)).status, 200);
  });

  it("sees a token revoked by another process within the bound", async () => {
    const { id, token } = await createToken(server, server.rootToken, { scope: "global" });
    assert.equal((await get("/api/v1/apps", token)).status, 200);
    const revokedAt = Date.now();
    await sql`UPDATE api_tokens SET revoked_at = ${new Date().toISOString()} WHERE id = ${id}`.execute(other.sql);
    announceWrite(other.sql);
    await eventually(async () => (await get("/api/v1/apps", token)).status === 401, EXTERNAL_CHECK_MS * 3, "refused");
    assert.ok(Date.now() - revokedAt <= EXTERNAL_CHECK_MS + 500, `refused after ${Date.now() - revokedAt} ms`);
  });

  it("lists an app at once after it is created or deleted here, and sees another process's registry change within the bound", async () => {
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "cached" } })).status, 201);
    const names = async () => dataOf<Array<{ name: string }>>(await get("/api/v1/apps", server.rootToken)).map((a) => a.name);
    assert.ok((await names()).includes("cached"));
    await sql`UPDATE apps SET team_id = NULL, updated_at = '2001-01-01T00:00:00.000Z' WHERE name = 'cached'`.execute(other.sql);
    announceWrite(other.sql);
    await eventually(async () => {
      const res = await get("/api/v1/apps/cached", server.rootToken);
      return dataOf<{ updatedAt: string }>(res).updatedAt === "2001-01-01T00:00:00.000Z";
    }, EXTERNAL_CHECK_MS * 3, "the other process's update");
    assert.equal((await server.request("DELETE", "/api/v1/apps/cached", { token: server.rootToken })).status, 200);
    assert.ok(!(await names()).includes("cached"));
  });

  it("says at once that a callback secret is set or cleared", async () => {
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "secretive" } })).status, 201);
    const secretSet = async () => dataOf<Array<{ name: string; callbackSecretSet: boolean }>>(await get("/api/v1/apps", server.rootToken)).find((a) => a.name === "secretive")?.callbackSecretSet;
    assert.equal(await secretSet(), false);
    assert.equal((await server.request("PATCH", "/api/v1/apps/secretive", { token: server.rootToken, body: { callbackSecret: "s3cret-value" } })).status, 200);
    assert.equal(await secretSet(), true);
    assert.equal((await server.request("PATCH", "/api/v1/apps/secretive", { token: server.rootToken, body: { callbackSecret: "" } })).status, 200);
    assert.equal(await secretSet(), false);
  });

  it("lists an edit at once, though the list body is kept between requests", async () => {
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "renamed" } })).status, 201);
    const displayName = async () => dataOf<Array<{ name: string; displayName: string }>>(await get("/api/v1/apps", server.rootToken)).find((a) => a.name === "renamed")?.displayName;
    assert.equal(await displayName(), "renamed");
    assert.equal(await displayName(), "renamed");
    assert.equal((await server.request("PATCH", "/api/v1/apps/renamed", { token: server.rootToken, body: { displayName: "Renamed Twice" } })).status, 200);
    assert.equal(await displayName(), "Renamed Twice");
  });
});
