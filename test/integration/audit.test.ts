import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import type { AuditEntry } from "../../src/audit/schemas.ts";
import { configWith, createApp, listBackups, registerApp } from "../helpers/apps.ts";
import { dataOf, errorOf, pageOf } from "../helpers/envelope.ts";
import { account, acceptInvite, createToken, invite, PASSWORD, signup, totpCode } from "../helpers/identity.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { globalRows } from "../helpers/rows.ts";

const S3_SECRET = "s3-secret-value-never-to-be-seen-0123456789";
const S3_KEY = "AKIAAUDITKEYNEVERSHOWN";
const MQTT_PASSWORD = "mqtt-password-never-to-be-seen-9876";
const CALLBACK_SECRET = "callback-hmac-secret-never-to-be-seen-42";

/**
 * Config writes and app credential changes are recorded without waiting for the insert
 * (src/apps/config/service.ts recordChange, src/apps/module.ts secrets.onChange): on PostgreSQL the
 * insert runs on another pooled connection and may land after the answer, so a read right after
 * misses it (SQLite's one connection queues it before the read).
 */

describe("audit log: who, when, from where and what, never a secret", () => {
  let server: TestServer;
  let owner: string;
  let ownerId: number;
  let member: string;
  let otherOwner: string;
  let appToken: string;
  let otherAppToken: string;
  let alphaId: number;
  const secrets: string[] = [S3_SECRET, S3_KEY, MQTT_PASSWORD, CALLBACK_SECRET, PASSWORD, "a new passphrase for audit"];
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  before(async () => {
    server = await startServer({ SERVICE_ALLOW_SIGNUP: "on", SERVICE_TRUST_PROXY: "127.0.0.1/32" });
    owner = await signup(server, "owner@audit.example", "Audit team");
    ownerId = (await account(server, owner)).id;
    otherOwner = await signup(server, "other@audit.example", "Other team");
    alphaId = (await createApp(server, { name: "alpha" }, owner)).id as number;
    await createApp(server, { name: "beta" }, otherOwner);
    const code = await invite(server, owner, "member@audit.example", "member");
    secrets.push(code);
    member = await acceptInvite(server, "member@audit.example", code);
  });
  after(() => server.close());

  async function all(): Promise<AuditEntry[]> {
    const res = await server.request("GET", "/api/v1/audit?limit=1000", { token: server.rootToken });
    assert.equal(res.status, 200, res.text);
    return pageOf<AuditEntry>(res).data;
  }

  async function only(action: string, since: AuditEntry[]): Promise<AuditEntry> {
    const seen = new Set(since.map((e) => e.id));
    const fresh = (await all()).filter((e) => !seen.has(e.id) && e.action === action);
    assert.equal(fresh.length, 1, `one ${action} entry: ${JSON.stringify(fresh)}`);
    return fresh[0] as AuditEntry;
  }

  function recent(entry: AuditEntry): void {
    const age = Date.now() - Date.parse(entry.at);
    assert.ok(age >= 0 && age < 60_000, entry.at);
  }

  it("records an invite and its acceptance, with the inviter and then the new member as actors", async () => {
    const entries = await all();
    const created = entries.find((e) => e.action === "invite.create");
    assert.ok(created);
    assert.deepEqual(created.actor, { kind: "user", id: String(ownerId), label: "owner@audit.example" });
    assert.equal(created.summary["email"], "member@audit.example");
    assert.equal(created.summary["role"], "member");
    assert.equal(created.ip, "127.0.0.1");
    const accepted = entries.find((e) => e.action === "invite.accept");
    assert.ok(accepted);
    assert.equal(accepted.actor.label, "member@audit.example");
    assert.equal(accepted.summary["role"], "member");
    recent(accepted);
  });

  it("records token creation and revocation by name, with the app, from the caller's address", async () => {
    let before = await all();
    const created = await server.request("POST", "/api/v1/tokens", { token: owner, headers: from("198.51.100.7"), body: { name: "deploy bot", scope: "app", appId: alphaId } });
    assert.equal(created.status, 201);
    appToken = (created.json as { token: string }).token;
    secrets.push(appToken);
    const tokenId = (created.json as { id: number }).id;
    const entry = await only("token.create", before);
    assert.equal(entry.app, "alpha");
    assert.equal(entry.target, `token:${tokenId}`);
    assert.equal(entry.ip, "198.51.100.7");
    assert.equal(entry.actor.kind, "user");
    assert.equal(entry.summary["name"], "deploy bot");
    assert.ok(entry.requestId);
    recent(entry);

    const betaId = server.app.apps.findByName("beta")?.id;
    otherAppToken = (await createToken(server, otherOwner, { scope: "app", appId: betaId })).token;
    secrets.push(otherAppToken);
    const doomed = await createToken(server, appToken, { name: "short-lived", scope: "app", appId: alphaId });
    secrets.push(doomed.token);
    before = await all();
    const revoked = await server.request("DELETE", `/api/v1/tokens/${doomed.id}`, { token: appToken, headers: from("198.51.100.8") });
    assert.equal(revoked.status, 204);
    const gone = await only("token.revoke", before);
    assert.equal(gone.app, "alpha");
    assert.equal(gone.summary["name"], "short-lived");
    assert.equal(gone.ip, "198.51.100.8");
    assert.equal(gone.actor.kind, "app_token");
    assert.equal(gone.actor.label, "deploy bot");
  });

  it("records 2FA on and off, and a password change", async () => {
    let before = await all();
    const setup = await server.request("POST", "/api/v1/account/2fa/setup", { token: owner });
    const secret = dataOf<{ secret: string }>(setup).secret;
    secrets.push(secret);
    assert.equal((await server.request("POST", "/api/v1/account/2fa/enable", { token: owner, body: { code: await totpCode(secret) } })).status, 200);
    const on = await only("account.2fa_enable", before);
    assert.equal(on.target, `user:${ownerId}`);
    assert.equal(on.actor.label, "owner@audit.example");
    before = await all();
    assert.equal((await server.request("POST", "/api/v1/account/2fa/disable", { token: owner, body: { code: await totpCode(secret, 1) } })).status, 200);
    await only("account.2fa_disable", before);
    before = await all();
    const changed = await server.request("POST", "/api/v1/account/password", { token: member, body: { currentPassword: PASSWORD, newPassword: "a new passphrase for audit" } });
    assert.equal(changed.status, 200, changed.text);
    const pw = await only("account.password_change", before);
    assert.equal(pw.actor.label, "member@audit.example");
  });

  it("records config writes (which keys changed, not their values) and reverts", async () => {
    let before = await all();
    const put = await server.request("PUT", "/api/v1/apps/alpha/config/raw", { token: owner, body: { yaml: configWith("Alpha renamed") } });
    assert.equal(put.status, 200, put.text);
    const write = await only("config.write", before);
    assert.equal(write.app, "alpha");
    assert.equal(write.target, "config.yaml");
    assert.ok((write.summary["changed"] as string[]).includes("display_name"), JSON.stringify(write.summary));
    assert.ok(!JSON.stringify(write).includes("Alpha renamed"), "values are not copied");
    const ts = (await listBackups(server, "alpha"))[0]?.ts;
    before = await all();
    const reverted = await server.request("POST", `/api/v1/apps/alpha/config/backups/${ts}/revert`, { token: owner });
    assert.equal(reverted.status, 200, reverted.text);
    const revert = await only("config.revert", before);
    assert.equal(revert.summary["backup"], ts);
    assert.ok((revert.summary["changed"] as string[]).includes("display_name"));
  });

  it("records S3 and MQTT credential changes by field, never the value", async () => {
    let before = await all();
    const s3 = await server.request("PUT", "/api/v1/apps/alpha/s3", { token: owner, body: { secret: S3_SECRET } });
    assert.equal(s3.status, 200, s3.text);
    const s3Entry = await only("s3.credentials_change", before);
    assert.deepEqual(s3Entry.summary, { field: "s3.secret", change: "set" });
    assert.equal(s3Entry.app, "alpha");
    await server.request("PUT", "/api/v1/apps/alpha/s3", { token: owner, body: { key: S3_KEY } });
    before = await all();
    const mqtt = await server.request("PUT", "/api/v1/apps/alpha/mqtt", { token: owner, body: { password: MQTT_PASSWORD } });
    assert.equal(mqtt.status, 200, mqtt.text);
    const mqttEntry = await only("mqtt.credentials_change", before);
    assert.deepEqual(mqttEntry.summary, { field: "mqtt.password", change: "set" });
    before = await all();
    await server.request("PUT", "/api/v1/apps/alpha/mqtt", { token: owner, body: { password: "" } });
    assert.deepEqual((await only("mqtt.credentials_change", before)).summary, { field: "mqtt.password", change: "removed" });
    const patched = await server.request("PATCH", "/api/v1/apps/alpha", { token: owner, body: { callbackSecret: CALLBACK_SECRET } });
    assert.equal(patched.status, 200, patched.text);
  });

  it("shows an app's entries to whoever may read its audit, and only those", async () => {
    const res = await server.request("GET", "/api/v1/apps/alpha/audit?limit=1000", { token: owner });
    assert.equal(res.status, 200, res.text);
    const page = pageOf<AuditEntry>(res);
    assert.ok(page.total > 0 && page.data.every((e) => e.app === "alpha"));
    assert.ok(page.data.some((e) => e.action === "token.create"));
    assert.ok(!page.data.some((e) => e.action.startsWith("invite.") || e.action.startsWith("account.")), "team and account entries stay global");
    const filtered = pageOf<AuditEntry>(await server.request("GET", "/api/v1/apps/alpha/audit?action=config.revert", { token: owner }));
    assert.equal(filtered.total, 1);
    assert.equal((await server.request("GET", "/api/v1/apps/alpha/audit", { token: appToken })).status, 200, "the app's own token");
    assert.equal((await server.request("GET", "/api/v1/apps/alpha/audit", { token: member })).status, 403, "members lack audit:read");
    assert.equal((await server.request("GET", "/api/v1/apps/alpha/audit", { token: otherOwner })).status, 404, "another tenant");
    assert.equal((await server.request("GET", "/api/v1/apps/alpha/audit", { token: otherAppToken })).status, 404, "another app's token");
    assert.equal((await server.request("GET", "/api/v1/apps/alpha/audit")).status, 401);
    for (const credential of [owner, appToken, member]) {
      const global = await server.request("GET", "/api/v1/audit", { token: credential });
      assert.equal(global.status, 403, "only global-scope callers read the whole log");
      assert.equal(errorOf(global).code, "forbidden");
    }
  });

  it("filters the global log by app, action and time, pages it newest first, and validates the query", async () => {
    const byApp = pageOf<AuditEntry>(await server.request("GET", "/api/v1/audit?app=alpha&action=token.create", { token: server.rootToken }));
    assert.ok(byApp.total >= 2 && byApp.data.every((e) => e.app === "alpha" && e.action === "token.create"));
    const page = pageOf<AuditEntry>(await server.request("GET", "/api/v1/audit?limit=2&offset=1", { token: server.rootToken }));
    assert.equal(page.data.length, 2);
    const everything = await all();
    assert.deepEqual(page.data.map((e) => e.id), everything.slice(1, 3).map((e) => e.id));
    assert.ok(everything.every((e, i) => i === 0 || (everything[i - 1] as AuditEntry).at >= e.at));
    const future = pageOf<AuditEntry>(await server.request("GET", "/api/v1/audit?since=2999-01-01T00:00:00Z", { token: server.rootToken }));
    assert.equal(future.total, 0);
    const past = pageOf<AuditEntry>(await server.request("GET", "/api/v1/audit?until=2000-01-01T00:00:00Z", { token: server.rootToken }));
    assert.equal(past.total, 0);
    for (const q of ["action=nope", "since=yesterday", "since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z"]) {
      const res = await server.request("GET", `/api/v1/audit?${q}`, { token: server.rootToken });
      assert.equal(res.status, 400, q);
      assert.equal(errorOf(res).code, "validation_failed");
    }
  });

  it("records app deletion, kept globally after the app is gone and not shown to a new app of that name", async () => {
    const before = await all();
    assert.equal((await server.request("DELETE", "/api/v1/apps/alpha", { token: owner, headers: from("198.51.100.9") })).status, 200);
    const deleted = await only("app.delete", before);
    assert.equal(deleted.app, "alpha");
    assert.equal(deleted.ip, "198.51.100.9");
    assert.equal(deleted.summary["deleteVods"], false);
    // A registry row is enough for the guard; entries are tied to the app id, not only the name.
    await registerApp(server, "alpha", (await account(server, owner)).teamId);
    const res = await server.request("GET", "/api/v1/apps/alpha/audit", { token: owner });
    assert.equal(res.status, 200, res.text);
    assert.equal(pageOf<AuditEntry>(res).total, 0, res.text);
    const global = pageOf<AuditEntry>(await server.request("GET", "/api/v1/audit?app=alpha&limit=1000", { token: server.rootToken }));
    assert.ok(global.data.some((e) => e.action === "app.delete"), "the platform still sees the deleted app's history");
  });

  it("never holds a secret: no token, password, invite code, TOTP seed or app credential in any stored entry", async () => {
    const rows = await globalRows(server, sql<{ action: string }>`SELECT * FROM audit_log`);
    assert.ok(rows.length >= 12);
    const stored = JSON.stringify(rows);
    for (const secret of [...secrets, server.rootToken]) assert.ok(!stored.includes(secret), `found a secret in the audit log: ${secret.slice(0, 6)}…`);
    const actions = new Set(rows.map((r) => r.action));
    for (const action of ["token.create", "token.revoke", "invite.create", "invite.accept", "account.2fa_enable", "account.2fa_disable", "config.write", "config.revert", "s3.credentials_change", "mqtt.credentials_change", "secret.change", "app.delete"]) {
      assert.ok(actions.has(action), action);
    }
  });
});
