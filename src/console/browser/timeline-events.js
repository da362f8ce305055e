// The Timeline tab's events: which kinds and labels to show (on the bar and in the list), and the
// list with each event's picture and what to do with it.
import { useState } from "preact/hooks";
import { clock, length, usePicture } from "./timeline-util.js";
import { html } from "./ui.js";

const PAGE = 20;
/** Event sources (`source` in the API) as the page names them. */
export const KINDS = [
  ["object", "Detections"],
  ["motion", "Motion"],
  ["connection", "Connections"],
];
/** Seconds either side of an event when it is selected for a clip, as retention keeps them. */
const SELECT_PADDING_MS = 5000;

/** `filter` is `{ kinds: Set, label }`; `label` "" means every label. */
export const shownBy = (filter) => (e) => filter.kinds.has(e.source) && (filter.label === "" || e.label === filter.label);

export function EventFilters({ events, filter, onFilter }) {
  const labels = [...new Set(events.map((e) => e.label))].sort();
  const toggle = (kind) => {
    const kinds = new Set(filter.kinds);
    if (kinds.has(kind)) kinds.delete(kind);
    else kinds.add(kind);
    onFilter({ ...filter, kinds });
  };
  return html`<fieldset class="filters tl-filters">
    <legend>Events shown</legend>
    ${KINDS.map(([kind, label]) => html`<label class="check" key=${kind}>
      <span class=${`tl-swatch tl-${kind}`} aria-hidden="true"></span>
      <input type="checkbox" checked=${filter.kinds.has(kind)} onChange=${() => toggle(kind)} /> ${label} (${events.filter((e) => e.source === kind).length})
    </label>`)}
    <div class="field">
      <label for="tl-label">Label</label>
      <select id="tl-label" value=${filter.label} onChange=${(e) => onFilter({ ...filter, label: e.currentTarget.value })}>
        <option value="">every label</option>
        ${labels.map((l) => html`<option value=${l} key=${l}>${l}</option>`)}
      </select>
    </div>
  </fieldset>`;
}

/** The events shown, newest first, a page at a time; `day` bounds a selection made from one. */
export function EventList({ events, day, onPlay, onSelection }) {
  const [offset, setOffset] = useState(0);
  const newest = [...events].reverse();
  const start = Math.min(offset, Math.max(0, Math.floor((newest.length - 1) / PAGE) * PAGE));
  const rows = newest.slice(start, start + PAGE);
  const select = (e) => onSelection({ from: Math.max(day.start, e.from - SELECT_PADDING_MS), to: Math.min(day.end, e.to + SELECT_PADDING_MS) });
  return html`<section aria-labelledby="tl-events-title">
    <h3 id="tl-events-title">Events</h3>
    ${newest.length === 0
      ? html`<p>No events shown for this day.</p>`
      : html`<div class="table-wrap"><table>
          <caption class="visually-hidden">Events of the day, newest first</caption>
          <thead><tr><th scope="col">Time</th><th scope="col">Kind</th><th scope="col">Label</th><th scope="col">Score</th><th scope="col">Length</th><th scope="col">Picture</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>${rows.map((e) => html`<tr key=${e.id} data-event=${e.id}>
            <td>${clock(e.from)}</td>
            <td>${KINDS.find(([k]) => k === e.source)?.[1] ?? e.source}</td>
            <td>${e.label}</td>
            <td>${e.source === "connection" ? "—" : `${Math.round(e.score * 100)}%`}</td>
            <td>${length(e.durationS)}</td>
            <td>${e.thumbnailUrl ? html`<${EventPicture} event=${e} />` : "—"}</td>
            <td><div class="actions">
              <button type="button" onClick=${() => onPlay(e.from)} aria-label=${`Play from event ${e.id} (${e.label} at ${clock(e.from)})`}>Play</button>
              <button type="button" class="secondary" onClick=${() => select(e)} aria-label=${`Select event ${e.id} for a clip`}>Select</button>
            </div></td>
          </tr>`)}</tbody>
        </table></div>
        ${newest.length > PAGE && html`<nav aria-label="Event pages" class="pager">
          <p>${start + 1}–${start + rows.length} of ${newest.length}</p>
          <button type="button" disabled=${start === 0} onClick=${() => setOffset(Math.max(0, start - PAGE))}>Newer events</button>
          <button type="button" disabled=${start + PAGE >= newest.length} onClick=${() => setOffset(start + PAGE)}>Older events</button>
        </nav>`}`}
  </section>`;
}

/** An event's best frame; written a moment after the event begins, so a missing one says so. */
function EventPicture({ event }) {
  const picture = usePicture(event.thumbnailUrl);
  if (picture.src) return html`<img class="tl-thumb" src=${picture.src} width="96" alt=${`${event.label} at ${clock(event.from)}`} />`;
  return html`<span class="hint">${picture.error ? (picture.error.status === 404 ? "not written yet" : picture.error.message) : "…"}</span>`;
}
