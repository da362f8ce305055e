import type { Kysely } from "kysely";
import type { SqlDb } from "../db/sql.ts";

interface MediaWebhookEventsTable {
  id: string;
  received_at: number;
}

/**
 * Ids of media-server webhooks already handled (global database): LiveKit retries a delivery it
 * thinks failed, and a replayed one must not start or end a stream twice.
 */
export class WebhookEventStore {
  private readonly db: Kysely<{ media_webhook_events: MediaWebhookEventsTable }>;

  constructor(db: SqlDb) {
    this.db = db.withTables<{ media_webhook_events: MediaWebhookEventsTable }>();
  }

  /** Records the id; false when it was already there (the primary key decides, so two deliveries racing cannot both win). */
  async seen(id: string): Promise<boolean> {
    return (await this.db.selectFrom("media_webhook_events").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  }

  async remember(id: string, at: number): Promise<boolean> {
    const result = await this.db
      .insertInto("media_webhook_events")
      .values({ id, received_at: at })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async forgetBefore(at: number): Promise<void> {
    await this.db.deleteFrom("media_webhook_events").where("received_at", "<", at).execute();
  }
}
