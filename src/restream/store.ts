import { perDatabase } from "../db/per-database.ts";
import type { Db } from "../db/open.ts";

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

/** One app's restream destinations (in its own database); use `restreamStore(db)`. */
class RestreamStore {
  private readonly insertRow;
  private readonly byId;
  private readonly ofStream;
  private readonly live;
  private readonly setState;
  private readonly setEgress;

  constructor(db: Db) {
    this.insertRow = db.prepare<[string, string, string, string, string, string, string, string, string, string, string, string]>(
      `INSERT INTO restream_destinations (id, stream_id, room, source, platform, name, layout, masked_url, target, egress_id, state, since, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'starting', ?, ?)`,
    );
    this.byId = db.prepare<[string], DestinationRow>("SELECT * FROM restream_destinations WHERE id = ?");
    this.ofStream = db.prepare<[string], DestinationRow>("SELECT * FROM restream_destinations WHERE stream_id = ? AND state <> 'stopped' ORDER BY created_at, id");
    this.live = db.prepare<[], DestinationRow>("SELECT * FROM restream_destinations WHERE state <> 'stopped' ORDER BY created_at, id");
    this.setState = db.prepare<[string, string, string | null, number, string | null, string, string]>(
      "UPDATE restream_destinations SET state = ?, since = ?, last_error = coalesce(?, last_error), attempts = ?, stopped_at = ? WHERE id = ? AND state <> ?",
    );
    this.setEgress = db.prepare<[string, string]>("UPDATE restream_destinations SET egress_id = ? WHERE id = ?");
  }

  insert(d: NewDestination): void {
    this.insertRow.run(d.id, d.stream_id, d.room, d.source, d.platform, d.name, d.layout, d.masked_url, d.target, d.egress_id, d.created_at, d.created_at);
  }

  get(id: string): DestinationRow | undefined {
    return this.byId.get(id);
  }

  /** The stream's destinations that have not stopped. */
  ofStreamLive(streamId: string): DestinationRow[] {
    return this.ofStream.all(streamId);
  }

  /** Every destination of the app that has not stopped. */
  allLive(): DestinationRow[] {
    return this.live.all();
  }

  /** A stopped destination stays stopped. */
  moveTo(id: string, state: DestinationState, at: string, change: { error?: string; attempts: number }): void {
    this.setState.run(state, at, change.error ?? null, change.attempts, state === "stopped" ? at : null, id, "stopped");
  }

  /** A retried LiveKit push runs under a new egress. */
  replaceEgress(id: string, egressId: string): void {
    this.setEgress.run(egressId, id);
  }
}

export const restreamStore = perDatabase((db) => new RestreamStore(db));
