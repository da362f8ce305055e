import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import type { InviteView } from "../../src/accounts/service.ts";
import { LIVENESS_TTL_MS, type SessionView } from "../../src/accounts/sessions.ts";
import type { TotpSetup } from "../../src/accounts/totp.ts";
import type { LogRecord } from "../../src/logging.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { acceptInvite, account, claimsOf, forgeJwt, invite, login, PASSWORD, signup, totpCode } from "../helpers/identity.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { globalRow, globalRows } from "../helpers/rows.ts";

describe("signup gating and invites", () => {
  let server: TestServer;
  const inviteCodeFor = async (email: string) => {
    for (let i = 0; i < 50; i++) {
      const code = /#\/invite\?code=([\w-]+)/.exec(server.mails.findLast((m) => m.to === email)?.text ?? "")?.[1];
      if (code) return code;
      await sleep(10);
    }
    throw new Error(`no invite mail for ${email}`);
  };
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it("reports allowSignup publicly and refuses self-signup with 403 signup_disabled by default", async () => {
    const config = await server.request("GET", "/api/v1/auth/config");
    assert.deepEqual(config.json, { data: { allowSignup: false }, error: null });
    const res = await server.request("POST", "/api/v1/auth/signup", { body: { email: "x@example.com", password: PASSWORD, teamName: "X" } });
    assert.equal(res.status, 403);
    assert.equal(errorOf(res).code, "signup_disabled");
  });

  it("lets an invited email complete signup into the inviting team with the invited role", async () => {
    // The first owner comes from a superadmin-free path: seeded directly, as an installer would.
    const teamId = (await globalRow(server, sql<{ id: number }>`INSERT INTO teams (name, created_at) VALUES ('Acme', 'now') RETURNING id`))?.id;
    const hash = await (await import("../../src/accounts/passwords.ts")).hashPassword(PASSWORD);
    const userId = (
      await globalRow(
        server,
        sql<{ id: number }>`INSERT INTO users (email, password_hash, team_id, role, created_at, updated_at) VALUES ('boss@acme.example', ${hash}, ${teamId}, 'owner', 'now', 'now') RETURNING id`,
      )
    )?.id;
    const owner = await login(server, "boss@acme.example");
    assert.equal((await account(server, owner)).id, userId);

    const created = await server.request("POST", "/api/v1/tenant/invites", { token: owner, body: { email: "New@Acme.example", role: "admin" } });
    assert.equal(created.status, 201);
    const view = dataOf<InviteView>(created);
    assert.deepEqual([view.email, view.role, view.teamId], ["new@acme.example", "admin", teamId]);
    // The code travels only in the mail to the invited address, never in the API answer.
    assert.doesNotMatch(created.text, /invite=/);
    const code = await inviteCodeFor("new@acme.example");

    // Knowing the email is not enough: without the code a closed server refuses the signup.
    const guess = await server.request("POST", "/api/v1/auth/signup", { body: { email: "new@acme.example", password: PASSWORD } });
    assert.equal(errorOf(guess).code, "signup_disabled");
    const wrongEmail = await server.request("POST", "/api/v1/auth/signup", { body: { email: "other@acme.example", password: PASSWORD, invite: code } });
    assert.equal(wrongEmail.status, 401);

    const joined = await acceptInvite(server, "new@acme.example", code);
    const me = await account(server, joined);
    assert.deepEqual([me.teamId, me.role], [teamId, "admin"]);
    // The invite is used up.
    const again = await server.request("POST", "/api/v1/auth/signup", { body: { email: "new@acme.example", password: PASSWORD, invite: code } });
    assert.equal(again.status, 401);

    const memberJwt = await acceptInvite(server, "m@acme.example", await invite(server, owner, "m@acme.example"));
    assert.equal((await account(server, memberJwt)).role, "member");
    const denied = await server.request("POST", "/api/v1/tenant/invites", { token: memberJwt, body: { email: "z@acme.example" } });
    assert.equal(denied.status, 403);
  });

  it("does not say whether an email has an account when signup is closed", async () => {
    const res = await server.request("POST", "/api/v1/auth/signup", { body: { email: "boss@acme.example", password: PASSWORD, teamName: "X" } });
    assert.equal(errorOf(res).code, "signup_disabled");
  });
});

