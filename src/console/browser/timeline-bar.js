// The Timeline tab's day bar: what was recorded and what was not, event markers, a cursor to play
// from, a range to export, zoom, and the recording's picture under the pointer.
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api.js";
import { cameraPath, clock, iso, length, usePicture } from "./timeline-util.js";
import { html, Message } from "./ui.js";

/** The narrowest view: zoomed further, a pixel is a few milliseconds and shows nothing new. */
const MIN_SPAN_MS = 30_000;
/** Pictures asked for across the view: about one per 15 pixels of a 900-pixel bar (the API answers at most 500). */
const THUMBS_PER_VIEW = 60;
/** A press that moves less than this is a click (play from there), not a drag (a range). */
const DRAG_PX = 4;
const TICK_STEPS_S = [1, 5, 10, 30, 60, 300, 600, 1800, 3600, 3 * 3600, 6 * 3600];

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

/** The view `[from, to]` zoomed by `factor` around `at`, kept inside the day. */
export function zoomed(view, factor, at, day) {
  const span = clamp((view.to - view.from) * factor, MIN_SPAN_MS, day.end - day.start);
  const share = clamp((at - view.from) / (view.to - view.from), 0, 1);
  const from = clamp(at - span * share, day.start, day.end - span);
  return { from, to: from + span };
}

/**
 * One picture per step of the view from the recording (`GET .../thumbnails`), refetched a moment
 * after the view stops changing. `{ list, error }`, `list` as the API answers it: `{ at, segmentId, url }`
 * for each step a segment covers.
 */
