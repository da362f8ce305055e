import { sql, type Generated, type Kysely, type Selectable } from "kysely";
import { perDatabase } from "../db/per-database.ts";
import type { SqlDb } from "../db/sql.ts";
import { announceWrite, watchWrites, type WriteWatch } from "../db/writes.ts";
import { PULLED_PREFIX, type StreamType, type StreamView } from "./view.ts";

export type { StreamType, StreamView } from "./view.ts";

/** `streams` (app migration 0003). */
interface StreamsTable {
  id: Generated<number>;
  stream_id: string;
  type: StreamType;
  room: string;
  participant: string | null;
  status: "active" | "ended";
  started_at: string;
  ended_at: string | null;
  last_event_at: number;
  last_stats_json: Generated<string>;
  /** The node that recorded the start (app migration 0014); null on rows from before it. */
  node: string | null;
}

type Tables = { streams: StreamsTable };
type Q = Kysely<Tables>;
type Row = Selectable<StreamsTable>;

const view = (r: Row): StreamView => ({
  id: r.id,
  streamId: r.stream_id,
  type: r.type,
  room: r.room,
  participant: r.participant,
  status: r.status,
  startedAt: r.started_at,
  lastStatsJson: r.last_stats_json,
});

type StartEvent = { streamId: string; type: StreamType; room: string; participant: string | null; at: number; stats: Record<string, unknown>; node?: string };
type EndEvent = { streamId: string; type: StreamType; room: string; participant: string | null; at: number };
type Latest = StreamView & { lastEventAt: number };

/**
 * One app's streams (in its own database); use `streamStore(db)`, one per handle. The active rows
 * are kept in memory (every publisher token's quota check reads every app of its tenant): dropped
 * on every write here and whenever another process has written.
 */
export class StreamStore {
  private readonly db: Q;
  private readonly external: WriteWatch;
  private live: Promise<readonly StreamView[]> | undefined;

  constructor(private readonly handle: SqlDb) {
    this.db = handle.withTables<Tables>();
    this.external = watchWrites(handle);
  }

  /** The active rows, oldest first; from memory unless a write made them stale. */
  active(): Promise<readonly StreamView[]> {
    if (this.external.happened() || !this.live) {
      const loading = this.db.selectFrom("streams").selectAll().where("status", "=", "active").orderBy("id").execute().then((rows) => rows.map(view));
      // A failed load is not remembered (its caller sees the failure); a write that lands while
      // this loads drops it again (`written`), so a list older than the write is not kept.
      loading.catch(() => {
        if (this.live === loading) this.live = undefined;
      });
      this.live = loading;
    }
    return this.live;
  }

  /** The node that started row `id`, when it says. */
  async nodeOf(id: number): Promise<string | undefined> {
    const row = await this.db.selectFrom("streams").select("node").where("id", "=", id).executeTakeFirst();
    return row?.node ?? undefined;
  }

  /** The node a live camera of the room is connected to (its calls are served there), if any. */
  async cameraNode(room: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("streams")
      .select("node")
      .where("room", "=", room)
      .where("status", "=", "active")
      // A camera room's stream (isCameraStream): a WebSocket camera's, or a pulled camera's.
      .where((eb) => eb.or([eb("type", "=", "ws-mjpeg"), eb(eb.fn<string>("substr", ["stream_id", eb.lit(1), eb.lit(PULLED_PREFIX.length)]), "=", PULLED_PREFIX)]))
      .orderBy("id", "desc")
      .executeTakeFirst();
    return row?.node ?? undefined;
  }

  async activeInRoom(room: string): Promise<StreamView[]> {
    const rows = await this.db.selectFrom("streams").selectAll().where("status", "=", "active").where("room", "=", room).orderBy("id").execute();
    return rows.map(view);
  }

