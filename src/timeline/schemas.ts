import { z } from "zod";
import { appRoomParams } from "../apps/schemas.ts";
import { clampedLimit } from "../lib/clamped-limit.ts";
import { isoInstant } from "../lib/iso-instant.ts";

/** The longest range one timeline request covers: a month of a camera's segments is 43,200 at 60 s. */
const MAX_RANGE_DAYS = 31;
const DAY_MS = 86_400_000;

export const timelineParams = appRoomParams;

/** What saw an event: a detector's label, the motion detector, or the camera's connection. */
export const EVENT_KINDS = ["object", "motion", "connection"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** A range: `until` defaults to now, `since` to a day before it; at most MAX_RANGE_DAYS. */
const range = {
  since: isoInstant.optional(),
  until: isoInstant.optional(),
};

function resolvedRange(q: { since?: string | undefined; until?: string | undefined }, ctx: z.RefinementCtx): { since: string; until: string } {
  const until = q.until === undefined ? Date.now() : Date.parse(q.until);
  const since = q.since === undefined ? until - DAY_MS : Date.parse(q.since);
  if (since >= until) ctx.addIssue({ code: "custom", path: ["since"], message: "since must be before until" });
  if (until - since > MAX_RANGE_DAYS * DAY_MS) ctx.addIssue({ code: "custom", path: ["since"], message: `a range spans at most ${MAX_RANGE_DAYS} days; page through a longer one` });
  return { since: new Date(since).toISOString(), until: new Date(until).toISOString() };
}

const page = { limit: clampedLimit(500), offset: z.coerce.number().int().min(0).default(0) };

/** `since` and `until` bound the range; segments are paged oldest first. */
export const timelineQuery = z.object({ ...range, ...page }).transform((q, ctx) => ({ ...resolvedRange(q, ctx), limit: q.limit, offset: q.offset }));
export type TimelineQuery = z.output<typeof timelineQuery>;

const span = { start: z.string(), end: z.string(), durationS: z.number() };

/** An event as the events route and the timeline answer it. */
const eventFields = {
  id: z.number().int(),
  /** What saw it: `object` (a detector's label), `motion`, or `connection`. */
  source: z.enum(EVENT_KINDS),
  label: z.string(),
  score: z.number(),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  ...span,
  /** Where its thumbnail is read (the API path), or null when it has none (yet). */
  thumbnailUrl: z.string().nullable(),
  node: z.string(),
};
export const eventEntry = z.strictObject(eventFields);
export type EventEntry = z.output<typeof eventEntry>;
export const eventsResponse = z.array(eventEntry);

/** `label` takes one label or several joined by commas. */
export const eventsQuery = z
  .object({ ...range, ...page, label: z.string().max(1000).optional() })
  .transform((q, ctx) => ({
    ...resolvedRange(q, ctx),
    limit: q.limit,
    offset: q.offset,
    labels: q.label === undefined ? undefined : q.label.split(",").map((l) => l.trim()).filter((l) => l !== ""),
  }));
export type EventsQuery = z.output<typeof eventsQuery>;

export const eventParams = appRoomParams.extend({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** One entry of a camera's timeline: a recorded segment, or a gap where nothing was (the camera offline, the timeline off). */
export const timelineEntry = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("segment"),
    id: z.number().int(),
    ...span,
    bytes: z.number().int(),
    codec: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    node: z.string(),
  }),
  z.strictObject({ kind: z.literal("gap"), ...span }),
  z.strictObject({ kind: z.literal("event"), ...eventFields }),
]);
export type TimelineEntry = z.output<typeof timelineEntry>;

export const timelineResponse = z.array(timelineEntry);

/** A thumbnails answer has at most this many steps: a day at the default step is 288. */
export const MAX_THUMBNAIL_STEPS = 500;
/** The default step, seconds: a day is 288 pictures; a longer range gets a longer default to fit MAX_THUMBNAIL_STEPS. */
const DEFAULT_STEP_S = 300;

/** `every` is the step in whole seconds; steps sit on multiples of it since the epoch, so two ranges share their pictures. */
export const thumbnailsQuery = z
  .object({ ...range, every: z.coerce.number().int().min(1).max(MAX_RANGE_DAYS * 86_400).optional() })
  .transform((q, ctx) => {
    const r = resolvedRange(q, ctx);
    const spanS = (Date.parse(r.until) - Date.parse(r.since)) / 1000;
    const every = q.every ?? Math.max(DEFAULT_STEP_S, Math.ceil(spanS / MAX_THUMBNAIL_STEPS));
    if (spanS / every > MAX_THUMBNAIL_STEPS) {
      ctx.addIssue({ code: "custom", path: ["every"], message: `at most ${MAX_THUMBNAIL_STEPS} steps per answer: make every at least ${Math.ceil(spanS / MAX_THUMBNAIL_STEPS)} s for this range, or page through it` });
    }
    return { ...r, every };
  });
export type ThumbnailsQuery = z.output<typeof thumbnailsQuery>;

/** One step a segment covers: its picture is read at `url`. */
export const thumbnailEntry = z.strictObject({ at: z.string(), segmentId: z.number().int(), url: z.string() });
export type ThumbnailEntry = z.output<typeof thumbnailEntry>;
export const thumbnailsResponse = z.array(thumbnailEntry);

export const thumbnailParams = appRoomParams.extend({ at: isoInstant });

/** The longest clip: an hour of segments joined. */
export const MAX_CLIP_SECONDS = 3600;

/** `POST .../clips`: the range to join, and a name for its file. */
export const clipBody = z
  .strictObject({
    since: isoInstant,
    until: isoInstant,
    name: z.string().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "letters, digits, dashes and underscores, starting with a letter or digit").optional(),
  })
  .superRefine((b, ctx) => {
    const ms = Date.parse(b.until) - Date.parse(b.since);
    if (ms <= 0) ctx.addIssue({ code: "custom", path: ["since"], message: "since must be before until" });
    if (ms > MAX_CLIP_SECONDS * 1000) ctx.addIssue({ code: "custom", path: ["until"], message: `a clip lasts at most ${MAX_CLIP_SECONDS} s; make several for a longer range` });
  });
export type ClipBody = z.output<typeof clipBody>;
