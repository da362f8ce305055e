import type { Db } from "../db/open.ts";

/**
 * Ids of media-server webhooks already handled (global database): LiveKit retries a delivery it
 * thinks failed, and a replayed one must not start or end a stream twice.
 */
export class WebhookEventStore {
  private readonly insert;
  private readonly prune;

  constructor(db: Db) {
    this.insert = db.prepare<[string, number]>("INSERT OR IGNORE INTO media_webhook_events (id, received_at) VALUES (?, ?)");
    this.prune = db.prepare<[number]>("DELETE FROM media_webhook_events WHERE received_at < ?");
  }

  /** Records the id; false when it was already there. */
  remember(id: string, at: number): boolean {
    return this.insert.run(id, at).changes > 0;
  }

  forgetBefore(at: number): void {
    this.prune.run(at);
  }
}
