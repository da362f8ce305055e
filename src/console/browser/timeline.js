// The app's Timeline tab (issue 34): one camera room's day of continuous recording, its gaps and
// events on a bar, playback from any point, clips of a range, and the events with their pictures.
// `#/apps/<app>/timeline` picks a room; `#/apps/<app>/timeline/<room>?day=YYYY-MM-DD` shows one.
import { useMemo, useState } from "preact/hooks";
import { api, apiPage } from "./api.js";
import { timelineHash } from "./live.js";
import { DayBar } from "./timeline-bar.js";
import { EventFilters, EventList, KINDS, shownBy } from "./timeline-events.js";
import { ClipExport, Rewind } from "./timeline-media.js";
import { cameraPath, clock, dayBounds, dayOf, iso, length, parseDay, shiftDay } from "./timeline-util.js";
import { can, html, Message, useLoad } from "./ui.js";

/** The API's largest page, and how many are read for one day: 50,000 segments (a day of 2 s ones is 43,200). */
const PAGE_LIMIT = 1000;
const MAX_PAGES = 50;
/** Today's timeline grows: it is read again this often while it is shown. */
const REFRESH_MS = 10_000;
/** Segments closer than this are one recorded stretch on the bar, as the API draws no gap under it. */
const JOIN_MS = 1500;
/** The coverage table under the bar lists at most this many stretches and gaps. */
const LISTED = 200;

export function TimelineTab({ name, me, item, params }) {
  const day = parseDay(params?.get("day")) ?? dayOf(Date.now());
  return html`<section aria-labelledby="tab-heading">
    <h2 id="tab-heading">${item ? `Timeline of ${item}` : "Timeline"}</h2>
    <${RoomPicker} name=${name} me=${me} room=${item} day=${day} />
    ${item
      ? can(me, "vod:read")
        ? html`<${RoomTimeline} key=${`${item}/${day}`} name=${name} me=${me} room=${item} day=${day} />`
        : html`<p class="hint">Your role cannot read recordings (vod:read).</p>`
      : html`<p>Choose a camera room to see its recording, gaps and events by day.</p>`}
  </section>`;
}

const hashOf = (name, room, day) => `${timelineHash(name, room)}${day === dayOf(Date.now()) ? "" : `?day=${day}`}`;

/** The app's camera rooms (camera keys and pulled cameras, as far as the role may list them), or any room typed. */
function RoomPicker({ name, me, room, day }) {
  const known = useLoad(async () => {
    if (!can(me, "ingress:read")) return [];
    const optional = (p) => p.catch(() => []);
    const [keys, pulled] = await Promise.all([
      optional(api("GET", `/apps/${encodeURIComponent(name)}/ws-ingest`)),
      optional(api("GET", `/apps/${encodeURIComponent(name)}/ingress?limit=500`)),
    ]);
    return [...new Set([...keys.map((k) => k.room), ...pulled.filter((g) => g.inputType === "url").map((g) => g.roomName)])].sort();
  }, [name]);
  const [typed, setTyped] = useState(room ?? "");
  const submit = (event) => {
    event.preventDefault();
    if (typed.trim()) location.hash = hashOf(name, typed.trim(), day);
  };
  return html`<form class="filters" onSubmit=${submit} aria-label="Choose a camera room">
    <div class="field">
      <label for="tl-room">Camera room</label>
      <input id="tl-room" list="tl-rooms" value=${typed} required maxlength="128" aria-describedby="tl-room-hint" onInput=${(e) => setTyped(e.currentTarget.value)} />
      <small id="tl-room-hint">The app's cameras are suggested; any room name can be typed.</small>
      <datalist id="tl-rooms">${(known.data ?? []).map((r) => html`<option value=${r} key=${r} />`)}</datalist>
    </div>
    <button type="submit">Show timeline</button>
    ${(known.data ?? []).length > 0 && !room && html`<ul class="tl-rooms">${known.data.map((r) => html`<li key=${r}><a href=${hashOf(name, r, day)}>${r}</a></li>`)}</ul>`}
  </form>`;
}

/** Every page of a paged list from the API, up to MAX_PAGES; `complete` says whether that was all. */
async function allPages(path, query) {
  const rows = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const q = new URLSearchParams({ ...query, limit: String(PAGE_LIMIT), offset: String(page * PAGE_LIMIT) });
    const got = await apiPage(`${path}?${q}`);
    rows.push(...got.data);
    if ((page + 1) * got.limit >= got.total) return { rows, complete: true };
  }
  return { rows, complete: false };
}

/**
 * The day so far (today) or the whole day: segments and gaps from `timeline`, events from
 * `events` (the timeline carries at most 1,000 events a page; the events route pages them all).
 */
async function loadDay(name, room, bounds) {
  const until = Math.min(bounds.end, Date.now());
  if (until <= bounds.start) return { until, segments: [], gaps: [], events: [], complete: true };
  const range = { since: iso(bounds.start), until: iso(until) };
  const [timeline, events] = await Promise.all([allPages(`${cameraPath(name, room)}/timeline`, range), allPages(`${cameraPath(name, room)}/events`, range)]);
  const span = (e) => ({ ...e, from: Date.parse(e.start), to: Date.parse(e.end) });
  return {
    until,
    segments: timeline.rows.filter((e) => e.kind === "segment").map(span),
    gaps: timeline.rows.filter((e) => e.kind === "gap").map(span),
    events: events.rows.map(span),
    complete: timeline.complete && events.complete,
  };
}

