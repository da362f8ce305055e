import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import type { AppView } from "../../src/apps/service.ts";
import { appDir, createApp, getApp, listNames } from "../helpers/apps.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { acceptInvite, account, createToken, invite, login, signup } from "../helpers/identity.ts";
import { storedConfig } from "../helpers/stored-config.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

describe("apps registry: tenancy and roles (SPEC 1, 4.1, 5)", () => {
  let server: TestServer;
  const admin = { username: "breakglass", password: "break glass password, long" };
  let ownerA = "";
  let adminA = "";
  let memberA = "";
  let ownerB = "";
  let superadmin = "";
  let teamA = 0;
  let teamB = 0;
  let tokenA1 = "";
  let tokenB1 = "";
  let tokenP1 = "";

  before(async () => {
    server = await startServer({ SERVICE_ALLOW_SIGNUP: "on", SERVICE_ADMIN_USERNAME: admin.username, SERVICE_ADMIN_PASSWORD: admin.password });
    ownerA = await signup(server, "owner@a.example", "Team A");
    ownerB = await signup(server, "owner@b.example", "Team B");
    teamA = (await account(server, ownerA)).teamId ?? 0;
    teamB = (await account(server, ownerB)).teamId ?? 0;
    assert.ok(teamA > 0 && teamB > 0 && teamA !== teamB, "two distinct teams");
    memberA = await acceptInvite(server, "member@a.example", await invite(server, ownerA, "member@a.example", "member"));
    adminA = await acceptInvite(server, "admin@a.example", await invite(server, ownerA, "admin@a.example", "admin"));
    superadmin = await login(server, admin.username, admin.password);

    const a1 = await createApp(server, { name: "a-one" }, ownerA);
    await createApp(server, { name: "a-two" }, adminA);
    const b1 = await createApp(server, { name: "b-one" }, ownerB);
    const p1 = await createApp(server, { name: "p-one" });
    await createApp(server, { name: "p-two" }, superadmin);
    tokenA1 = (await createToken(server, server.rootToken, { scope: "app", appId: a1.id })).token;
    tokenB1 = (await createToken(server, server.rootToken, { scope: "app", appId: b1.id })).token;
    tokenP1 = (await createToken(server, server.rootToken, { scope: "app", appId: p1.id })).token;
  });
  after(() => server.close());

  it("assigns the creator's tenant: team members' apps belong to the team, global token and superadmin apps to the platform", async () => {
    const tenants = Object.fromEntries(
      dataOf<AppView[]>(await server.request("GET", "/api/v1/apps", { token: server.rootToken })).map((a) => [a.name, a.tenantId]),
    );
    assert.deepEqual(tenants, { "a-one": teamA, "a-two": teamA, "b-one": teamB, "p-one": null, "p-two": null });
  });

  it("shows every app to the global token and the superadmin", async () => {
    const all = ["a-one", "a-two", "b-one", "p-one", "p-two"];
    assert.deepEqual(await listNames(server, server.rootToken), all);
    assert.deepEqual(await listNames(server, superadmin), all);
    for (const name of all) {
      assert.equal((await getApp(server, name, server.rootToken)).name, name);
      assert.equal((await getApp(server, name, superadmin)).name, name);
    }
  });

  it("shows tenant users only their team's apps, whatever their role", async () => {
    for (const [who, jwt] of [["owner", ownerA], ["admin", adminA], ["member", memberA]] as const) {
      assert.deepEqual(await listNames(server, jwt), ["a-one", "a-two"], who);
      assert.equal((await getApp(server, "a-one", jwt)).name, "a-one", who);
    }
    assert.deepEqual(await listNames(server, ownerB), ["b-one"]);
  });

  it("shows an app token its tenant's apps, and a platform app's token only its own app", async () => {
    assert.deepEqual(await listNames(server, tokenA1), ["a-one", "a-two"]);
    assert.deepEqual(await listNames(server, tokenB1), ["b-one"]);
    assert.deepEqual(await listNames(server, tokenP1), ["p-one"]);
    assert.equal((await getApp(server, "a-one", tokenA1)).name, "a-one");
    assert.equal((await getApp(server, "p-one", tokenP1)).name, "p-one");
  });

  it("answers another tenant's app as 404 on GET, sizes, PATCH and DELETE, and changes nothing", async () => {
    const before = Buffer.from(await storedConfig(server, "a-one"));
    for (const [who, credential] of [["owner B", ownerB], ["B's app token", tokenB1], ["platform app token", tokenP1]] as const) {
      for (const [method, p, body] of [
        ["GET", "/api/v1/apps/a-one", undefined],
        ["GET", "/api/v1/apps/a-one/sizes", undefined],
        ["PATCH", "/api/v1/apps/a-one", { displayName: "hijacked" }],
        ["DELETE", "/api/v1/apps/a-one?deleteVods=true", undefined],
      ] as const) {
        const res = await server.request(method, p, { token: credential, body });
        assert.equal(res.status, 404, `${who} ${method} ${p}: ${res.text}`);
        assert.equal(errorOf(res).code, "not_found");
      }
    }
    for (const [method, p] of [["GET", "/api/v1/apps/p-one"], ["PATCH", "/api/v1/apps/p-one"], ["DELETE", "/api/v1/apps/p-one"]] as const) {
      assert.equal((await server.request(method, p, { token: ownerA, body: method === "PATCH" ? { displayName: "x" } : undefined })).status, 404, `owner A ${method} platform app`);
    }
    assert.deepEqual(Buffer.from(await storedConfig(server, "a-one")), before);
    assert.ok(existsSync(appDir(server, "a-one")));
    assert.equal((await getApp(server, "a-one")).displayName, "a-one");
  });

  it("refuses anonymous callers with 401", async () => {
    assert.equal((await server.request("GET", "/api/v1/apps")).status, 401);
    assert.equal((await server.request("GET", "/api/v1/apps/a-one")).status, 401);
    assert.equal((await server.request("POST", "/api/v1/apps", { body: { name: "anon-app" } })).status, 401);
  });

  it("lets a member read but not PATCH (config:write) nor DELETE (app:delete) nor create", async () => {
    assert.equal((await server.request("GET", "/api/v1/apps/a-one/sizes", { token: memberA })).status, 200);
    const patch = await server.request("PATCH", "/api/v1/apps/a-one", { token: memberA, body: { displayName: "by member" } });
    assert.equal(patch.status, 403, patch.text);
    assert.equal(errorOf(patch).code, "forbidden");
    const del = await server.request("DELETE", "/api/v1/apps/a-one", { token: memberA });
    assert.equal(del.status, 403, del.text);
    assert.equal((await server.request("POST", "/api/v1/apps", { token: memberA, body: { name: "by-member" } })).status, 403);
    assert.equal((await getApp(server, "a-one")).displayName, "a-one");
    assert.ok(existsSync(appDir(server, "a-one")));
    assert.ok(!existsSync(appDir(server, "by-member")));
  });

  it("lets an admin PATCH but not DELETE", async () => {
    const patch = await server.request("PATCH", "/api/v1/apps/a-two", { token: adminA, body: { displayName: "by admin" } });
    assert.equal(patch.status, 200, patch.text);
    assert.equal(dataOf<AppView>(patch).displayName, "by admin");
    const del = await server.request("DELETE", "/api/v1/apps/a-two?deleteVods=true", { token: adminA });
    assert.equal(del.status, 403, del.text);
    assert.ok(existsSync(appDir(server, "a-two")));
    assert.equal((await getApp(server, "a-two")).displayName, "by admin");
  });

  it("applies the same roles to the raw config: members read and validate, admins write", async () => {
    const raw = "/api/v1/apps/a-two/config/raw";
    const before = Buffer.from(await storedConfig(server, "a-two"));
    const read = await server.request("GET", raw, { token: memberA });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.text, before.toString("utf8"));
    assert.equal((await server.request("GET", "/api/v1/apps/a-two/config/backups", { token: memberA })).status, 200);
    assert.equal((await server.request("POST", `${raw}/validate`, { token: memberA, body: { yaml: "display_name: member\n" } })).status, 200);
    for (const [method, p, body] of [
      ["PUT", raw, { yaml: "display_name: member\n" }],
      ["POST", "/api/v1/apps/a-two/reload", undefined],
      ["POST", "/api/v1/apps/a-two/config/backups/20000101T000000000Z/revert", undefined],
    ] as const) {
      const res = await server.request(method, p, { token: memberA, body });
      assert.equal(res.status, 403, `member ${method} ${p}: ${res.text}`);
    }
    assert.deepEqual(Buffer.from(await storedConfig(server, "a-two")), before);
    for (const credential of [ownerB, tokenB1]) {
      assert.equal((await server.request("GET", raw, { token: credential })).status, 404);
      assert.equal((await server.request("PUT", raw, { token: credential, body: { yaml: "display_name: intruder\n" } })).status, 404);
    }
    assert.deepEqual(Buffer.from(await storedConfig(server, "a-two")), before);
    const put = await server.request("PUT", raw, { token: adminA, body: { yaml: "display_name: by admin raw\n" } });
    assert.equal(put.status, 200, put.text);
    assert.equal((await getApp(server, "a-two", adminA)).displayName, "by admin raw");
  });

  it("gives an app created with a tenant's app token to that tenant", async () => {
    const res = await server.request("POST", "/api/v1/apps", { token: tokenA1, body: { name: "a-by-token" } });
    assert.equal(res.status, 201, res.text);
    assert.equal(dataOf<AppView>(res).tenantId, teamA);
    assert.ok((await listNames(server, ownerA)).includes("a-by-token"), "team A sees the app its token created");
    assert.ok(!(await listNames(server, ownerB)).includes("a-by-token"), "team B does not see team A's app");
    assert.equal((await server.request("DELETE", "/api/v1/apps/a-by-token?deleteVods=true", { token: ownerA })).status, 200);
  });

  it("lets an owner PATCH and DELETE the team's app", async () => {
    await createApp(server, { name: "a-doomed" }, ownerA);
    const patch = await server.request("PATCH", "/api/v1/apps/a-doomed", { token: ownerA, body: { displayName: "by owner" } });
    assert.equal(patch.status, 200, patch.text);
    const del = await server.request("DELETE", "/api/v1/apps/a-doomed", { token: ownerA });
    assert.equal(del.status, 200, del.text);
    assert.deepEqual(dataOf<unknown>(del), { deleted: true, name: "a-doomed" });
    assert.equal((await server.request("GET", "/api/v1/apps/a-doomed", { token: ownerA })).status, 404);
    assert.deepEqual(await listNames(server, ownerA), ["a-one", "a-two"]);
  });
});
