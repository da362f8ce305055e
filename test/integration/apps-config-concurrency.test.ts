import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import { createApp, getApp, listBackups, putRaw, readBackup } from "../helpers/apps.ts";
import { dataOf } from "../helpers/envelope.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { storedConfig } from "../helpers/stored-config.ts";

describe("raw config: concurrent writes serialize (SPEC 4.2)", () => {
  let server: TestServer;

  before(async () => {
    server = await startServer();
    await createApp(server, { name: "busy" });
  });
  after(() => server.close());

  it("10 simultaneous PUTs leave exactly one of them on disk and one backup per successful write", async () => {
    const original = await storedConfig(server, "busy");
    const before = await listBackups(server, "busy");
    const texts = Array.from({ length: 10 }, (_, i) => `# writer ${i}\ndisplay_name: "Writer ${i}"\nrecording:\n  split_minutes: ${i + 1}\n${"# padding\n".repeat(200 * (i + 1))}`);
    const results = await Promise.all(texts.map((t) => putRaw(server, "busy", t)));
    const succeeded = results.filter((r) => r.status === 200).length;
    for (const r of results) assert.ok(r.status === 200 || r.status === 409 || r.status === 503, `${r.status} ${r.text}`);
    assert.ok(succeeded >= 1, "at least one PUT succeeded");

    const final = await storedConfig(server, "busy");
    assert.equal(texts.filter((t) => t === final).length, 1, "the file is exactly one of the written documents");
    const after = await listBackups(server, "busy");
    assert.equal(after.length, before.length + succeeded, "one backup per successful write");

    // Every write replaced exactly one whole document: the new backups plus the final file are
    // the original plus the written texts, each once.
    const fresh = after.filter((b) => !before.some((o) => o.ts === b.ts));
    const contents = await Promise.all(fresh.map((b) => readBackup(server, "busy", b.ts)));
    const seen = [...contents, final].sort();
    const written = results.flatMap((r, i) => (r.status === 200 ? [texts[i] ?? ""] : []));
    assert.deepEqual(seen, [original, ...written].sort());
    // Newest first: the newest backup is the document the final one replaced, and so on down.
    assert.equal(contents[contents.length - 1], original, "the oldest new backup is the original file");

    const app = dataOf<{ displayName: string; splitMinutes: number }>(await server.request("GET", "/api/v1/apps/busy", { token: server.rootToken }));
    const parsed = parse(final) as { display_name: string; recording: { split_minutes: number } };
    assert.deepEqual({ d: app.displayName, s: app.splitMinutes }, { d: parsed.display_name, s: parsed.recording.split_minutes });
  });

  it("simultaneous PATCHes of different feature flags lose no update", async () => {
    const flags = ["publicPlayback", "hiddenQc", "rtmpPassword", "chat", "reactions"];
    const results = await Promise.all(
      flags.map((f) => server.request("PATCH", "/api/v1/apps/busy", { token: server.rootToken, body: { features: { [f]: true } } })),
    );
    for (const r of results) assert.equal(r.status, 200, r.text);
    const app = dataOf<{ features: Record<string, boolean> }>(await server.request("GET", "/api/v1/apps/busy", { token: server.rootToken }));
    assert.deepEqual(app.features, Object.fromEntries(flags.map((f) => [f, true])));
    const onDisk = parse(await storedConfig(server, "busy")) as { features: Record<string, boolean> };
    for (const f of flags) assert.equal(onDisk.features[f], true, f);
  });

  it("PUTs racing PATCHes still leave a valid document that is one of the writes", async () => {
    const texts = Array.from({ length: 5 }, (_, i) => `display_name: "Racer ${i}"\n`);
    const results = await Promise.all([
      ...texts.map((t) => putRaw(server, "busy", t)),
      ...Array.from({ length: 5 }, (_, i) => server.request("PATCH", "/api/v1/apps/busy", { token: server.rootToken, body: { splitMinutes: i + 100 } })),
    ]);
    for (const r of results) assert.equal(r.status, 200, r.text);
    const final = await storedConfig(server, "busy");
    const parsed = parse(final) as { display_name: string };
    assert.ok(texts.some((t) => final.startsWith(t)), `final file does not start with a written document:\n${final}`);
    assert.equal((await getApp(server, "busy")).displayName, parsed.display_name);
  });
});