/** Segments that meet, merged into the stretches the bar draws (a day of short segments is thousands of them). */
function stretches(segments) {
  const runs = [];
  for (const s of [...segments].sort((a, b) => a.from - b.from)) {
    const last = runs[runs.length - 1];
    if (last && s.from - last.to <= JOIN_MS) {
      last.to = Math.max(last.to, s.to);
      last.segments++;
    } else runs.push({ from: s.from, to: s.to, segments: 1 });
  }
  return runs;
}

function RoomTimeline({ name, me, room, day }) {
  const bounds = useMemo(() => dayBounds(day), [day]);
  const today = day === dayOf(Date.now());
  const data = useLoad(() => loadDay(name, room, bounds), [name, room, day], today ? REFRESH_MS : undefined);
  const app = useLoad(() => api("GET", `/apps/${encodeURIComponent(name)}`), [name]);
  const [view, setView] = useState({ from: bounds.start, to: bounds.end });
  const [cursor, setCursor] = useState(null);
  const [selection, setSelection] = useState(null);
  const [request, setRequest] = useState(null);
  const [playhead, setPlayhead] = useState(null);
  const [filter, setFilter] = useState({ kinds: new Set(KINDS.map(([k]) => k)), label: "" });
  const d = data.data;
  const runs = useMemo(() => (d ? stretches(d.segments) : []), [d]);
  const events = d ? d.events.filter(shownBy(filter)) : [];
  const privatePlayback = app.data ? !app.data.features?.publicPlayback : app.error ? true : null;
  // A new object each time, so playing the same moment again starts again.
  const playFrom = (at) => {
    setCursor(at);
    setRequest({ at });
  };
  const go = (next) => (location.hash = hashOf(name, room, next));
  return html`<div class="tl">
    <div class="actions tl-day">
      <button type="button" class="secondary" onClick=${() => go(shiftDay(day, -1))}>Previous day</button>
      <div class="field">
        <label for="tl-day">Day</label>
        <input id="tl-day" type="date" value=${day} max=${dayOf(Date.now())} onChange=${(e) => parseDay(e.currentTarget.value) && go(e.currentTarget.value)} />
      </div>
      <button type="button" class="secondary" disabled=${today} onClick=${() => go(shiftDay(day, 1))}>Next day</button>
      <button type="button" class="secondary" onClick=${data.reload}>Refresh</button>
    </div>
    ${today && html`<p class="hint">Today's timeline is read again every ${REFRESH_MS / 1000} seconds. A segment shows once it has ended.</p>`}
    <${Message} error=${data.error || app.error} />
    ${data.loading && !d
      ? html`<p>Loading…</p>`
      : d && html`<${Summary} data=${d} runs=${runs} />
          <${DayBar} app=${name} room=${room} day=${bounds} until=${d.until} view=${view} onView=${setView} runs=${runs} gaps=${d.gaps}
            events=${events} cursor=${cursor} onCursor=${setCursor} selection=${selection} onSelection=${setSelection} playhead=${playhead} onPlay=${playFrom} />
          <${Rewind} app=${name} room=${room} me=${me} privatePlayback=${privatePlayback} request=${request} onPlayhead=${setPlayhead} />
          ${can(me, "recording:start") && html`<${ClipExport} app=${name} room=${room} day=${day} selection=${selection} onSelection=${setSelection} />`}
          <${EventFilters} events=${d.events} filter=${filter} onFilter=${setFilter} />
          <${EventList} events=${events} day=${bounds} onPlay=${playFrom} onSelection=${setSelection} />
          <${Coverage} runs=${runs} gaps=${d.gaps} />`}
  </div>`;
}

const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Summary({ data, runs }) {
  const recorded = data.segments.reduce((sum, s) => sum + s.durationS, 0);
  return html`<p class="tl-summary">
    ${count(data.segments.length, "segment")} (${length(recorded)} recorded in ${count(runs.length, "stretch", "stretches")}), ${count(data.gaps.length, "gap")}, ${count(data.events.length, "event")}.
    ${!data.complete && html` <strong>Only the first ${MAX_PAGES * PAGE_LIMIT} segments or events of the day are shown.</strong>`}
  </p>`;
}

/** The bar as text, for screen readers and for reading exact times: each recorded stretch and gap in order. */
function Coverage({ runs, gaps }) {
  const rows = [...runs.map((r) => ({ ...r, kind: "recorded" })), ...gaps.map((g) => ({ ...g, kind: "gap" }))].sort((a, b) => a.from - b.from);
  return html`<details class="tl-coverage">
    <summary>Recorded stretches and gaps as a table (${rows.length})</summary>
    <div class="table-wrap"><table>
      <caption class="visually-hidden">Recorded stretches and gaps, in order</caption>
      <thead><tr><th scope="col">What</th><th scope="col">From</th><th scope="col">Until</th><th scope="col">Length</th></tr></thead>
      <tbody>${rows.slice(0, LISTED).map((r) => html`<tr key=${`${r.kind}${r.from}`} data-coverage=${r.kind}>
        <td>${r.kind === "gap" ? "Gap" : `Recorded (${r.segments} segments)`}</td><td>${clock(r.from)}</td><td>${clock(r.to)}</td><td>${length((r.to - r.from) / 1000)}</td>
      </tr>`)}</tbody>
    </table></div>
    ${rows.length > LISTED && html`<p class="hint">The first ${LISTED} are listed.</p>`}
  </details>`;
}
