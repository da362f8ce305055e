import { sql, type Generated, type Selectable } from "kysely";
import type { SqlDb } from "../db/sql.ts";
import type { AttemptOutcome, Delivery, DeliveryStatus, NewDelivery } from "./delivery.ts";

/** `callback_deliveries` (app migration 0006). */
interface CallbackDeliveriesTable {
  seq: Generated<number>;
  id: string;
  event: string;
  room: string;
  body: string;
  emitted_at: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_url: string | null;
  last_status: number | null;
  last_error: string | null;
  finished_at: string | null;
  /** The node holding the row's lease (app migration 0012); a finished row keeps the node that finished it. */
  leased_by: string | null;
  /** Milliseconds since the epoch; the lease is free once it is past. */
  lease_until: Generated<number>;
}

// A type literal, not an interface: withTables wants a type with an implicit index signature.
type OutboxTables = { callback_deliveries: CallbackDeliveriesTable };

type Row = Selectable<CallbackDeliveriesTable>;

const view = (r: Row): Delivery => ({
  seq: r.seq,
  id: r.id,
  event: r.event,
  room: r.room,
  body: r.body,
  emittedAt: r.emitted_at,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastUrl: r.last_url,
  lastStatus: r.last_status,
  lastError: r.last_error,
  finishedAt: r.finished_at,
});

/**
 * `items` in slices of 64, 32, ... 1 rows: a statement's text changes with its row count, and each
 * text is a statement prepared and kept for the connection, so a turn of any size runs a handful
 * of the same seven texts rather than one new text per batch size (or one statement per row).
 */
function* slices<T>(items: readonly T[]): Generator<readonly T[]> {
  let at = 0;
  for (let size = 64; size >= 1; size /= 2) {
    while (items.length - at >= size) {
      yield items.slice(at, at + size);
      at += size;
    }
  }
}

/**
 * A turn's outcomes grouped by what they write, so alike ones (delivered, 200, the same URL and
 * schedule: most of them) are one UPDATE. A delivery with several outcomes in one turn (its
 * writes were held up) has them in successive rounds, so they land in the order they happened.
 */
function alike(outcomes: readonly { id: string; outcome: AttemptOutcome }[]): { outcome: AttemptOutcome; ids: string[] }[] {
  const seen = new Map<string, number>();
  const rounds: Map<string, { outcome: AttemptOutcome; ids: string[] }>[] = [];
  for (const { id, outcome } of outcomes) {
    const round = seen.get(id) ?? 0;
    seen.set(id, round + 1);
    const kinds = (rounds[round] ??= new Map());
    const key = JSON.stringify(outcome);
    const kind = kinds.get(key) ?? { outcome, ids: [] };
    kind.ids.push(id);
    kinds.set(key, kind);
  }
  return rounds.flatMap((kinds) => [...kinds.values()]);
}

/** Finished deliveries kept per app as the delivery log. */
export const DELIVERY_LOG_SIZE = 1000;

/**
 * How long a claimed or renewed lease lasts. A node renews its leases every few seconds and
 * starts an attempt only with a whole attempt's time left on them, so a live node never loses a
 * row mid-attempt; a node that dies has its rows taken over at most this long after its last
 * renewal (plus the claiming node's next sweep).
 */
export const LEASE_MS = 20_000;

/** A loop turn, written in one transaction (a commit per delivery was most of the cost of the outbox). */
export interface Turn {
  readonly now: number;
  /** New deliveries, written unleased: the turn's claim takes them when their room is free. */
  readonly added: readonly NewDelivery[];
  /** Attempt outcomes, written only to rows this node still holds. */
  readonly outcomes: readonly { id: string; outcome: AttemptOutcome }[];
  /** Extends every lease this node holds; answers which rows it still holds. */
  readonly renew: boolean;
  /** Claims at most this many due rows (none when 0). */
  readonly claim: number;
}

export interface TurnResult {
  /** The new rows' sequence numbers, in the order of `added` (a delivery already in the outbox, made again, has none). */
  readonly seqs: number[];
  /** The ids of the pending rows this node holds, when the turn renewed. */
  readonly held: ReadonlySet<string> | undefined;
  /** The rows this turn claimed, oldest first. */
  readonly claimed: Delivery[];
}

export interface OutboxOptions {
  readonly dialect: "sqlite" | "postgres";
  /** The node that holds the leases this outbox claims (`SERVICE_NODE_ID`). */
  readonly node: string;
  /** The app whose outbox it is: PostgreSQL's claims take a lock named after it. */
  readonly app: string;
}

/** Namespaces the outbox's advisory locks (its second half is a hash of the app's name). */
const CLAIM_LOCK = 3201;

/**
 * One app's webhook outbox and delivery log, in its own database, shared by every node on it.
 * A node delivers only the pending rows it holds a lease on: it claims them, renews them while it
 * delivers, and writes an attempt's outcome only to a row it still holds, so an outcome of a lease
 * taken over is dropped and the new holder delivers. Rows are claimed by room: a node claims no
 * row of a room another node holds a live lease in, so one node delivers a room at a time, in order.
 */
export class Outbox {
  private readonly db;

  constructor(
    db: SqlDb,
    private readonly o: OutboxOptions,
  ) {
    this.db = db.withTables<OutboxTables>();
  }

