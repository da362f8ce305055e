import { z } from "zod";
import { DELIVERY_STATUSES } from "./delivery.ts";

// What the delivery routes answer (`data` of the envelope or page), from `Delivery`.
const deliveryFields = {
  id: z.string(),
  event: z.string(),
  room: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  emittedAt: z.string(),
  /** When the next attempt is due; null unless the delivery is pending. */
  nextAttemptAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  lastUrl: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
};
export const deliverySummaryResponse = z.strictObject(deliveryFields);
export const deliveriesResponse = z.array(deliverySummaryResponse);
/** The detail adds the signed body exactly as sent (a JSON text). */
export const deliveryResponse = z.strictObject({ ...deliveryFields, body: z.string() });
