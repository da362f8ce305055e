/** A delivery's states (the table's CHECK lists the same). */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed", "dropped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One webhook delivery as the outbox keeps it. */
export interface Delivery {
  readonly seq: number;
  readonly id: string;
  readonly event: string;
  readonly room: string;
  readonly body: string;
  readonly emittedAt: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly lastUrl: string | null;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly finishedAt: string | null;
}

/** A delivery about to be written. */
export type NewDelivery = Pick<Delivery, "id" | "event" | "room" | "body" | "emittedAt">;

/** What an attempt changed. */
export interface AttemptOutcome {
  readonly status: DeliveryStatus;
  readonly nextAttemptAt: number;
  readonly url: string;
  readonly httpStatus: number | null;
  readonly error: string | null;
}
