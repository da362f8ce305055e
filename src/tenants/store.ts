import type { Kysely } from "kysely";
import type { SqlDb } from "../db/sql.ts";

/** Expired reservations are harmless (reads filter them), so deleting them can wait this long. */
const PRUNE_EVERY_SECONDS = 60;

interface StreamReservationsTable {
  team_id: number;
  app: string;
  identity: string;
  expires_at: number;
}

type Tables = { stream_reservations: StreamReservationsTable };

/** Publisher slots held by minted tokens that are not live yet (global database). */
export class ReservationStore {
  private prunedAt = 0;
  private readonly db: Kysely<Tables>;

  constructor(db: SqlDb) {
    this.db = db.withTables<Tables>();
  }

  /**
   * Takes the slot until `slot.expiresAt`, or extends one already held, unless `refuse` answers
   * something when shown the team's unexpired reservations; both in one transaction, so two mints
   * for the same team cannot both count the same free slot.
   */
  async holdUnless<T>(slot: { teamId: number; app: string; identity: string; expiresAt: number }, now: number, refuse: (live: readonly { app: string; identity: string }[]) => T | undefined): Promise<T | undefined> {
    await this.pruneNowAndThen(now);
    const { teamId, app, identity, expiresAt } = slot;
    return this.db.transaction().execute(async (trx) => {
      const refused = refuse(await this.liveOn(trx, teamId, now));
      if (refused !== undefined) return refused;
      await trx
        .insertInto("stream_reservations")
        .values({ team_id: teamId, app, identity, expires_at: expiresAt })
        .onConflict((oc) =>
          oc.columns(["team_id", "app", "identity"]).doUpdateSet((eb) => ({
            // Never shortens a slot already held for longer.
            expires_at: eb.case().when("stream_reservations.expires_at", ">", eb.ref("excluded.expires_at")).then(eb.ref("stream_reservations.expires_at")).else(eb.ref("excluded.expires_at")).end(),
          })),
        )
        .execute();
      return undefined;
    });
  }

  /** The team's unexpired reservations. Expired rows are deleted now and then, off the read. */
  async liveFor(teamId: number, now: number): Promise<{ app: string; identity: string }[]> {
    await this.pruneNowAndThen(now);
    return this.liveOn(this.db, teamId, now);
  }

  private liveOn(db: Kysely<Tables>, teamId: number, now: number): Promise<{ app: string; identity: string }[]> {
    return db.selectFrom("stream_reservations").select(["app", "identity"]).where("team_id", "=", teamId).where("expires_at", ">", now).orderBy("app").orderBy("identity").execute();
  }

  private async pruneNowAndThen(now: number): Promise<void> {
    if (now - this.prunedAt < PRUNE_EVERY_SECONDS) return;
    this.prunedAt = now;
    await this.db.deleteFrom("stream_reservations").where("expires_at", "<=", now).execute();
  }
}
