import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { SecretBox } from "../../src/secrets/box.ts";
import { vodStore } from "../../src/vods/store.ts";
import { dataOf } from "../helpers/envelope.ts";
import { signup } from "../helpers/identity.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { sqliteOf, startServer, tempDir, testEnv, type TestServer } from "../helpers/server.ts";

const run = promisify(execFile);

/** `npm run cli -- migrate-sqlite-to-postgres` as an operator runs it: its exit code and what it printed. */
async function migrateCommand(dataDir: string, url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, ...testEnv(dataDir), SERVICE_DATABASE_URL: url };
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/main.ts", "migrate-sqlite-to-postgres"], { env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** The service's tables in a database: none in an empty one. */
async function serviceTables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema = 'public' OR table_schema LIKE 'app\\_%' ORDER BY 1",
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Issue 32: a single node's SQLite data dir moves into PostgreSQL, and the service reads the same things back. */
describe("migrate-sqlite-to-postgres", () => {
  let postgres: TestPostgres;
  let target: string;
  const dataDir = tempDir();
  const callbackSecret = "the-apps-callback-secret";
  /** GET paths and the credential to read each with, answered the same before and after the move. */
  const reads: Array<{ path: string; token: string }> = [];
  const seenBefore: Map<string, unknown> = new Map();
  let rootToken = "";
  let appToken = "";
  let personJwt = "";
  let vodIds: number[] = [];

  const snapshot = async (server: TestServer): Promise<Map<string, unknown>> => {
    const seen = new Map<string, unknown>();
    for (const read of reads) {
      const res = await server.request("GET", read.path, { token: read.token });
      assert.equal(res.status, 200, `${read.path}: ${res.text}`);
      seen.set(read.path, res.json);
    }
    return seen;
  };

  before(async () => {
    postgres = await sharedPostgres();
    target = await postgres.database();
    // The source runs on SQLite whatever backend the rest of the suite runs on.
    const server = await startServer({ SERVICE_DATA_DIR: dataDir, SERVICE_DATABASE_URL: "", SERVICE_ALLOW_SIGNUP: "on" });
    try {
      const root = (rootToken = server.rootToken);
      personJwt = await signup(server, "ada@example.com", "Analytical");
      for (const name of ["copy-one", "copy-two"]) {
        const res = await server.request("POST", "/api/v1/apps", { token: root, body: { name } });
        assert.equal(res.status, 201, res.text);
      }
      const app = dataOf<{ id: number }>(await server.request("GET", "/api/v1/apps/copy-one", { token: root }));
      const token = await server.request("POST", "/api/v1/tokens", { token: root, body: { name: "deploy", scope: "app", appId: app.id } });
      assert.equal(token.status, 201, token.text);
      appToken = (token.json as { token: string }).token;
      const patched = await server.request("PATCH", "/api/v1/apps/copy-one", { token: root, body: { callbackSecret, callbackUrl: "https://hooks.example.com/cb" } });
      assert.equal(patched.status, 200, patched.text);
      const vods = vodStore(server.app.databases.appSql("copy-one"));
      for (const i of [1, 2, 3]) {
        const vod = await vods.insert({ room: "lobby", stream_id: `st_${i}`, egress_id: `cam_${i}`, source: "camera", part: 0, local_path: `/data/recordings/${i}.mp4`, started_at: `2026-01-0${i}T10:00:00.000Z` });
        vodIds.push(vod.id);
      }
      const files = sqliteOf(server.app);
      const db = files.app("copy-one");
      // Settled rows: a recording one would be recovered (its file is missing) by the next start.
      db.prepare("UPDATE vods SET status = 'failed', failure_reason = 'upload_failed', failure_detail = 'bucket missing' WHERE id = ?").run(vodIds[0]);
      db.prepare("UPDATE vods SET status = 'ready', size_bytes = 1234, duration_s = 12.5 WHERE id = ?").run(vodIds[1]);
      // A deleted row: its id must never be handed out again (SQLite's AUTOINCREMENT remembers it).
      db.prepare("DELETE FROM vods WHERE id = ?").run(vodIds[2]);
      vodIds = vodIds.slice(0, 2);
      const stream = db
        .prepare("INSERT INTO streams (stream_id, type, room, participant, status, started_at, last_event_at, last_stats_json) VALUES ('st_1', 'whip', 'lobby', 'cam', 'ended', '2026-01-01T10:00:00.000Z', 1767261600000, '{\"fps\":30}') RETURNING id")
        .get() as { id: number };
      db.prepare(
        "INSERT INTO callback_deliveries (id, event, room, body, emitted_at, status, attempts, next_attempt_at, last_url, last_status, finished_at) VALUES ('evt_1', 'stream_started', 'lobby', '{}', '2026-01-01T10:00:00.000Z', 'delivered', 1, 0, 'https://hooks.example.com/cb', 200, '2026-01-01T10:00:01.000Z')",
      ).run();
      reads.push(
        { path: "/api/v1/apps/copy-one", token: root },
        { path: "/api/v1/apps/copy-two", token: root },
        { path: "/api/v1/tokens", token: root },
        { path: "/api/v1/audit?limit=100", token: root },
        { path: "/api/v1/account", token: personJwt },
        { path: `/api/v1/apps/copy-one/vods/${vodIds[0]}`, token: appToken },
        { path: `/api/v1/apps/copy-one/vods/${vodIds[1]}`, token: appToken },
        { path: `/api/v1/apps/copy-one/streams/${stream.id}`, token: appToken },
        { path: "/api/v1/apps/copy-one/callbacks/deliveries", token: appToken },
      );
      for (const [k, v] of await snapshot(server)) seenBefore.set(k, v);

      const refused = await migrateCommand(dataDir, target);
      assert.equal(refused.code, 1, refused.stdout);
      assert.match(refused.stderr, /the service is running on .* stop it, then copy/);
      assert.deepEqual(await serviceTables(target), [], "nothing copied while the service runs");
    } finally {
      await server.close();
    }
  });
  after(async () => {
    await postgres?.stop();
  });

  it("copies the data dir, and the service on PostgreSQL answers the same ids and values", async () => {
    const copied = await migrateCommand(dataDir, target);
    assert.equal(copied.code, 0, copied.stderr);
    assert.match(copied.stdout, /^copied \d+ rows of \d+ tables \(global and 2 apps\) in [\d.]+ s; counts and checksums match\n/);
    assert.match(copied.stdout, /copied each app's config\.yaml and its backups into its schema; left in .*: media files and the log store/);

    // PostgreSQL never generates keys: the node is given the ones its SQLite start generated.
    const key = (file: string) => readFileSync(path.join(dataDir, file), "utf8").trim();
    const server = await startServer({ SERVICE_DATA_DIR: dataDir, SERVICE_DATABASE_URL: target, SERVICE_MASTER_KEY: key("master-key"), SERVICE_JWT_SECRET: key("jwt-secret") });
    try {
      assert.equal(server.app.databases.dialect, "postgres");
      const after_ = await snapshot(server);
      for (const read of reads) {
        let answer = after_.get(read.path);
        let expected = seenBefore.get(read.path);
        // Reading with a token stamps its last use: the one field a read changes.
        if (read.path === "/api/v1/tokens") [answer, expected] = [withoutLastUse(answer), withoutLastUse(expected)];
        if (read.path.startsWith("/api/v1/audit")) {
          // The node on PostgreSQL may log entries of its own; every copied one is there unchanged.
          const now = new Set(auditEntries(answer));
          for (const entry of auditEntries(expected)) assert.ok(now.has(entry), `audit entry ${entry} was copied`);
          continue;
        }
        assert.deepEqual(answer, expected, read.path);
      }
      // Media files stay on the node: the rows keep where they are.
      const paths = await query<{ local_path: string }>(target, "SELECT local_path FROM app_copy_one.vods ORDER BY id");
      assert.deepEqual(paths.map((p) => p.local_path), ["/data/recordings/1.mp4", "/data/recordings/2.mp4"]);
      // The sealed callback secret opens with the data dir's master key.
      const [row] = await query<{ value: string }>(target, "SELECT value FROM app_copy_one.secrets WHERE name = 'callbacks.secret'");
      assert.ok(row, "the sealed secret was copied");
      const box = new SecretBox(readFileSync(path.join(dataDir, "master-key"), "utf8").trim());
      assert.equal(box.open("app-secrets", "app:copy-one:callbacks.secret", row.value), callbackSecret);
      // New rows get ids past every id SQLite handed out, the deleted one included.
      const next = await vodStore(server.app.databases.appSql("copy-one")).insert({ room: "lobby", stream_id: null, egress_id: "cam_next", source: "camera", part: 0, local_path: null, started_at: "2026-02-01T10:00:00.000Z" });
      assert.equal(next.id, (vodIds[1] ?? 0) + 2);
      const app = await server.request("POST", "/api/v1/apps", { token: rootToken, body: { name: "copy-three" } });
      assert.equal(app.status, 201, app.text);
      assert.equal(dataOf<{ id: number }>(app).id, 3);
    } finally {
      await server.close();
    }
  });

  it("refuses a target that already holds service tables, and copies nothing", async () => {
    const counts = await query<{ n: number }>(target, "SELECT count(*)::int AS n FROM audit_log");
    const again = await migrateCommand(dataDir, target);
    assert.equal(again.code, 1, again.stdout);
    assert.match(again.stderr, /^the target database already holds service tables \(app_copy_one\.[a-z_]+, .*\): copy into an empty database; nothing was copied\n$/);
    assert.deepEqual(await query<{ n: number }>(target, "SELECT count(*)::int AS n FROM audit_log"), counts);
  });

  it("refuses a data dir another process is writing, naming the database, and copies nothing", async () => {
    const empty = await postgres.database();
    const writer = new Database(path.join(dataDir, "apps", "copy-two", "app.db"));
    try {
      writer.exec("BEGIN IMMEDIATE");
      const refused = await migrateCommand(dataDir, empty);
      assert.equal(refused.code, 1, refused.stdout);
      assert.match(refused.stderr, /^the database of app copy-two is unavailable \(migrate: database is locked\): another process is writing it; stop it, then copy\n$/);
    } finally {
      writer.close();
    }
    assert.deepEqual(await serviceTables(empty), []);
  });

  it("rolls everything back and names the table when a row reads back different", async () => {
    const damaged = await postgres.database();
    // An event trigger arms a row trigger on audit_log the moment the copy creates it, so one
    // column changes on its way in: the checksum must catch it.
    await query(
      damaged,
      `CREATE SCHEMA test_hooks;
       CREATE FUNCTION test_hooks.damage() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.action := NEW.action || '!'; RETURN NEW; END $$;
       CREATE FUNCTION test_hooks.arm() RETURNS event_trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF EXISTS (SELECT 1 FROM pg_event_trigger_ddl_commands() WHERE object_identity = 'public.audit_log') THEN
           CREATE TRIGGER damage BEFORE INSERT ON public.audit_log FOR EACH ROW EXECUTE FUNCTION test_hooks.damage();
         END IF;
       END $$;
       CREATE EVENT TRIGGER arm ON ddl_command_end WHEN TAG IN ('CREATE TABLE') EXECUTE FUNCTION test_hooks.arm();`,
    );
    const result = await migrateCommand(dataDir, damaged);
    assert.equal(result.code, 1, result.stdout);
    assert.match(result.stderr, /^global table audit_log: its rows read back from PostgreSQL differ from SQLite's \(checksum mismatch\); rolled back, nothing was copied\n$/);
    assert.deepEqual(await serviceTables(damaged), [], "the target is left empty");
  });
});

function withoutLastUse(answer: unknown): unknown {
  const rows = (answer as { data: Array<Record<string, unknown>> }).data;
  return rows.map(({ lastUsedAt: _ignored, ...rest }) => rest);
}

function auditEntries(answer: unknown): string[] {
  return (answer as { data: unknown[] }).data.map((entry) => JSON.stringify(entry));
}