function useThumbnails(app, room, view, until) {
  const [state, setState] = useState({ list: [], error: null });
  const to = Math.min(view.to, until);
  useEffect(() => {
    if (to <= view.from) return undefined;
    let current = true;
    const every = Math.max(1, Math.ceil((to - view.from) / 1000 / THUMBS_PER_VIEW));
    const timer = setTimeout(() => {
      const q = new URLSearchParams({ since: iso(view.from), until: iso(to), every: String(every) });
      api("GET", `${cameraPath(app, room)}/thumbnails?${q}`).then(
        (list) => current && setState({ list, error: null }),
        (error) => current && setState({ list: [], error }),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [app, room, view.from, to]);
  return state;
}

function nearest(list, at) {
  let best = null;
  for (const t of list) if (!best || Math.abs(Date.parse(t.at) - at) < Math.abs(Date.parse(best.at) - at)) best = t;
  return best;
}

function ticks(view) {
  const spanS = (view.to - view.from) / 1000;
  const step = (TICK_STEPS_S.find((s) => spanS / s <= 8) ?? TICK_STEPS_S[TICK_STEPS_S.length - 1]) * 1000;
  // Steps of whole local minutes and hours: offset by the zone, not by UTC.
  const offset = new Date(view.from).getTimezoneOffset() * 60_000;
  const out = [];
  for (let t = Math.ceil((view.from - offset) / step) * step + offset; t <= view.to && out.length < 20; t += step) out.push(t);
  return { list: out, seconds: step < 60_000 };
}

/**
 * The bar: `runs` (recorded stretches) and `gaps` as the timeline answers them, `events`
 * (filtered) as markers by kind, and the time after `until` (not filmed yet). A click plays from
 * there, a drag selects a range; the keys do the same (the hint under the bar says which).
 */
export function DayBar({ app, room, day, until, view, onView, runs, gaps, events, cursor, onCursor, selection, onSelection, playhead, onPlay }) {
  const track = useRef(null);
  const drag = useRef(null);
  const anchor = useRef(null);
  const [hover, setHover] = useState(null);
  const [focused, setFocused] = useState(false);
  const thumbs = useThumbnails(app, room, view, until);
  const span = view.to - view.from;
  const pct = (t) => ((t - view.from) / span) * 100;
  const box = (from, to) => ({ left: `${clamp(pct(from), 0, 100)}%`, width: `${clamp(pct(to), 0, 100) - clamp(pct(from), 0, 100)}%` });
  const inView = (from, to) => to >= view.from && from <= view.to;
  const timeAt = (clientX) => {
    const rect = track.current.getBoundingClientRect();
    return clamp(view.from + ((clientX - rect.left) / rect.width) * span, view.from, view.to);
  };
  const last = Math.min(view.to, until);
  // The cursor moved out of the view by the keys: the view follows it.
  const moveCursor = (t) => {
    const at = clamp(t, day.start, Math.min(day.end, until));
    onCursor(at);
    if (at < view.from || at > view.to) onView({ from: clamp(at - span / 2, day.start, day.end - span), to: clamp(at - span / 2, day.start, day.end - span) + span });
    return at;
  };

  const down = (e) => {
    if (e.button !== 0) return;
    track.current.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, at: timeAt(e.clientX), moved: false };
  };
  const move = (e) => {
    const at = timeAt(e.clientX);
    setHover(at);
    const d = drag.current;
    if (!d) return;
    if (Math.abs(e.clientX - d.x) > DRAG_PX) d.moved = true;
    if (d.moved) onSelection({ from: Math.min(d.at, at), to: Math.max(d.at, at) });
  };
  const up = (e) => {
    const d = drag.current;
    drag.current = null;
    if (d && !d.moved) onPlay(moveCursor(timeAt(e.clientX)));
  };
  const key = (e) => {
    const step = e.key.startsWith("Page") ? span / 10 : span / 100;
    const from = cursor ?? view.from;
    const moves = { ArrowLeft: -step, ArrowRight: step, PageDown: -step, PageUp: step };
    if (e.key in moves || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      const at = moveCursor(e.key === "Home" ? view.from : e.key === "End" ? last : from + moves[e.key]);
      if (e.shiftKey) {
        anchor.current ??= from;
        onSelection({ from: Math.min(anchor.current, at), to: Math.max(anchor.current, at) });
      } else anchor.current = null;
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onPlay(cursor ?? view.from);
    } else if (e.key === "Escape") {
      anchor.current = null;
      onSelection(null);
    } else if (e.key === "+" || e.key === "=" || e.key === "-") {
      e.preventDefault();
      onView(zoomed(view, e.key === "-" ? 4 : 1 / 4, cursor ?? (view.from + view.to) / 2, day));
    }
  };

  const pointAt = hover ?? (focused ? cursor : null);
  const shown = pointAt === null ? null : nearest(thumbs.list, pointAt);
  const axis = ticks(view);
  return html`<div class="tl-bar">
    <${BarControls} day=${day} until=${until} view=${view} onView=${onView} runs=${runs} cursor=${cursor} onPlay=${onPlay} />
    <div class="tl-frame">
      ${pointAt !== null && html`<${Preview} at=${pointAt} left=${pct(pointAt)} thumb=${shown} />`}
      <div ref=${track} class="tl-track" tabindex="0" role="slider" aria-label=${`Timeline of ${room}`}
        aria-valuemin=${view.from} aria-valuemax=${view.to} aria-valuenow=${cursor ?? view.from}
        aria-valuetext=${cursor === null ? "no time chosen" : clock(cursor)} aria-describedby="tl-keys"
        onPointerDown=${down} onPointerMove=${move} onPointerUp=${up} onPointerLeave=${() => !drag.current && setHover(null)}
        onKeyDown=${key} onFocus=${() => setFocused(true)} onBlur=${() => setFocused(false)}>
        ${until < view.to && html`<div class="tl-future" style=${box(until, view.to)}></div>`}
        ${gaps.filter((g) => inView(g.from, g.to)).map((g) => html`<div class="tl-gap" data-kind="gap" data-from=${iso(g.from)} data-to=${iso(g.to)} style=${box(g.from, g.to)}></div>`)}
        ${runs.filter((r) => inView(r.from, r.to)).map((r) => html`<div class="tl-run" data-kind="coverage" data-from=${iso(r.from)} data-to=${iso(r.to)} style=${box(r.from, r.to)}></div>`)}
        ${events.filter((e) => inView(e.from, e.to)).map((e) => html`<div key=${e.id} class="tl-event" data-event-id=${e.id} data-source=${e.source} title=${`${e.label} at ${clock(e.from)}`} style=${box(e.from, e.to)}></div>`)}
        ${selection && inView(selection.from, selection.to) && html`<div class="tl-selection" style=${box(selection.from, selection.to)}></div>`}
        ${cursor !== null && inView(cursor, cursor) && html`<div class="tl-cursor" style=${{ left: `${pct(cursor)}%` }}></div>`}
        ${playhead !== null && inView(playhead, playhead) && html`<div class="tl-playhead" data-at=${iso(playhead)} style=${{ left: `${pct(playhead)}%` }}></div>`}
      </div>
      <div class="tl-axis" aria-hidden="true">${axis.list.map((t) => html`<span key=${t} style=${{ left: `${pct(t)}%` }}>${clock(t).slice(0, axis.seconds ? 8 : 5)}</span>`)}</div>
    </div>
    <p id="tl-keys" class="hint">Click the bar to play from there, drag to select a range. With the bar focused: ← → move the time (Page Up/Down further, Home/End), Shift with them selects, Enter plays, + and − zoom, Esc clears the selection.</p>
    <${Message} error=${thumbs.error && { ...thumbs.error, message: `Pictures of the recording: ${thumbs.error.message}` }} />
  </div>`;
}

function BarControls({ day, until, view, onView, runs, cursor, onPlay }) {
  const span = view.to - view.from;
  const centre = cursor !== null && cursor >= view.from && cursor <= view.to ? cursor : (view.from + view.to) / 2;
  const pan = (by) => {
    const from = clamp(view.from + by * span, day.start, day.end - span);
    onView({ from, to: from + span });
  };
  const fit = () => {
    const from = runs[0].from;
    const to = runs[runs.length - 1].to;
    const pad = Math.max((to - from) * 0.05, 2000);
    onView(zoomed({ from: from - pad, to: to + pad }, 1, from, day));
  };
  return html`<div class="actions tl-controls">
    <span role="status" class="tl-view">Showing ${clock(view.from)}–${view.to === day.end ? "24:00:00" : clock(view.to)} (${length(span / 1000)})</span>
    <button type="button" class="secondary" disabled=${span <= MIN_SPAN_MS} onClick=${() => onView(zoomed(view, 1 / 4, centre, day))}>Zoom in</button>
    <button type="button" class="secondary" disabled=${span >= day.end - day.start} onClick=${() => onView(zoomed(view, 4, centre, day))}>Zoom out</button>
    <button type="button" class="secondary" disabled=${span >= day.end - day.start} onClick=${() => onView({ from: day.start, to: day.end })}>Whole day</button>
    <button type="button" class="secondary" disabled=${runs.length === 0} onClick=${fit}>Fit to recording</button>
    <button type="button" class="secondary" disabled=${view.from <= day.start} onClick=${() => pan(-0.5)}>Earlier</button>
    <button type="button" class="secondary" disabled=${view.to >= day.end} onClick=${() => pan(0.5)}>Later</button>
    <button type="button" disabled=${cursor === null || cursor > until} onClick=${() => onPlay(cursor)}>${cursor === null ? "Play (choose a time)" : `Play from ${clock(cursor)}`}</button>
  </div>`;
}

/** The picture nearest the pointer (or the focused cursor), above the bar, with its time. */
function Preview({ at, left, thumb }) {
  const picture = usePicture(thumb?.url ?? null);
  return html`<div class="tl-preview" style=${{ left: `${clamp(left, 8, 92)}%` }} aria-hidden="true">
    ${picture.src ? html`<img src=${picture.src} alt="" data-at=${thumb.at} width="160" height="90" />` : html`<span class="tl-nopic">${thumb ? "…" : "no picture"}</span>`}
    <span>${clock(at)}</span>
  </div>`;
}