  /**
   * Writes a turn's new deliveries and outcomes, then renews and claims as asked, in one
   * transaction.
   */
  async turn(t: Turn): Promise<TurnResult> {
    const { now, added, outcomes } = t;
    const { node } = this.o;
    const finishedAt = new Date(now).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const seqOf = new Map<string, number>();
      for (const rows of slices(added)) {
        const written = await trx
          .insertInto("callback_deliveries")
          .values(rows.map((d) => ({ id: d.id, event: d.event, room: d.room, body: d.body, emitted_at: d.emittedAt, status: "pending" as const, next_attempt_at: now })))
          // The same event made again (its cause handled again on another node) is the row already there.
          .onConflict((oc) => oc.column("id").doNothing())
          .returning(["id", "seq"])
          .execute();
        // RETURNING's row order is not promised (SQLite says so): match by id.
        for (const w of written) seqOf.set(w.id, Number(w.seq));
      }
      for (const { outcome: o, ids } of alike(outcomes)) {
        for (const some of slices(ids)) {
          await trx
            .updateTable("callback_deliveries")
            .set((eb) => ({
              status: o.status,
              attempts: eb("attempts", "+", 1),
              next_attempt_at: o.nextAttemptAt,
              last_url: o.url,
              last_status: o.httpStatus,
              last_error: o.error,
              finished_at: o.status === "pending" ? null : finishedAt,
            }))
            .where("id", "in", some)
            .where("status", "=", "pending")
            .where("leased_by", "=", node)
            .execute();
        }
      }
      const seqs = added.flatMap((d) => seqOf.get(d.id) ?? []);
      let held: Set<string> | undefined;
      if (t.renew) {
        const renewed = await trx
          .updateTable("callback_deliveries")
          .set({ lease_until: now + LEASE_MS })
          .where("leased_by", "=", node)
          .where("status", "=", "pending")
          .returning("id")
          .execute();
        held = new Set(renewed.map((r) => r.id));
      }
      const claimed = t.claim > 0 ? await this.claim(trx, now, t.claim) : [];
      return { seqs, held, claimed };
    });
  }

  /**
   * Takes up to `limit` pending rows, oldest first, that nobody holds (or whose lease ran out),
   * of rooms no other node holds a live lease in. On PostgreSQL the claims of one app run one at a
   * time (a lock for the transaction, named after the app): two nodes claiming at once could
   * otherwise each take part of the same free room. The rows themselves are taken `FOR UPDATE
   * SKIP LOCKED`, so a claim passes over a row whose outcome another node is writing now instead
   * of waiting for it; SQLite's one connection makes the conditional UPDATE enough there.
   */
  private async claim(trx: typeof this.db, now: number, limit: number): Promise<Delivery[]> {
    const { node, dialect, app } = this.o;
    if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${CLAIM_LOCK}, hashtext(${app}))`.execute(trx);
    let free = trx
      .selectFrom("callback_deliveries")
      .select("seq")
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("leased_by", "is", null), eb("lease_until", "<", now)]))
      .where("room", "not in", (eb) =>
        eb
          .selectFrom("callback_deliveries as held")
          .select("held.room")
          .where("held.status", "=", "pending")
          .where("held.leased_by", "!=", node)
          .where("held.lease_until", ">=", now),
      )
      .orderBy("seq")
      .limit(limit);
    if (dialect === "postgres") free = free.forUpdate().skipLocked();
    const rows = await trx
      .updateTable("callback_deliveries")
      .set({ leased_by: node, lease_until: now + LEASE_MS })
      .where("seq", "in", free)
      .returningAll()
      .execute();
    return rows.map(view).sort((a, b) => a.seq - b.seq);
  }

  /**
   * Lets go of every pending row this node holds, so other nodes claim them at once: on stop, and
   * on start (what an earlier run of this node held is not in memory any more).
   */
  async release(): Promise<void> {
    await this.db
      .updateTable("callback_deliveries")
      .set({ leased_by: null, lease_until: 0 })
      .where("leased_by", "=", this.o.node)
      .where("status", "=", "pending")
      .execute();
  }

  /**
   * Puts a finished delivery back in line (manual redelivery), unleased, in one conditional
   * statement, so two redeliveries of the same row cannot both win; answers it, or undefined if it
   * is unknown or already pending.
   */
  async redeliver(id: string, now: number): Promise<Delivery | undefined> {
    const row = await this.db
      .updateTable("callback_deliveries")
      .set({ status: "pending", next_attempt_at: now, finished_at: null, leased_by: null, lease_until: 0 })
      .where("id", "=", id)
      .where("status", "!=", "pending")
      .returningAll()
      .executeTakeFirst();
    return row && view(row);
  }

  async get(id: string): Promise<Delivery | undefined> {
    const row = await this.db.selectFrom("callback_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
    return row && view(row);
  }

  /** Newest first, filtered by status and event when given. */
  async list(q: { limit: number; offset: number; status?: DeliveryStatus; event?: string }): Promise<{ rows: Delivery[]; total: number }> {
    let filtered = this.db.selectFrom("callback_deliveries");
    if (q.status !== undefined) filtered = filtered.where("status", "=", q.status);
    if (q.event !== undefined) filtered = filtered.where("event", "=", q.event);
    const [counted, rows] = await Promise.all([
      filtered.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
      filtered.selectAll().orderBy("seq", "desc").limit(q.limit).offset(q.offset).execute(),
    ]);
    return { rows: rows.map(view), total: Number(counted.total) };
  }

  /**
   * Keeps the newest `keep` finished deliveries (pending ones are never pruned), deleting at most
   * `slice` rows per call so no single DELETE holds the database long.
   */
  async pruneFinished(keep = DELIVERY_LOG_SIZE, slice = 1000): Promise<number> {
    const finished = () => this.db.selectFrom("callback_deliveries").select("seq").where("status", "!=", "pending");
    const result = await this.db
      .deleteFrom("callback_deliveries")
      .where("seq", "in", () =>
        finished()
          // The newest row past the `keep` newest: it and every finished row before it may go.
          .where("seq", "<=", () => finished().orderBy("seq", "desc").limit(1).offset(keep))
          .orderBy("seq")
          .limit(slice),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
