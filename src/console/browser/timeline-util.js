// What the Timeline tab's modules share: the room's API path, a day's bounds, how times and
// lengths read, and pictures that need the session.
import { useEffect, useState } from "preact/hooks";
import { apiBlob } from "./api.js";

export const cameraPath = (app, room) => `/apps/${encodeURIComponent(app)}/cameras/${encodeURIComponent(room)}`;

export const iso = (ms) => new Date(ms).toISOString();

const pad = (n) => String(n).padStart(2, "0");

/** The local calendar day of an instant, as `<input type="date">` writes it (`2026-12-02`). */
export const dayOf = (ms) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** `YYYY-MM-DD` of a real date, else null (a hand-edited address). */
export function parseDay(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? "");
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return dayOf(d.getTime()) === text ? text : null;
}

/**
 * A local day's bounds in ms. Built from the calendar, not by adding 24 h, so the day a clock
 * changes is its own 23 or 25 hours.
 */
export function dayBounds(day) {
  const [y, m, d] = day.split("-").map(Number);
  return { start: new Date(y, m - 1, d).getTime(), end: new Date(y, m - 1, d + 1).getTime() };
}

export const shiftDay = (day, by) => {
  const [y, m, d] = day.split("-").map(Number);
  return dayOf(new Date(y, m - 1, d + by).getTime());
};

/** `02:13:07`, local time, 24-hour. */
export const clock = (ms) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** An instant at `HH:MM[:SS]` local time on `day`, or null. */
export function atClock(day, text) {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text ?? "");
  if (!m) return null;
  const [y, mo, d] = day.split("-").map(Number);
  return new Date(y, mo - 1, d, Number(m[1]), Number(m[2]), Number(m[3] ?? 0)).getTime();
}

/** A length in seconds as people say it: `4 s`, `1 min 53 s`, `2 h 5 min`. */
export function length(seconds) {
  const s = Math.round(seconds);
  if (s < 60) return `${Math.max(0, s)} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  const min = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${min ? ` ${min} min` : ""}`;
}

/** The API path behind a `/api/v1/...` URL the API answered, for `apiBlob`; null for any other URL. */
export function apiPathOf(url) {
  try {
    const u = new URL(url, location.href);
    return u.origin === location.origin && u.pathname.startsWith("/api/v1/") ? `${u.pathname.slice("/api/v1".length)}${u.search}` : null;
  } catch {
    return null;
  }
}

/**
 * Pictures fetched with the session (an `<img>` cannot send it), kept as object URLs. The oldest
 * go past CACHED, so scrubbing a long day holds a bounded number of them.
 */
const CACHED = 300;
const pictures = new Map();

function picture(url) {
  const hit = pictures.get(url);
  if (hit) {
    pictures.delete(url);
    pictures.set(url, hit);
    return hit;
  }
  const path = apiPathOf(url);
  const loading = path === null ? Promise.resolve(url) : apiBlob(path).then((blob) => URL.createObjectURL(blob));
  // A failure is not kept: the picture may be written a moment later (an event's thumbnail).
  loading.catch(() => pictures.get(url) === loading && pictures.delete(url));
  pictures.set(url, loading);
  for (const [old, value] of pictures) {
    if (pictures.size <= CACHED) break;
    pictures.delete(old);
    value.then((src) => src.startsWith("blob:") && URL.revokeObjectURL(src), () => undefined);
  }
  return loading;
}

/** An event's thumbnail is written a moment after its row: a 404 is asked again this often, this many times. */
const RETRY_MS = 2000;
const RETRIES = 5;

/** `{ src, error }` of a picture the API serves; `src` stays the last one while the next loads. */
export function usePicture(url) {
  const [state, setState] = useState({ src: null, error: null });
  useEffect(() => {
    if (!url) return undefined;
    let current = true;
    let timer;
    const load = (tries) =>
      picture(url).then(
        (src) => current && setState({ src, error: null }),
        (error) => {
          if (!current) return;
          setState({ src: null, error });
          if (error.status === 404 && tries < RETRIES) timer = setTimeout(() => load(tries + 1), RETRY_MS);
        },
      );
    load(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [url]);
  return url ? state : { src: null, error: null };
}
