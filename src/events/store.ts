import type { Statement } from "better-sqlite3";
import type { Db } from "../db/open.ts";
import type { AttemptOutcome, Delivery, DeliveryStatus, NewDelivery } from "./delivery.ts";

interface Row {
  seq: number;
  id: string;
  event: string;
  room: string;
  body: string;
  emitted_at: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: number;
  last_url: string | null;
  last_status: number | null;
  last_error: string | null;
  finished_at: string | null;
}

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

type FilterKey = "all" | "status" | "event" | "both";

function filterKey(status: boolean, event: boolean): FilterKey {
  return status ? (event ? "both" : "status") : event ? "event" : "all";
}

/** Finished deliveries kept per app as the delivery log. */
export const DELIVERY_LOG_SIZE = 1000;

/** One app's webhook outbox and delivery log, in its own database; statements prepared once. */
export class Outbox {
  private readonly insert;
  private readonly record;
  private readonly requeue;
  private readonly pendingRows;
  private readonly byId;
  private readonly prune;
  private readonly filtered: Record<FilterKey, { count: Statement<string[], number>; page: Statement<(string | number)[], Row> }>;

  constructor(private readonly db: Db) {
    this.insert = db.prepare<[string, string, string, string, string, number]>(
      "INSERT INTO callback_deliveries (id, event, room, body, emitted_at, status, next_attempt_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)",
    );
    this.record = db.prepare<[DeliveryStatus, number, string, number | null, string | null, string | null, string]>(
      "UPDATE callback_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?, last_url = ?, last_status = ?, last_error = ?, finished_at = ? WHERE id = ?",
    );
    this.requeue = db.prepare<[number, string]>(
      "UPDATE callback_deliveries SET status = 'pending', next_attempt_at = ?, finished_at = NULL WHERE id = ? AND status != 'pending'",
    );
    this.pendingRows = db.prepare<[], Row>("SELECT * FROM callback_deliveries WHERE status = 'pending' ORDER BY seq");
    this.byId = db.prepare<[string], Row>("SELECT * FROM callback_deliveries WHERE id = ?");
    this.prune = db.prepare<[number, number]>(
      `DELETE FROM callback_deliveries WHERE seq IN (
         SELECT seq FROM callback_deliveries WHERE status != 'pending' AND seq <= (
           SELECT seq FROM callback_deliveries WHERE status != 'pending' ORDER BY seq DESC LIMIT 1 OFFSET ?)
         ORDER BY seq LIMIT ?)`,
    );
    // One pair per combination of filters, so no list call prepares anything.
    const pair = (where: string) => ({
      count: db.prepare<string[], number>(`SELECT count(*) FROM callback_deliveries ${where}`).pluck(),
      page: db.prepare<(string | number)[], Row>(`SELECT * FROM callback_deliveries ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`),
    });
    this.filtered = {
      all: pair(""),
      status: pair("WHERE status = ?"),
      event: pair("WHERE event = ?"),
      both: pair("WHERE status = ? AND event = ?"),
    };
  }

  /**
   * Writes a loop turn's new deliveries and attempt outcomes in one transaction (a commit per
   * delivery was most of the cost of the outbox); answers the new deliveries' sequence numbers.
   */
  commit(added: readonly NewDelivery[], outcomes: readonly { id: string; outcome: AttemptOutcome }[], now: number): number[] {
    return this.db.transaction(() => {
      const seqs = added.map((d) => Number(this.insert.run(d.id, d.event, d.room, d.body, d.emittedAt, now).lastInsertRowid));
      const finishedAt = new Date(now).toISOString();
      for (const { id, outcome: o } of outcomes) {
        this.record.run(o.status, o.nextAttemptAt, o.url, o.httpStatus, o.error, o.status === "pending" ? null : finishedAt, id);
      }
      return seqs;
    })();
  }

  /** Puts a finished delivery back in line (manual redelivery); answers it, or undefined if it is unknown or still pending. */
  redeliver(id: string, now: number): Delivery | undefined {
    if (this.requeue.run(now, id).changes === 0) return undefined;
    return this.get(id);
  }

  pending(): Delivery[] {
    return this.pendingRows.all().map(view);
  }

  get(id: string): Delivery | undefined {
    const row = this.byId.get(id);
    return row && view(row);
  }

  /** Newest first, filtered by status and event when given. */
  list(q: { limit: number; offset: number; status?: DeliveryStatus; event?: string }): { rows: Delivery[]; total: number } {
    const filter = this.filtered[filterKey(q.status !== undefined, q.event !== undefined)];
    const args = [q.status, q.event].filter((v) => v !== undefined);
    const total = filter.count.get(...args) ?? 0;
    return { rows: filter.page.all(...args, q.limit, q.offset).map(view), total };
  }

  /**
   * Keeps the newest `keep` finished deliveries (pending ones are never pruned), deleting at most
   * `slice` rows per call so no single DELETE holds the event loop.
   */
  pruneFinished(keep = DELIVERY_LOG_SIZE, slice = 1000): number {
    return this.prune.run(keep, slice).changes;
  }
}