  /** The latest row for a stream id (active or the memory of its end). */
  latest(streamId: string, on: Q = this.db): Promise<Latest | undefined> {
    return on
      .selectFrom("streams")
      .selectAll()
      .where("stream_id", "=", streamId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst()
      .then((row) => row && { ...view(row), lastEventAt: row.last_event_at });
  }

  /** SPEC 4.13's `{id}`: the row id, or the stream id (its latest row). */
  find(id: string): Promise<StreamView | undefined> {
    return /^\d+$/.test(id) ? this.byId(Number(id)) : this.latest(id);
  }

  async byId(id: number): Promise<StreamView | undefined> {
    const row = await this.db.selectFrom("streams").selectAll().where("id", "=", id).executeTakeFirst();
    return row && view(row);
  }

  /**
   * Marks the stream active as of `at` (media-server seconds) unless a newer event already
   * decided its state. Answers true when it became active by this call. The latest row is read
   * and written in one transaction; two that race past the read (PostgreSQL's pool, two nodes)
   * meet at the unique index on active rows, and the second answers false.
   */
  start(s: StartEvent): Promise<boolean> {
    return this.written(
      this.db.transaction().execute(async (trx) => {
        const latest = await this.latest(s.streamId, trx);
        if (latest && latest.lastEventAt > s.at) return false;
        if (latest?.status === "active") {
          await this.touch(trx, latest.id, s.at);
          return false;
        }
        const inserted = await trx
          .insertInto("streams")
          .values({
            stream_id: s.streamId,
            type: s.type,
            room: s.room,
            participant: s.participant,
            status: "active",
            started_at: new Date(s.at * 1000).toISOString(),
            last_event_at: s.at,
            last_stats_json: JSON.stringify(s.stats),
            node: s.node ?? null,
          })
          // A literal, not a parameter: SQLite matches the target to the partial index by its text.
          .onConflict((oc) => oc.column("stream_id").where("status", "=", sql.lit("active")).doNothing())
          .executeTakeFirst();
        return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
      }),
    );
  }

  /**
   * Marks the stream ended as of `at`. When it is not known as active, an ended row is kept so a
   * start that arrives late (older) cannot revive it. Answers true when an active stream ended.
   * One transaction, as `start`.
   */
  end(s: EndEvent): Promise<boolean> {
    return this.written(
      this.db.transaction().execute(async (trx) => {
        const latest = await this.latest(s.streamId, trx);
        if (latest && latest.lastEventAt > s.at) return false;
        const now = new Date().toISOString();
        if (latest?.status === "active") {
          // Conditional, so of two ends racing past the read (PostgreSQL's pool) only one ends it.
          const ended = await trx
            .updateTable("streams")
            .set({ status: "ended", ended_at: now, last_event_at: s.at })
            .where("id", "=", latest.id)
            .where("status", "=", "active")
            .executeTakeFirst();
          return ended.numUpdatedRows > 0n;
        }
        if (latest) {
          await this.touch(trx, latest.id, s.at);
          return false;
        }
        await trx
          .insertInto("streams")
          .values({ stream_id: s.streamId, type: s.type, room: s.room, participant: s.participant, status: "ended", started_at: now, ended_at: now, last_event_at: s.at })
          .execute();
        return false;
      }),
    );
  }

  /** Ends an active row whatever the media server says (stop route, reconciliation). */
  forceEnd(id: number): Promise<boolean> {
    return this.written(
      this.db
        .updateTable("streams")
        .set({ ended_at: new Date().toISOString(), status: "ended" })
        .where("id", "=", id)
        .where("status", "=", "active")
        .executeTakeFirst()
        .then((r) => r.numUpdatedRows > 0n),
    );
  }

  private async touch(on: Q, id: number, at: number): Promise<void> {
    await on.updateTable("streams").set({ last_event_at: at }).where("id", "=", id).execute();
  }

  /**
   * Drops the active rows as the write starts (a read meanwhile queues behind it on SQLite's one
   * connection) and again once it settled, here and (through the write feed) in other processes.
   */
  private async written<T>(write: Promise<T>): Promise<T> {
    this.live = undefined;
    try {
      return await write;
    } finally {
      this.live = undefined;
      announceWrite(this.handle);
    }
  }
}

export const streamStore = perDatabase((db: SqlDb) => new StreamStore(db));
