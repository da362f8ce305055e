import assert from "node:assert/strict";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import { pino } from "pino";
import { migrate, readMigrations } from "../../src/db/migrator.ts";
import { openDatabase, type Db } from "../../src/db/open.ts";
import { PostgresDatabases } from "../../src/db/postgres-databases.ts";
import { sqliteSql, type SqlDb } from "../../src/db/sql.ts";
import type { AttemptOutcome, NewDelivery } from "../../src/events/delivery.ts";
import { LEASE_MS, Outbox, type OutboxOptions } from "../../src/events/store.ts";
import { sharedPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/server.ts";

function appDb(): Db {
  const db = openDatabase(path.join(tempDir(), "app.db"));
  migrate(db, readMigrations(path.join(import.meta.dirname, "../../src/db/migrations/app")), "app.db");
  return db;
}

/** Counts the statements prepared on `db` from now on (better-sqlite3's own method, wrapped). */
function countPrepares(db: Db): () => number {
  let n = 0;
  const original = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    n++;
    return original(sql);
  }) as Db["prepare"];
  return () => n;
}

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const delivery = (n: number, event = "room_started", room = "r"): NewDelivery => ({ id: idOf(n), event, room, body: "{}", emittedAt: new Date().toISOString() });
const delivered = (n: number, now: number) => ({ id: idOf(n), outcome: { status: "delivered" as const, nextAttemptAt: now, url: "http://x", httpStatus: 200, error: null } });
const pendingSeqs = async (outbox: Outbox) => (await outbox.list({ limit: 1000, offset: 0, status: "pending" })).rows.map((d) => d.seq).reverse();
const sqliteOutbox = (db: Db, node = "a") => new Outbox(sqliteSql(db), { dialect: "sqlite", node, app: "demo" });

/** A turn of one node that writes `added` and `outcomes` and claims what it wrote, as a lone node's turns do. */
async function commit(outbox: Outbox, added: readonly NewDelivery[], outcomes: readonly { id: string; outcome: AttemptOutcome }[], now: number): Promise<number[]> {
  return (await outbox.turn({ now, added, outcomes, renew: false, claim: added.length > 0 ? 1000 : 0 })).seqs;
}

