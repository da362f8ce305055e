import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { AppView } from "../../src/apps/service.ts";
import { createApp, getApp } from "../helpers/apps.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { signup } from "../helpers/identity.ts";
import { storeConfigByHand, storedBackups, storedConfig } from "../helpers/stored-config.ts";
import { eventually } from "../helpers/wait.ts";
import { startServer, tempDir, UNREACHABLE_LIVEKIT, type TestResponse, type TestServer } from "../helpers/server.ts";

/** 409 `conflict` on `field`, with a message that does not name `hidden` (another tenant's app). */
function assertPrefixConflict(res: TestResponse, field: string, hidden: string): void {
  assert.equal(res.status, 409, res.text);
  const error = errorOf(res);
  assert.equal(error.code, "conflict");
  assert.match(error.message, /overlaps a prefix already in use; choose another roomPrefix/);
  assert.ok(!res.text.includes(hidden), `the answer names ${hidden}: ${res.text}`);
  assert.deepEqual((error.details as Array<{ path: string }>).map((d) => d.path), [field]);
}

/**
 * SPEC 2.1: an app owns its room prefix, and prefix P owns room P and rooms `P-…`. No two apps'
 * prefixes may claim a common room, whoever owns them; issue 29 item 4.
 */
describe("room prefixes belong to one app", () => {
  let server: TestServer;
  let alice = "";
  let bob = "";
  const as = (token: string, method: string, p: string, body?: unknown) => server.request(method, p, { token, body });
  const prefixOf = async (app: string) => (await getApp(server, app)).roomPrefix;

  before(async () => {
    server = await startServer({ ...UNREACHABLE_LIVEKIT, SERVICE_ALLOW_SIGNUP: "on" });
    alice = await signup(server, "alice@a.example", "Team A");
    bob = await signup(server, "bob@b.example", "Team B");
    // Names apart from prefixes, so that an answer naming the other tenant's app would show.
    await createApp(server, { name: "apps-of-a", roomPrefix: "alpha" }, alice);
    await createApp(server, { name: "apps-of-b", roomPrefix: "bravo" }, bob);
  });
  after(() => server?.close());

  it("refuses a PATCH to another tenant's prefix, or one a dash away from it, and keeps the app's own", async () => {
    for (const roomPrefix of ["bravo", "bravo-stage", "bravo-"]) {
      assertPrefixConflict(await as(alice, "PATCH", "/api/v1/apps/apps-of-a", { roomPrefix }), "roomPrefix", "apps-of-b");
    }
    assertPrefixConflict(await as(bob, "PATCH", "/api/v1/apps/apps-of-b", { roomPrefix: "alpha-b" }), "roomPrefix", "apps-of-a");
    // "bravo" is no dash-boundary prefix of these, so they share no room with it.
    for (const roomPrefix of ["bra", "bravox"]) assert.equal((await as(alice, "PATCH", "/api/v1/apps/apps-of-a", { roomPrefix })).status, 200);
    assert.equal((await as(alice, "PATCH", "/api/v1/apps/apps-of-a", { roomPrefix: "alpha" })).status, 200);
    assert.equal(await prefixOf("apps-of-a"), "alpha");
    assert.equal(await prefixOf("apps-of-b"), "bravo");
    // Setting the prefix an app already has, or leaving it alone, is no conflict.
    assert.equal((await as(bob, "PATCH", "/api/v1/apps/apps-of-b", { roomPrefix: "bravo", displayName: "Bravo" })).status, 200);
  });

  it("refuses a raw config.yaml write of such a prefix and writes nothing", async () => {
    const before = await storedConfig(server, "apps-of-a");
    const backups = (await storedBackups(server, "apps-of-a")).length;
    for (const yaml of ["room_prefix: bravo\n", "room_prefix: bravo-x\ndisplay_name: mine\n"]) {
      assertPrefixConflict(await as(alice, "PUT", "/api/v1/apps/apps-of-a/config/raw", { yaml }), "yaml.room_prefix", "apps-of-b");
      assertPrefixConflict(await as(alice, "POST", "/api/v1/apps/apps-of-a/config/raw/validate", { yaml }), "yaml.room_prefix", "apps-of-b");
    }
    assert.equal(await storedConfig(server, "apps-of-a"), before);
    assert.equal((await storedBackups(server, "apps-of-a")).length, backups, "no backup either");
    assert.equal(await prefixOf("apps-of-a"), "alpha");
    // Without room_prefix the prefix is the app's name: bravo-app's name is free as a prefix.
    assert.equal((await as(bob, "PUT", "/api/v1/apps/apps-of-b/config/raw", { yaml: "display_name: Bravo\n" })).status, 200);
    assert.equal(await prefixOf("apps-of-b"), "apps-of-b");
    assert.equal((await as(bob, "PATCH", "/api/v1/apps/apps-of-b", { roomPrefix: "bravo" })).status, 200);
  });

  it("refuses a revert or a reload that would bring back a prefix another app has taken since", async () => {
    assert.equal((await as(alice, "PATCH", "/api/v1/apps/apps-of-a", { roomPrefix: "zulu" })).status, 200);
    // The write back to "alpha" backs up the config that said "zulu".
    assert.equal((await as(alice, "PATCH", "/api/v1/apps/apps-of-a", { roomPrefix: "alpha" })).status, 200);
    assert.equal((await as(bob, "PATCH", "/api/v1/apps/apps-of-b", { roomPrefix: "zulu" })).status, 200);
    const backups = dataOf<Array<{ ts: string }>>(await as(alice, "GET", "/api/v1/apps/apps-of-a/config/backups"));
    const texts = await Promise.all(backups.map(async (b) => ({ ts: b.ts, yaml: dataOf<{ yaml: string }>(await as(alice, "GET", `/api/v1/apps/apps-of-a/config/backups/${b.ts}`)).yaml })));
    const zulu = texts.find((b) => /^room_prefix: "?zulu"?$/m.test(b.yaml));
    assert.ok(zulu, "a backup with the zulu prefix");
    assertPrefixConflict(await as(alice, "POST", `/api/v1/apps/apps-of-a/config/backups/${zulu.ts}/revert`), "yaml.room_prefix", "apps-of-b");
    const current = await storedConfig(server, "apps-of-a");
    await storeConfigByHand(server, "apps-of-a", current.replace(/^room_prefix: .*$/m, "room_prefix: zulu-hand-edited"));
    assertPrefixConflict(await as(alice, "POST", "/api/v1/apps/apps-of-a/reload"), "yaml.room_prefix", "apps-of-b");
    await storeConfigByHand(server, "apps-of-a", current);
    assert.equal(await prefixOf("apps-of-a"), "alpha");
    assert.equal((await as(bob, "PATCH", "/api/v1/apps/apps-of-b", { roomPrefix: "bravo" })).status, 200);
  });

  it("refuses to create an app whose prefix (by default its name) overlaps, and creates it with a prefix of its own", async () => {
    const refused = await as(bob, "POST", "/api/v1/apps", { name: "alpha-two" });
    assertPrefixConflict(refused, "roomPrefix", "apps-of-a");
    assert.match(errorOf(refused).message, /defaults to the app's name/);
    assertPrefixConflict(await as(alice, "POST", "/api/v1/apps", { name: "charlie", roomPrefix: "bravo-c" }), "roomPrefix", "apps-of-b");
    assert.equal((await as(alice, "GET", "/api/v1/apps/alpha-two")).status, 404, "nothing was created");
    const created = await as(alice, "POST", "/api/v1/apps", { name: "alpha-two", roomPrefix: "alphatwo" });
    assert.equal(created.status, 201, created.text);
    assert.equal(dataOf<AppView>(created).roomPrefix, "alphatwo");
  });

  it("lets only one of two concurrent creates take the same prefix, and frees it when that app is deleted", async () => {
    const racers = [
      { name: "race-one", token: alice, roomPrefix: "race" },
      { name: "race-two", token: bob, roomPrefix: "race-2" },
    ] as const;
    const create = (r: (typeof racers)[number]) => as(r.token, "POST", "/api/v1/apps", { name: r.name, roomPrefix: r.roomPrefix });
    const [a, b] = await Promise.all([create(racers[0]), create(racers[1])]);
    assert.deepEqual([a.status, b.status].sort(), [201, 409]);
    const [winner, loser] = a.status === 201 ? [racers[0], racers[1]] : [racers[1], racers[0]];
    assert.equal((await as(winner.token, "DELETE", `/api/v1/apps/${winner.name}`)).status, 200);
    const retried = await create(loser);
    assert.equal(retried.status, 201, retried.text);
  });

  it("places a room that merely starts with the prefix's letters under the prefix: app foo asking for foobar-1 gets foo-foobar-1", async () => {
    // alpha-two's prefix is "alphatwo"; apps-of-a (prefix "alpha") asking for one of its rooms stays in its own namespace.
    for (const [room, expected] of [["alphatwo-1", "alpha-alphatwo-1"], ["alpha-1", "alpha-1"], ["alpha", "alpha"]]) {
      const res = await as(alice, "POST", "/api/v1/apps/apps-of-a/tokens", { room, canPublish: false });
      assert.equal(res.status, 200, res.text);
      assert.equal(dataOf<{ room: string }>(res).room, expected);
    }
  });
});

/**
 * Apps made before prefixes had to be apart can overlap: the service still starts, each room
 * goes to the most specific prefix (on equal prefixes the older app), the other app's requests
 * for such a room are refused, and the overlap is logged and shown in the global db/health.
 */
describe("room prefixes that overlapped before the rule", () => {
  const dataDir = tempDir();
  let server: TestServer;
  let token = "";
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token, body });
  const roomFor = async (app: string, room: string) => call("POST", `/api/v1/apps/${app}/tokens`, { room, canPublish: false });

  before(async () => {
    const first = await startServer({ ...UNREACHABLE_LIVEKIT, SERVICE_DATA_DIR: dataDir });
    token = first.rootToken;
    for (const [name, roomPrefix] of [["foo", "foo"], ["foo-bar", "fb"], ["foo-too", "ft"]]) {
      assert.equal((await first.request("POST", "/api/v1/apps", { token, body: { name, roomPrefix } })).status, 201);
    }
    // What an older version allowed, stored as it would have stored it: foo-bar inside foo's namespace, foo-too equal to foo.
    for (const [name, from, to] of [["foo-bar", "fb", "foo-bar"], ["foo-too", "ft", "foo"]] as const) {
      await storeConfigByHand(first, name, (await storedConfig(first, name)).replace(`room_prefix: "${from}"`, `room_prefix: "${to}"`));
    }
    await first.close();
    server = await startServer({ ...UNREACHABLE_LIVEKIT, SERVICE_DATA_DIR: dataDir });
  });
  after(() => server?.close());

  it("starts, and reports the overlaps in the global db/health", async () => {
    const res = await call("GET", "/api/v1/system/db/health");
    assert.equal(res.status, 200, res.text);
    const { roomPrefixes } = dataOf<{ integrity: string; roomPrefixes: { status: string; overlaps: Array<{ apps: string[]; prefixes: string[] }> } }>(res);
    assert.equal(roomPrefixes.status, "overlapping");
    assert.deepEqual(roomPrefixes.overlaps, [
      { apps: ["foo", "foo-bar"], prefixes: ["foo", "foo-bar"] },
      { apps: ["foo", "foo-too"], prefixes: ["foo", "foo"] },
      { apps: ["foo-bar", "foo-too"], prefixes: ["foo-bar", "foo"] },
    ]);
  });

  it("logged each overlap once at start, at error level", async () => {
    const logged = async () => dataOf<Array<{ message: string }>>(await call("GET", "/api/v1/logs?level=error&q=overlapping+room+prefixes")).map((l) => l.message);
    // The log store writes its lines in batches a moment later.
    await eventually(async () => (await logged()).length >= 3, 10_000, "the overlap lines in /logs");
    const lines = await logged();
    assert.equal(lines.filter((m) => m.includes("apps foo and foo-bar")).length, 1, lines.join("\n"));
    assert.equal(lines.filter((m) => m.includes("apps foo and foo-too")).length, 1, lines.join("\n"));
    assert.equal(lines.filter((m) => m.includes("apps foo-bar and foo-too")).length, 1, lines.join("\n"));
  });

  it("gives a room to the most specific prefix, or the older app on equal prefixes, and refuses it to the other with 409", async () => {
    const stolen = await roomFor("foo", "bar-1");
    assert.equal(stolen.status, 409, stolen.text);
    assert.equal(errorOf(stolen).code, "conflict");
    assert.match(errorOf(stolen).message, /room "foo-bar-1" belongs to another app/);
    assert.ok(!stolen.text.includes('"foo-bar"'), "the owner is not named");
    assert.equal(dataOf<{ room: string }>(await roomFor("foo-bar", "1")).room, "foo-bar-1");
    assert.equal(dataOf<{ room: string }>(await roomFor("foo", "lobby")).room, "foo-lobby");
    assert.equal((await roomFor("foo-too", "lobby")).status, 409, "equal prefixes: the older app, foo, owns its rooms");
    // Camera keys go through the same rule (as do ingress, recordings, snapshots and the player).
    const camera = await call("POST", "/api/v1/apps/foo/ws-ingest", { room: "bar-cam" });
    assert.equal(camera.status, 409, camera.text);
    assert.equal((await call("POST", "/api/v1/apps/foo-bar/ws-ingest", { room: "cam" })).status, 201);
  });

  it("lets an overlapping app change other settings, and move its prefix to a free one", async () => {
    assert.equal((await call("PATCH", "/api/v1/apps/foo-too", { displayName: "still here" })).status, 200);
    assertPrefixConflict(await call("PATCH", "/api/v1/apps/foo-too", { roomPrefix: "foo-x" }), "roomPrefix", "nothing-to-hide");
    assert.equal((await call("PATCH", "/api/v1/apps/foo-too", { roomPrefix: "footoo" })).status, 200);
    const health = dataOf<{ roomPrefixes: { overlaps: Array<{ apps: string[] }> } }>(await call("GET", "/api/v1/system/db/health"));
    assert.deepEqual(health.roomPrefixes.overlaps.map((o) => o.apps), [["foo", "foo-bar"]]);
    assert.equal(dataOf<{ room: string }>(await roomFor("foo-too", "lobby")).room, "footoo-lobby");
  });
});
