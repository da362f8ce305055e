/**
 * A fleet's timeline as the service would have written it: for each camera, 60 s segments end to
 * end over the days, broken once a day by an outage of a few minutes (a gap, with the camera's
 * disconnected and connected events around it), and the day's events: detections of mixed labels,
 * motion, connections. Deterministic (seeded), made one camera-day at a time, so that 4.3 M rows
 * never sit in memory at once.
 */
import type { EventRow } from "../../src/timeline/events-store.ts";
import type { SegmentRow } from "../../src/timeline/store.ts";

export type SegmentFields = Omit<SegmentRow, "id">;
export type EventFields = Omit<EventRow, "id">;

export const SEGMENT_MS = 60_000;
const DAY_MS = 86_400_000;
/** A segment ends a frame (25 fps) before the next begins: the service's cuts meet within GAP_TOLERANCE_MS. */
const FRAME_MS = 40;
/** Detections per camera and day, by label: a door camera's day. */
const DETECTIONS: ReadonlyArray<readonly [string, number]> = [
  ["person", 12],
  ["car", 6],
  ["dog", 2],
  ["bicycle", 2],
];
const MOTION_PER_DAY = 15;
const NODE = "node-a";

/** What the fleet is: its size, and where its last day ends. */
export interface Fleet {
  readonly app: string;
  readonly cameras: number;
  readonly days: number;
  /** Ms since the epoch, a whole minute: the fleet's rows end here. */
  readonly endMs: number;
}

/** The room of camera `i` (0-based) as the service names it: the app's prefix (its name) and the camera's. */
export const roomOf = (fleet: Fleet, i: number): string => `${fleet.app}-${cameraName(i)}`;
/** The room as a route is given it. */
export const cameraName = (i: number): string => `cam${String(i).padStart(3, "0")}`;
export const fleetStartMs = (fleet: Fleet): number => fleet.endMs - fleet.days * DAY_MS;

/** mulberry32: small, fast and seeded, so both backends get the same rows. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** One camera-day's rows. */
export interface CameraDay {
  readonly segments: SegmentFields[];
  readonly events: EventFields[];
}

/** Camera `camera`'s rows of day `day` (0 = the oldest). */
export function cameraDay(fleet: Fleet, camera: number, day: number): CameraDay {
  const rand = random(camera * 100_003 + day * 7 + 1);
  const room = roomOf(fleet, camera);
  const dayStart = fleetStartMs(fleet) + day * DAY_MS;
  const segments: SegmentFields[] = [];
  const events: EventFields[] = [];
  // The outage: 2 to 10 minutes, somewhere in the day.
  const outageAt = dayStart + Math.floor(rand() * (DAY_MS - 15 * 60_000));
  const outageMs = (2 + Math.floor(rand() * 9)) * 60_000;
  let n = 0;
  for (let t = dayStart; t + SEGMENT_MS <= dayStart + DAY_MS; ) {
    if (t < outageAt + outageMs && t + SEGMENT_MS > outageAt) {
      // The segment being written ends when the camera drops; the next begins when it is back.
      if (t < outageAt) segments.push(segment(fleet, room, t, outageAt, n++, rand));
      t = outageAt + outageMs;
      continue;
    }
    segments.push(segment(fleet, room, t, t + SEGMENT_MS - FRAME_MS, n++, rand));
    t += SEGMENT_MS;
  }
  const connection = (label: string, at: number): EventFields => event(room, "connection", label, 1, null, at, at, null);
  events.push(connection("disconnected", outageAt), connection("connected", outageAt + outageMs));
  for (const [label, perDay] of DETECTIONS) {
    for (let i = 0; i < perDay; i++) {
      const start = dayStart + Math.floor(rand() * DAY_MS);
      const box = JSON.stringify([rand() * 0.6, rand() * 0.6, 0.1 + rand() * 0.3, 0.1 + rand() * 0.3].map((x) => Number(x.toFixed(4))));
      events.push(event(room, "object", label, Number((0.4 + rand() * 0.55).toFixed(3)), box, start, start + 5_000 + Math.floor(rand() * 115_000), thumb(fleet, room, start)));
    }
  }
  for (let i = 0; i < MOTION_PER_DAY; i++) {
    const start = dayStart + Math.floor(rand() * DAY_MS);
    events.push(event(room, "motion", "motion", 1, null, start, start + 2_000 + Math.floor(rand() * 58_000), thumb(fleet, room, start)));
  }
  events.sort((a, b) => (a.started_at < b.started_at ? -1 : a.started_at > b.started_at ? 1 : 0));
  return { segments, events };
}

function segment(fleet: Fleet, room: string, start: number, end: number, n: number, rand: () => number): SegmentFields {
  const file = `${room}-${start}-${n}.mp4`;
  // About 4 Mb/s of 1080p H.264, as the bench's cameras send.
  const bytes = Math.round(((end - start) / 1000) * 500_000 * (0.8 + rand() * 0.4));
  return {
    room,
    started_at: iso(start),
    ended_at: iso(end),
    bytes,
    codec: "h264",
    width: 1920,
    height: 1080,
    local_path: `/var/lib/service/apps/${fleet.app}/timeline/${file}`,
    node: NODE,
    // Uploaded, as a fleet with a bucket has its segments but the one being written.
    object_key: `${fleet.app}/timeline/${file}`,
    created_at: iso(end + 200),
  };
}

function event(room: string, kind: EventFields["kind"], label: string, score: number, box: string | null, start: number, end: number, thumbnail: string | null): EventFields {
  return { room, kind, label, score, box, started_at: iso(start), ended_at: iso(end), thumbnail_path: thumbnail, node: NODE, created_at: iso(end + 100) };
}

const thumb = (fleet: Fleet, room: string, at: number): string => `/var/lib/service/apps/${fleet.app}/timeline/events/${room}-${at}.jpg`;
