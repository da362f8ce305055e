import type { Generated, Kysely } from "kysely";
import { perDatabase } from "../db/per-database.ts";
import type { SqlDb } from "../db/sql.ts";
import type { ListVodsQuery, VodStatus } from "./schemas.ts";

/** A VOD row as stored (SPEC 2.7 plus what the lifecycle needs). */
export interface VodRow {
  readonly id: number;
  readonly room: string;
  readonly stream_id: string | null;
  readonly egress_id: string;
  readonly source: "camera" | "egress";
  readonly part: number;
  readonly status: VodStatus;
  readonly local_path: string | null;
  readonly file_key: string | null;
  readonly s3_url: string | null;
  readonly snapshot_key: string | null;
  readonly size_bytes: number | null;
  readonly duration_s: number | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly format: string | null;
  readonly codec: string | null;
  readonly failure_reason: string | null;
  readonly failure_detail: string | null;
  readonly started_at: string;
  readonly ended_at: string | null;
  readonly ready_at: string | null;
  readonly updated_at: string;
  readonly adaptive_status: "pending" | "ready" | "failed" | null;
  readonly adaptive_json: string | null;
  /** The node that wrote its local file (app migration 0015); null on rows from before it. */
  readonly node: string | null;
}

/** What `adaptive_json` holds once a VOD's HLS ladder is in S3. */
export interface AdaptiveLadder {
  readonly masterKey: string;
  readonly variants: ReadonlyArray<{ readonly name: string; readonly height: number; readonly bitrateKbps: number; readonly key: string }>;
}

/** What a VOD holds once it is ready (its metatags, and where the file went). */
export interface ReadyVod {
  readonly file_key: string | null;
  readonly s3_url: string | null;
  readonly snapshot_key: string | null;
  readonly local_path: string | null;
  readonly size_bytes: number;
  readonly duration_s: number;
  readonly width: number;
  readonly height: number;
  readonly format: string;
  readonly codec: string;
}

export type NewVod = Pick<VodRow, "room" | "stream_id" | "egress_id" | "source" | "part" | "local_path"> & { readonly started_at: string; readonly node?: string };

/** The list filters after parsing: instants normalised to the stored form (UTC, ms, `Z`). */
type Filter = Pick<ListVodsQuery, "room" | "status" | "since" | "until" | "order" | "dir" | "all" | "limit" | "offset">;

/** The `vods` table (migrations 0007, 0008); ids come from its autoincrement. */
interface VodsTable extends Omit<VodRow, "id"> {
  readonly id: Generated<number>;
}

type VodTables = {
  vods: VodsTable;
};

/** What the metatags of a ready VOD and a probe's backfill both write. */
type Probed = Pick<ReadyVod, "duration_s" | "width" | "height" | "format" | "codec">;

/** One app's VODs (in its own database); use `vodStore(db)`. */
export class VodStore {
  private readonly db: Kysely<VodTables>;

  constructor(db: SqlDb) {
    this.db = db.withTables<VodTables>();
  }