describe("sign-in, sessions and passwords", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({
      SERVICE_ALLOW_SIGNUP: "on",
      SERVICE_ADMIN_USERNAME: "breakglass",
      SERVICE_ADMIN_PASSWORD: "a very long admin password",
    });
  });
  after(() => server.close());

  it("signs up a new owner with a team on the free plan, and signs in by email", async () => {
    const jwt = await signup(server, "Alice@Example.com", "Alice's team");
    const me = await account(server, jwt);
    assert.equal(me.role, "owner");
    const tenant = await server.request("GET", "/api/v1/tenant", { token: jwt });
    assert.deepEqual(dataOf<Record<string, unknown>>(tenant), {
      id: me.teamId,
      name: "Alice's team",
      plan: "free",
      role: "owner",
      createdAt: dataOf<{ createdAt: string }>(tenant).createdAt,
      quotas: { maxConcurrentStreams: 5, maxConcurrentEgress: 1 },
    });
    const claims = claimsOf(await login(server, "alice@example.com"));
    assert.match(claims.sid ?? "", /^sess_/);
  });

  it("answers the same 401 invalid_credentials for a wrong password and an unknown user", async () => {
    const wrong = await server.request("POST", "/api/v1/auth/login", { body: { user: "alice@example.com", password: "nope nope nope" } });
    const unknown = await server.request("POST", "/api/v1/auth/login", { body: { user: "ghost@example.com", password: "nope nope nope" } });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.equal(errorOf(wrong).code, "invalid_credentials");
    assert.equal(errorOf(wrong).message, errorOf(unknown).message);
  });

  it("signs the break-glass admin in by username, as a superadmin", async () => {
    const jwt = await login(server, "breakglass", "a very long admin password");
    const res = await server.request("GET", "/api/v1/account", { token: jwt });
    assert.equal(dataOf<{ superadmin: boolean }>(res).superadmin, true);
    assert.equal((await server.request("GET", "/api/v1/debug/actors", { token: jwt })).status, 200);
  });

  it("lists own live sessions newest first, marking the current one", async () => {
    await signup(server, "bob@example.com", "Bob");
    const first = await login(server, "bob@example.com");
    const second = await login(server, "bob@example.com");
    const res = await server.request("GET", "/api/v1/auth/sessions", { token: second });
    const sessions = dataOf<SessionView[]>(res);
    assert.equal(sessions.length, 3);
    assert.equal(sessions[0]?.id, claimsOf(second).sid);
    assert.equal(sessions[0]?.current, true);
    assert.ok(sessions.slice(1).every((s) => !s.current));
    assert.ok(sessions.some((s) => s.id === claimsOf(first).sid));
    assert.equal(sessions[0]?.ip, "127.0.0.1");
    assert.ok(!Number.isNaN(Date.parse(sessions[0]?.lastSeen ?? "")));
  });

  it("revokes one own session (401 afterwards), and answers 404 for someone else's or an unknown one", async () => {
    const a = await login(server, "bob@example.com");
    const b = await login(server, "bob@example.com");
    const alice = await login(server, "alice@example.com");
    assert.equal((await server.request("DELETE", `/api/v1/auth/sessions/${claimsOf(b).sid}`, { token: alice })).status, 404);
    assert.equal((await server.request("DELETE", "/api/v1/auth/sessions/sess_nope", { token: a })).status, 404);
    assert.equal((await server.request("DELETE", `/api/v1/auth/sessions/${claimsOf(b).sid}`, { token: a })).status, 200);
    const res = await server.request("GET", "/api/v1/account", { token: b });
    assert.equal(res.status, 401);
    assert.equal((await server.request("GET", "/api/v1/account", { token: a })).status, 200);
  });

  it("revokes all other sessions, answering { revoked: n }", async () => {
    await signup(server, "carol@example.com", "Carol");
    const others = [await login(server, "carol@example.com"), await login(server, "carol@example.com")];
    const keep = await login(server, "carol@example.com");
    const res = await server.request("DELETE", "/api/v1/auth/sessions", { token: keep });
    assert.deepEqual(res.json, { data: { revoked: 3 }, error: null });
    for (const jwt of others) assert.equal((await server.request("GET", "/api/v1/account", { token: jwt })).status, 401);
    assert.equal((await server.request("GET", "/api/v1/account", { token: keep })).status, 200);
  });

  it("sees a revocation made behind its back within the liveness cache TTL", async () => {
    const jwt = await login(server, "alice@example.com");
    assert.equal((await server.request("GET", "/api/v1/account", { token: jwt })).status, 200);
    await globalRows(server, sql`UPDATE sessions SET revoked_at = 'now' WHERE id = ${claimsOf(jwt).sid}`);
    await sleep(LIVENESS_TTL_MS + 200);
    assert.equal((await server.request("GET", "/api/v1/account", { token: jwt })).status, 401);
  });

  it("keeps accepting JWTs without a sid; refuses expired ones and foreign signatures", async () => {
    const me = await account(server, await login(server, "alice@example.com"));
    const legacy = await forgeJwt(server, { sub: String(me.id) });
    assert.equal((await server.request("GET", "/api/v1/account", { token: legacy })).status, 200);
    const expired = await forgeJwt(server, { sub: String(me.id), expiresAt: Math.floor(Date.now() / 1000) - 10 });
    assert.equal((await server.request("GET", "/api/v1/account", { token: expired })).status, 401);
    const foreign = await forgeJwt(server, { sub: String(me.id) }, "some other secret that is long enough!!");
    assert.equal((await server.request("GET", "/api/v1/account", { token: foreign })).status, 401);
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(`{"sub":"${me.id}","iss":"service-core"}`).toString("base64url")}.`;
    assert.equal((await server.request("GET", "/api/v1/account", { token: none })).status, 401);
  });

  it("changes a password only with the current one, and signs out the other sessions", async () => {
    await signup(server, "dave@example.com", "Dave");
    const other = await login(server, "dave@example.com");
    const current = await login(server, "dave@example.com");
    const wrong = await server.request("POST", "/api/v1/account/password", { token: current, body: { currentPassword: "wrong one!", newPassword: "a brand new passphrase" } });
    assert.equal(wrong.status, 401);
    const res = await server.request("POST", "/api/v1/account/password", { token: current, body: { currentPassword: PASSWORD, newPassword: "a brand new passphrase" } });
    assert.equal(res.status, 200);
    assert.equal((await server.request("GET", "/api/v1/account", { token: other })).status, 401);
    assert.equal((await server.request("GET", "/api/v1/account", { token: current })).status, 200);
    await login(server, "dave@example.com", "a brand new passphrase");
  });

  it("keeps API tokens off human-only routes with 403", async () => {
    for (const [method, path] of [["GET", "/api/v1/auth/sessions"], ["DELETE", "/api/v1/auth/sessions"], ["POST", "/api/v1/account/2fa/setup"], ["GET", "/api/v1/account"]] as const) {
      const res = await server.request(method, path, { token: server.rootToken });
      assert.equal(res.status, 403, path);
    }
  });
});

describe("TOTP two-factor", () => {
  let server: TestServer;
  let jwt: string;
  let secret: string;
  before(async () => {
    server = await startServer({ SERVICE_ALLOW_SIGNUP: "on" });
    jwt = await signup(server, "eve@example.com", "Eve");
  });
  after(() => server.close());

  it("sets up a pending secret with an otpauth URI and a QR data URI, stored sealed", async () => {
    const res = await server.request("POST", "/api/v1/account/2fa/setup", { token: jwt });
    assert.equal(res.status, 200);
    const setup = dataOf<TotpSetup>(res);
    secret = setup.secret;
    assert.match(setup.secret, /^[A-Z2-7]{16,}$/);
    assert.match(setup.otpauthUri, /^otpauth:\/\/totp\/service-core:eve%40example\.com\?secret=[A-Z2-7]+&issuer=service-core$/);
    assert.match(setup.qrDataUri, /^data:image\/png;base64,/);
    const row = await globalRow(server, sql<{ totp_pending: string | null; totp_secret: string | null }>`SELECT totp_pending, totp_secret FROM users WHERE email = 'eve@example.com'`);
    assert.equal(row?.totp_secret, null);
    assert.ok(row?.totp_pending && !row.totp_pending.includes(secret));
    // Still off: signing in needs no code yet.
    await login(server, "eve@example.com");
  });

  it("enables only with a live code, and signs out the other sessions", async () => {
    const other = await login(server, "eve@example.com");
    const bad = await server.request("POST", "/api/v1/account/2fa/enable", { token: jwt, body: { code: "000000" } });
    assert.equal(bad.status, 401);
    const res = await server.request("POST", "/api/v1/account/2fa/enable", { token: jwt, body: { code: await totpCode(secret) } });
    assert.equal(res.status, 200);
    assert.equal((await server.request("GET", "/api/v1/account", { token: other })).status, 401);
  });

  it("answers totp_required without a code, totp_invalid for a wrong one", async () => {
    const missing = await server.request("POST", "/api/v1/auth/login", { body: { user: "eve@example.com", password: PASSWORD } });
    assert.equal(missing.status, 401);
    assert.equal(errorOf(missing).code, "totp_required");
    const wrong = await server.request("POST", "/api/v1/auth/login", { body: { user: "eve@example.com", password: PASSWORD, code: "123456" } });
    assert.equal(wrong.status, 401);
    assert.equal(errorOf(wrong).code, "totp_invalid");
  });

  it("never accepts the same code twice, nor an older one after it, nor one beyond a step of skew", async () => {
    // enable used the current step; the next step is within the allowed skew.
    const next = await totpCode(secret, 1);
    await login(server, "eve@example.com", PASSWORD, next);
    const replay = await server.request("POST", "/api/v1/auth/login", { body: { user: "eve@example.com", password: PASSWORD, code: next } });
    assert.equal(errorOf(replay).code, "totp_invalid");
    const older = await server.request("POST", "/api/v1/auth/login", { body: { user: "eve@example.com", password: PASSWORD, code: await totpCode(secret) } });
    assert.equal(errorOf(older).code, "totp_invalid");
    const far = await server.request("POST", "/api/v1/auth/login", { body: { user: "eve@example.com", password: PASSWORD, code: await totpCode(secret, 3) } });
    assert.equal(errorOf(far).code, "totp_invalid");
  });

  it("accepts a code from one step ago (clock skew)", async () => {
    const other = await signup(server, "skew@example.com", "Skew");
    const setup = await server.request("POST", "/api/v1/account/2fa/setup", { token: other });
    const otherSecret = dataOf<TotpSetup>(setup).secret;
    const res = await server.request("POST", "/api/v1/account/2fa/enable", { token: other, body: { code: await totpCode(otherSecret, -1) } });
    assert.equal(res.status, 200);
  });

  it("disables only with a valid code", async () => {
    const other = await signup(server, "off@example.com", "Off");
    const setup = await server.request("POST", "/api/v1/account/2fa/setup", { token: other });
    const otherSecret = dataOf<TotpSetup>(setup).secret;
    await server.request("POST", "/api/v1/account/2fa/enable", { token: other, body: { code: await totpCode(otherSecret) } });
    const wrong = await server.request("POST", "/api/v1/account/2fa/disable", { token: other, body: { code: "111111" } });
    assert.equal(wrong.status, 401);
    const ok = await server.request("POST", "/api/v1/account/2fa/disable", { token: other, body: { code: await totpCode(otherSecret, 1) } });
    assert.equal(ok.status, 200);
    await login(server, "off@example.com");
  });

  it("throttles repeated wrong codes with 429 and Retry-After", async () => {
    let last;
    for (let i = 0; i < 6; i++) {
      last = await server.request("POST", "/api/v1/auth/login", { body: { user: "eve@example.com", password: PASSWORD, code: "999999" } });
    }
    assert.equal(last?.status, 429);
    assert.ok(Number(last?.headers.get("retry-after")) > 0);
    // Even the right code waits out the window.
    const right = await server.request("POST", "/api/v1/auth/login", { body: { user: "eve@example.com", password: PASSWORD, code: await totpCode(secret, 1) } });
    assert.equal(right.status, 429);
  });
});

describe("magic links", () => {
  let server: TestServer;
  const mail: LogRecord[] = [];
  before(async () => {
    server = await startServer({ SERVICE_ALLOW_SIGNUP: "on", SERVICE_PUBLIC_URL: "https://video.example.com" });
    server.app.logging.subscribe((r) => {
      if (r["component"] === "mail") mail.push(r);
    });
    await signup(server, "fay@example.com", "Fay");
  });
  after(() => server.close());

  const linkToken = () => {
    const text = String(mail.at(-1)?.["text"] ?? "");
    const match = /https:\/\/video\.example\.com\/auth\/magic#token=([\w-]+)/.exec(text);
    assert.ok(match, text);
    return match[1] as string;
  };

  it("answers 202 whether or not the email has an account, and mails only real accounts", async () => {
    const unknown = await server.request("POST", "/api/v1/auth/magic/request", { body: { email: "nobody@example.com" } });
    assert.equal(unknown.status, 202);
    assert.equal(mail.length, 0);
    const known = await server.request("POST", "/api/v1/auth/magic/request", {
      body: { email: "fay@example.com" },
      headers: { host: "evil.example" },
    });
    assert.equal(known.status, 202);
    assert.deepEqual(known.json, unknown.json);
    assert.equal(mail.length, 1);
    assert.equal(mail[0]?.["to"], "fay@example.com");
  });

  it("signs in once per link; a GET of the link burns nothing; a second use fails", async () => {
    await server.request("POST", "/api/v1/auth/magic/request", { body: { email: "fay@example.com" } });
    const token = linkToken();
    // Opening the link (as a mail scanner would, with the token in the query or not) only serves the page.
    for (const method of ["GET", "HEAD"]) assert.equal((await server.request(method, `/auth/magic?token=${token}`)).status, 200);
    const res = await server.request("POST", "/api/v1/auth/magic/verify", { body: { token } });
    assert.equal(res.status, 200);
    const jwt = dataOf<{ token: string }>(res).token;
    assert.equal((await server.request("GET", "/api/v1/account", { token: jwt })).status, 200);
    const again = await server.request("POST", "/api/v1/auth/magic/verify", { body: { token } });
    assert.equal(again.status, 401);
  });

  it("needs the 2FA code when 2FA is on, without burning the link on totp_required", async () => {
    const jwt = await login(server, "fay@example.com");
    const setup = await server.request("POST", "/api/v1/account/2fa/setup", { token: jwt });
    const secret = dataOf<TotpSetup>(setup).secret;
    await server.request("POST", "/api/v1/account/2fa/enable", { token: jwt, body: { code: await totpCode(secret) } });
    await server.request("POST", "/api/v1/auth/magic/request", { body: { email: "fay@example.com" } });
    const token = linkToken();
    const missing = await server.request("POST", "/api/v1/auth/magic/verify", { body: { token } });
    assert.equal(errorOf(missing).code, "totp_required");
    const ok = await server.request("POST", "/api/v1/auth/magic/verify", { body: { token, code: await totpCode(secret, 1) } });
    assert.equal(ok.status, 200, ok.text);
  });

  it("expires links after 15 minutes", async () => {
    await server.request("POST", "/api/v1/auth/magic/request", { body: { email: "nobody2@example.com" } });
    const token = "expired-token-value-that-is-long";
    const hash = (await import("node:crypto")).createHash("sha256").update(token).digest("hex");
    const userId = (await globalRow(server, sql<{ id: number }>`SELECT id FROM users WHERE email = 'fay@example.com'`))?.id;
    await globalRows(
      server,
      sql`INSERT INTO magic_links (user_id, code_hash, created_at, expires_at) VALUES (${userId}, ${hash}, ${new Date(Date.now() - 16 * 60_000).toISOString()}, ${new Date(Date.now() - 60_000).toISOString()})`,
    );
    assert.equal((await server.request("POST", "/api/v1/auth/magic/verify", { body: { token } })).status, 401);
  });
});

describe("abuse limits", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ SERVICE_ALLOW_SIGNUP: "on" });
    await signup(server, "gus@example.com", "Gus");
  });
  after(() => server.close());

  it("locks an account after 10 failed sign-ins, with 429 and Retry-After, even for the right password", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await server.request("POST", "/api/v1/auth/login", { body: { user: "gus@example.com", password: "wrong password" } });
      assert.equal(res.status, 401);
    }
    const locked = await server.request("POST", "/api/v1/auth/login", { body: { user: "gus@example.com", password: PASSWORD } });
    assert.equal(locked.status, 429);
    assert.equal(errorOf(locked).code, "rate_limited");
    assert.ok(Number(locked.headers.get("retry-after")) > 60);
  });

  it("limits magic-link requests per email", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await server.request("POST", "/api/v1/auth/magic/request", { body: { email: "gus@example.com" } })).status);
    }
    assert.deepEqual(statuses, [202, 202, 202, 429]);
  });
});

describe("magic links over SMTP", () => {
  it("delivers the link through the configured SMTP server, from SERVICE_SMTP_FROM", async () => {
    const { mailText, startSmtp } = await import("../helpers/smtp.ts");
    const smtp = await startSmtp();
    const server = await startServer({
      SERVICE_ALLOW_SIGNUP: "on",
      SERVICE_SMTP_URL: smtp.url,
      SERVICE_SMTP_FROM: "Video <login@video.example.com>",
      SERVICE_PUBLIC_URL: "https://video.example.com",
    });
    try {
      await signup(server, "hal@example.com", "Hal");
      const res = await server.request("POST", "/api/v1/auth/magic/request", { body: { email: "hal@example.com" } });
      assert.equal(res.status, 202);
      for (let i = 0; i < 50 && smtp.mails.length === 0; i++) await sleep(20);
      const [mail] = smtp.mails;
      assert.deepEqual(mail?.to, ["hal@example.com"]);
      assert.equal(mail?.from, "login@video.example.com");
      assert.ok(mail);
      const text = mailText(mail);
      const token = /https:\/\/video\.example\.com\/auth\/magic#token=([\w-]+)/.exec(text)?.[1];
      assert.ok(token, mail.raw);
      assert.equal((await server.request("POST", "/api/v1/auth/magic/verify", { body: { token } })).status, 200);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});