describe("the webhook outbox store", () => {
  it("keeps one row of a delivery written twice (its cause handled again): the second write adds nothing", async () => {
    const outbox = sqliteOutbox(appDb());
    const now = Date.now();
    assert.deepEqual(await commit(outbox, [delivery(1), delivery(2)], [], now), [1, 2]);
    assert.equal((await commit(outbox, [delivery(2), delivery(3)], [], now)).length, 1, "only the new one has a sequence number");
    const rows = (await outbox.list({ limit: 10, offset: 0 })).rows;
    assert.deepEqual(rows.map((d) => d.id).sort(), [idOf(1), idOf(2), idOf(3)], "one row per delivery");
  });

  it("filters the delivery log by status and event, preparing each statement once", async () => {
    const db = appDb();
    const outbox = sqliteOutbox(db);
    const now = Date.now();
    const seqs = await commit(outbox, [delivery(1), delivery(2, "room_finished"), delivery(3)], [], now);
    assert.deepEqual(seqs, [1, 2, 3], "the new rows' sequence numbers, in the order given");
    await commit(outbox, [], [delivered(3, now)], now);
    const prepared = countPrepares(db);

    const lists = async () => {
      const all = await outbox.list({ limit: 2, offset: 0 });
      assert.equal(all.total, 3);
      assert.deepEqual(all.rows.map((d) => d.id.slice(-1)), ["3", "2"], "newest first, one page");
      assert.deepEqual((await outbox.list({ limit: 10, offset: 2 })).rows.map((d) => d.id.slice(-1)), ["1"]);
      const pending = await outbox.list({ limit: 10, offset: 0, status: "pending" });
      assert.deepEqual([pending.total, pending.rows.map((d) => d.id.slice(-1))], [2, ["2", "1"]]);
      const started = await outbox.list({ limit: 10, offset: 0, event: "room_started" });
      assert.deepEqual([started.total, started.rows.map((d) => d.id.slice(-1))], [2, ["3", "1"]]);
      const both = await outbox.list({ limit: 10, offset: 0, status: "pending", event: "room_started" });
      assert.deepEqual([both.total, both.rows.map((d) => d.id.slice(-1))], [1, ["1"]]);
      assert.equal((await outbox.list({ limit: 10, offset: 0, status: "failed", event: "room_started" })).total, 0);
    };
    await lists();
    const first = prepared();
    await lists();
    assert.equal(prepared(), first, "a second round of the same calls prepares nothing");
    db.close();
  });

  it("records outcomes, redelivers a finished row once, and resumes pending rows in order", async () => {
    const db = appDb();
    const outbox = sqliteOutbox(db);
    const now = Date.now();
    await commit(outbox, [delivery(1), delivery(2), delivery(3)], [], now);
    await commit(outbox, [], [delivered(2, now)], now);
    const done = await outbox.get(idOf(2));
    assert.deepEqual([done?.status, done?.attempts, done?.lastStatus, done?.finishedAt], ["delivered", 1, 200, new Date(now).toISOString()]);
    assert.deepEqual(await pendingSeqs(outbox), [1, 3]);

    assert.equal(await outbox.redeliver(idOf(1), now), undefined, "a pending row is not put back");
    const [again, twice] = await Promise.all([outbox.redeliver(idOf(2), now + 1), outbox.redeliver(idOf(2), now + 2)]);
    assert.deepEqual([again?.status, again?.finishedAt, again?.nextAttemptAt, twice], ["pending", null, now + 1, undefined], "of two redeliveries at once, one wins");
    assert.deepEqual(await pendingSeqs(outbox), [1, 2, 3]);
    assert.equal(await outbox.redeliver(idOf(9), now), undefined, "an unknown id");
    db.close();
  });

  it("writes a turn of any size in slices, answering each row's sequence number and grouping alike outcomes", async () => {
    const db = appDb();
    const outbox = sqliteOutbox(db);
    const now = Date.now();
    assert.deepEqual(await commit(outbox, Array.from({ length: 100 }, (_, i) => delivery(i + 1)), [], now), Array.from({ length: 100 }, (_, i) => i + 1));
    const retry = (n: number) => ({ id: idOf(n), outcome: { status: "pending" as const, nextAttemptAt: now + 500, url: "http://x", httpStatus: 503, error: "HTTP 503" } });
    await commit(outbox, [], Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? retry(i + 1) : delivered(i + 1, now))), now);
    const pending = (await outbox.list({ limit: 1000, offset: 0, status: "pending" })).rows.reverse();
    assert.deepEqual(pending.map((d) => d.seq), Array.from({ length: 34 }, (_, i) => 3 * i + 1));
    assert.ok(pending.every((d) => d.attempts === 1 && d.lastStatus === 503 && d.nextAttemptAt === now + 500 && d.finishedAt === null));
    assert.equal((await outbox.list({ limit: 1, offset: 0, status: "delivered" })).total, 66);
    // Row 1's second try succeeds in the same turn as row 2's, whose outcome comes first.
    await commit(outbox, [], [delivered(2, now), retry(1), delivered(1, now)], now);
    const one = await outbox.get(idOf(1));
    assert.deepEqual([one?.status, one?.attempts, one?.lastStatus], ["delivered", 3, 200], "a row's outcomes land in the order they happened");
    db.close();
  });

  it("prunes the oldest finished rows past the log size, a slice at a time, never a pending one", async () => {
    const db = appDb();
    const outbox = sqliteOutbox(db);
    const now = Date.now();
    await commit(outbox, Array.from({ length: 10 }, (_, i) => delivery(i + 1)), [], now);
    // 1, 2, 4, 5, 7, 8, 10 finished; 3, 6, 9 pending.
    await commit(outbox, [], [1, 2, 4, 5, 7, 8, 10].map((n) => delivered(n, now)), now);

    assert.equal(await outbox.pruneFinished(3, 2), 2, "one slice");
    assert.equal(await outbox.pruneFinished(3, 2), 2, "the next");
    assert.equal(await outbox.pruneFinished(3, 2), 0, "three finished rows are left");
    const left = await outbox.list({ limit: 20, offset: 0 });
    assert.deepEqual(left.rows.map((d) => d.seq), [10, 9, 8, 7, 6, 3], "the newest finished rows and every pending one");
    db.close();
  });

  it("compiles its queries for PostgreSQL, the app's schema on every table the prune's subqueries read", async () => {
    const sql: string[] = [];
    const pg = new Kysely<object>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      log: (e) => {
        sql.push(e.query.sql);
      },
    });
    const outbox = new Outbox(pg.withSchema("app_demo"), { dialect: "postgres", node: "a", app: "demo" });
    await outbox.pruneFinished(5, 7);
    // The driver answers no rows: what must read one back fails after it was compiled and logged.
    await assert.rejects(outbox.list({ limit: 10, offset: 0, status: "failed", event: "room_started" }));
    await outbox.redeliver(idOf(1), 0);
    await commit(outbox, [], [delivered(2, 0)], 0);
    // No row read back: as a delivery already in the outbox, made again (it adds nothing).
    assert.deepEqual(await commit(outbox, [delivery(1)], [], 0), []);
    await outbox.turn({ now: 0, added: [], outcomes: [], renew: true, claim: 10 });
    await outbox.release();
    await outbox.get(idOf(1));
    const prune = sql[0] ?? "";
    assert.equal(prune.match(/"app_demo"\."callback_deliveries"/g)?.length, 3, prune);
    assert.match(prune, /limit \$\d+ offset \$\d+/);
    assert.equal(sql.length, 13, sql.join("\n"));
    const claim = sql.find((q) => q.includes("for update skip locked")) ?? "";
    assert.match(claim, /^update "app_demo"\."callback_deliveries" set "leased_by" = \$1, "lease_until" = \$2 where "seq" in \(select/, claim);
    assert.ok(sql.some((q) => q.includes("pg_advisory_xact_lock")), "claims of one app run one at a time");
    assert.ok(sql.every((q) => !/"callback_deliveries"/.test(q.replaceAll('"app_demo"."callback_deliveries"', ""))), "no table without its schema");
  });
});