  /** Inserts a VOD in status `recording`; answers its row. */
  async insert(vod: NewVod): Promise<VodRow> {
    return await this.db
      .insertInto("vods")
      .values({ ...vod, node: vod.node ?? null, status: "recording", updated_at: vod.started_at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async get(id: number): Promise<VodRow | undefined> {
    return await this.db.selectFrom("vods").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** By the id of the recorder writing it (ours, or the media server's egress). */
  async getByEgress(egressId: string): Promise<VodRow | undefined> {
    return await this.db.selectFrom("vods").selectAll().where("egress_id", "=", egressId).executeTakeFirst();
  }

  /** recording -> uploading; the first call sets `ended_at`. Answers whether the row moved (or was there already). */
  async markUploading(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("vods")
      .set((eb) => ({ status: "uploading", ended_at: eb.fn.coalesce("ended_at", eb.val(at)), updated_at: at }))
      .where("id", "=", id)
      .where("status", "in", ["recording", "uploading"])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** uploading -> ready with the metatags; answers false when the row was not uploading. */
  async markReady(id: number, ready: ReadyVod, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("vods")
      .set({ ...ready, status: "ready", failure_reason: null, failure_detail: null, ready_at: at, updated_at: at })
      .where("id", "=", id)
      .where("status", "=", "uploading")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** recording | uploading -> failed; answers false when the row had finished already. */
  async markFailed(id: number, reason: string, detail: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("vods")
      .set({ status: "failed", failure_reason: reason, failure_detail: detail, updated_at: at })
      .where("id", "=", id)
      .where("status", "in", ["recording", "uploading"])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The latest part of a split recording, by the recorder id `start` answered (without `.<part>`). */
  async lastPartOf(egressId: string): Promise<VodRow | undefined> {
    // A prefix compare, not LIKE: recorder ids may contain `_`, which LIKE reads as a wildcard.
    const prefix = `${egressId}.`;
    return await this.db
      .selectFrom("vods")
      .selectAll()
      .where((eb) => eb(eb.fn("substr", ["egress_id", eb.lit(1), eb.val(prefix.length)]), "=", prefix))
      .orderBy("part", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /** The adaptive ladder's state (`pending` to ask for one) and, once ready, what it holds. */
  async setAdaptive(id: number, status: "pending" | "ready" | "failed", json: string | null): Promise<void> {
    await this.db.updateTable("vods").set({ adaptive_status: status, adaptive_json: json, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
  }

  /** Ready VODs whose ladder was asked for and not made yet: what a restart resumes. */
  async pendingAdaptive(): Promise<VodRow[]> {
    return await this.db.selectFrom("vods").selectAll().where("adaptive_status", "=", "pending").where("status", "=", "ready").orderBy("id").execute();
  }

  /** The local file was deleted (it is in S3). */
  async localDeleted(id: number): Promise<void> {
    await this.db.updateTable("vods").set({ local_path: null, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
  }

  /** How many VODs and how many bytes (of those whose size is known). */
  async totals(): Promise<{ count: number; bytes: number }> {
    const row = await this.db
      .selectFrom("vods")
      .select((eb) => [eb.fn.countAll().as("count"), eb.fn.coalesce(eb.fn.sum("size_bytes"), eb.lit(0)).as("bytes")])
      .executeTakeFirst();
    // PostgreSQL answers counts and sums as bigint or numeric, which its driver gives as text.
    return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  /** Every S3 key the app's VODs point at (files and snapshots). */
  async objectKeys(): Promise<string[]> {
    const rows = await this.db.selectFrom("vods").select(["file_key", "snapshot_key"]).orderBy("id").execute();
    return rows.flatMap((r) => [r.file_key, r.snapshot_key].filter((k): k is string => k !== null));
  }

  /** failed -> uploading, for a manual retry; answers false when the row was not failed. */
  async markRetry(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable("vods")
      .set({ status: "uploading", failure_reason: null, failure_detail: null, updated_at: at })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Rows still recording or uploading, oldest first: what a restart resumes. */
  async unfinished(): Promise<VodRow[]> {
    return await this.db.selectFrom("vods").selectAll().where("status", "in", ["recording", "uploading"]).orderBy("id").execute();
  }

  /** The recording in progress in a room, if any. */
  async recordingIn(room: string): Promise<VodRow | undefined> {
    return await this.db.selectFrom("vods").selectAll().where("room", "=", room).where("status", "=", "recording").orderBy("id").limit(1).executeTakeFirst();
  }

  /** Writes what a probe found, whatever the status. */
  async backfill(id: number, info: Probed): Promise<void> {
    await this.db.updateTable("vods").set({ ...info, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom("vods").where("id", "=", id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async countByStatus(): Promise<Record<VodStatus, number>> {
    const counts: Record<VodStatus, number> = { recording: 0, uploading: 0, ready: 0, failed: 0 };
    const rows = await this.db.selectFrom("vods").select((eb) => ["status", eb.fn.countAll().as("n")]).groupBy("status").orderBy("status").execute();
    for (const { status, n } of rows) counts[status] = Number(n);
    return counts;
  }

  /** One page of the filtered list (every match with `all`), and how many match in all. */
  async list(filter: Filter): Promise<{ rows: VodRow[]; total: number }> {
    let matching = this.db.selectFrom("vods");
    if (filter.room !== undefined) matching = matching.where("room", "=", filter.room);
    if (filter.status !== undefined) matching = matching.where("status", "=", filter.status);
    if (filter.since !== undefined) matching = matching.where("started_at", ">=", new Date(filter.since).toISOString());
    if (filter.until !== undefined) matching = matching.where("started_at", "<=", new Date(filter.until).toISOString());
    // id breaks ties; NULL sizes sort first ascending on both backends (PostgreSQL's default is last).
    let sorted = matching.selectAll().orderBy(filter.order, (ob) => (filter.dir === "asc" ? ob.asc().nullsFirst() : ob.desc().nullsLast()));
    if (filter.order !== "id") sorted = sorted.orderBy("id", filter.dir);
    if (filter.all !== undefined) {
      const rows = await sorted.execute();
      return { rows, total: rows.length };
    }
    const [rows, count] = await Promise.all([
      sorted.limit(filter.limit).offset(filter.offset).execute(),
      matching.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  }
}

export const vodStore = perDatabase((db: SqlDb) => new VodStore(db));
