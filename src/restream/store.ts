import type { Kysely } from "kysely";
import { perDatabase } from "../db/per-database.ts";
import type { SqlDb } from "../db/sql.ts";

export type DestinationState = "starting" | "active" | "failed" | "stopped";

export interface DestinationRow {
  readonly id: string;
  readonly stream_id: string;
  readonly room: string;
  readonly source: "camera" | "egress";
  readonly platform: string;
  readonly name: string;
  readonly layout: string;
  readonly masked_url: string;
  /** The sealed target URL (with its key). */
  readonly target: string;
  readonly egress_id: string;
  readonly state: DestinationState;
  readonly since: string;
  readonly last_error: string | null;
  readonly attempts: number;
  readonly created_at: string;
  readonly stopped_at: string | null;
}

export type NewDestination = Omit<DestinationRow, "state" | "since" | "last_error" | "attempts" | "stopped_at">;

type RestreamTables = {
  restream_destinations: DestinationRow;
};

/** One app's restream destinations (in its own database); use `restreamStore(db)`. */
class RestreamStore {
  private readonly db: Kysely<RestreamTables>;

  constructor(db: SqlDb) {
    this.db = db.withTables<RestreamTables>();
  }

  /** Inserts a destination in state `starting`; answers its row. */
  async insert(d: NewDestination): Promise<DestinationRow> {
    return await this.db
      .insertInto("restream_destinations")
      .values({ ...d, state: "starting", since: d.created_at, last_error: null, attempts: 0, stopped_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async get(id: string): Promise<DestinationRow | undefined> {
    return await this.db.selectFrom("restream_destinations").selectAll().where("id", "=", id).executeTakeFirst();
  }

  /** The stream's destinations that have not stopped. */
  async ofStreamLive(streamId: string): Promise<DestinationRow[]> {
    return await this.db
      .selectFrom("restream_destinations")
      .selectAll()
      .where("stream_id", "=", streamId)
      .where("state", "<>", "stopped")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }

  /** Every destination of the app that has not stopped. */
  async allLive(): Promise<DestinationRow[]> {
    return await this.db.selectFrom("restream_destinations").selectAll().where("state", "<>", "stopped").orderBy("created_at").orderBy("id").execute();
  }

  /** A stopped destination stays stopped: answers false when it had stopped (or is gone). */
  async moveTo(id: string, state: DestinationState, at: string, change: { error?: string; attempts: number }): Promise<boolean> {
    const result = await this.db
      .updateTable("restream_destinations")
      .set({
        state,
        since: at,
        // A state without an error keeps the last one, for the record.
        ...(change.error === undefined ? {} : { last_error: change.error }),
        attempts: change.attempts,
        stopped_at: state === "stopped" ? at : null,
      })
      .where("id", "=", id)
      .where("state", "<>", "stopped")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A retried LiveKit push runs under a new egress. */
  async replaceEgress(id: string, egressId: string): Promise<void> {
    await this.db.updateTable("restream_destinations").set({ egress_id: egressId }).where("id", "=", id).execute();
  }
}

export const restreamStore = perDatabase((db: SqlDb) => new RestreamStore(db));