/** Two nodes' outboxes over one app's tables, on one backend. */
interface Backend {
  readonly name: string;
  outboxes(nodes: readonly string[]): Promise<Outbox[]>;
}

describe("outbox leases", () => {
  let cluster: TestPostgres | undefined;
  const opened: PostgresDatabases[] = [];
  let apps = 0;
  before(async () => {
    cluster = await sharedPostgres();
  });
  after(async () => {
    for (const dbs of opened) await dbs.close();
    await cluster?.stop();
  });
  const options = (dialect: OutboxOptions["dialect"], node: string, app: string): OutboxOptions => ({ dialect, node, app });
  const backends: Backend[] = [
    {
      name: "SQLite",
      async outboxes(nodes) {
        const db = sqliteSql(appDb());
        return nodes.map((node) => new Outbox(db, options("sqlite", node, "demo")));
      },
    },
    {
      name: "PostgreSQL",
      async outboxes(nodes) {
        if (!cluster) throw new Error("no cluster");
        const url = await cluster.database();
        const app = `leases-${++apps}`;
        // One Databases per node, as two nodes have: their claims race on separate connections.
        const all = await Promise.all(nodes.map(() => PostgresDatabases.open({ url, logger: pino({ level: "silent" }) })));
        opened.push(...all);
        await all[0]?.sql.transaction().execute((trx) => all[0]?.createApp(app, { trx }) ?? Promise.resolve());
        return nodes.map((node, i) => new Outbox((all[i] as PostgresDatabases).appSql(app) as SqlDb, options("postgres", node, app)));
      },
    },
  ];
  const turn = (o: Outbox, now: number, t: { added?: NewDelivery[]; outcomes?: { id: string; outcome: AttemptOutcome }[]; renew?: boolean; claim?: number } = {}) =>
    o.turn({ now, added: t.added ?? [], outcomes: t.outcomes ?? [], renew: t.renew ?? false, claim: t.claim ?? 100 });
  const ids = (ds: readonly { id: string }[]) => ds.map((d) => Number(d.id.slice(-4)));

  for (const backend of backends) {
    it(`${backend.name}: a node claims its new rows room by room; another node claims none of a room held`, async () => {
      const [a, b] = (await backend.outboxes(["node-a", "node-b"])) as [Outbox, Outbox];
      const now = Date.now();
      const first = await turn(a, now, { added: [delivery(1, "e", "r1"), delivery(2, "e", "r2"), delivery(3, "e", "r1")] });
      assert.deepEqual(ids(first.claimed), [1, 2, 3], "the writer claims what it wrote, oldest first");
      const other = await turn(b, now, { added: [delivery(4, "e", "r1"), delivery(5, "e", "r3")] });
      assert.deepEqual(ids(other.claimed), [5], "a room another node holds is left to it, even the rows this node wrote");
      assert.deepEqual(ids((await turn(a, now + 1)).claimed), [4], "the holder of the room claims the row another node wrote");
      assert.deepEqual(ids((await turn(b, now + 2)).claimed), [], "nothing is claimed twice");
      // Outcomes land only on rows their node holds.
      await turn(b, now + 3, { outcomes: [delivered(1, now), delivered(5, now)], claim: 0 });
      assert.deepEqual([(await a.get(idOf(1)))?.status, (await a.get(idOf(5)))?.status], ["pending", "delivered"]);
      // Once a room has nothing pending, either node may take it.
      await turn(a, now + 4, { outcomes: [1, 2, 3, 4].map((n) => delivered(n, now)), claim: 0 });
      assert.deepEqual(ids((await turn(b, now + 5, { added: [delivery(6, "e", "r1")] })).claimed), [6]);
    });

    it(`${backend.name}: renewal keeps a lease; one that ran out is taken over, and the old holder's outcome is dropped`, async () => {
      const [a, b] = (await backend.outboxes(["node-a", "node-b"])) as [Outbox, Outbox];
      const now = Date.now();
      await turn(a, now, { added: [delivery(1, "e", "r1"), delivery(2, "e", "r2")] });
      const renewed = await turn(a, now + LEASE_MS - 1, { renew: true, claim: 0 });
      assert.deepEqual([...(renewed.held ?? [])].map((id) => Number(id.slice(-4))).sort(), [1, 2], "renewal answers what the node holds");
      assert.deepEqual(ids((await turn(b, now + LEASE_MS + 1)).claimed), [], "a renewed lease is not claimable");
      // Node a stops renewing (it died, or lost its database): past its lease, b takes over.
      const later = now + 2 * LEASE_MS;
      assert.deepEqual(ids((await turn(b, later)).claimed), [1, 2], "rows whose lease ran out are claimed, their room with them");
      await turn(a, later + 1, { outcomes: [delivered(1, later)], claim: 0 });
      assert.equal((await a.get(idOf(1)))?.status, "pending", "an outcome of a lease taken over is not written");
      const back = await turn(a, later + 2, { renew: true, claim: 0 });
      assert.equal(back.held?.size, 0, "the old holder's renewal tells it that it holds nothing");
      await turn(b, later + 3, { outcomes: [delivered(1, later)], claim: 0 });
      const row = await b.get(idOf(1));
      assert.deepEqual([row?.status, row?.attempts], ["delivered", 1], "the new holder's outcome is");
    });

    it(`${backend.name}: a node lets go of its rows at stop, and another claims them at once`, async () => {
      const [a, b] = (await backend.outboxes(["node-a", "node-b"])) as [Outbox, Outbox];
      const now = Date.now();
      await turn(a, now, { added: [delivery(1, "e", "r1"), delivery(2, "e", "r1")] });
      await turn(a, now, { outcomes: [delivered(1, now)], claim: 0 });
      await a.release();
      assert.deepEqual(ids((await turn(b, now + 1)).claimed), [2], "only the pending row");
      assert.equal((await a.get(idOf(1)))?.status, "delivered", "a finished row stays as it was");
    });
  }

  it("PostgreSQL: nodes claiming at once split the rows, never a room, and claim each row once", async () => {
    const nodes = ["n1", "n2", "n3", "n4"];
    const outboxes = await backends[1]?.outboxes(nodes);
    assert.ok(outboxes);
    const now = Date.now();
    // 200 rows in 20 rooms, written unleased, then claimed by four nodes at once. The window in
    // which two claims without the per-app lock would split a room is narrow: this run passes
    // without the lock too, so it guards "each row once" more than "never a room split".
    const added = Array.from({ length: 200 }, (_, i) => delivery(i + 1, "e", `room-${i % 20}`));
    await turn(outboxes[0] as Outbox, now, { added, claim: 0 });
    const claims = await Promise.all(outboxes.map((o) => turn(o, now, { claim: 1000 })));
    const all = claims.flatMap((c) => ids(c.claimed)).sort((x, y) => x - y);
    assert.deepEqual(all, Array.from({ length: 200 }, (_, i) => i + 1), "every row once");
    const holder = new Map<string, number>();
    claims.forEach((c, node) =>
      c.claimed.forEach((d) => {
        assert.equal(holder.get(d.room) ?? node, node, `room ${d.room} is held by one node`);
        holder.set(d.room, node);
      }),
    );
  });
});
