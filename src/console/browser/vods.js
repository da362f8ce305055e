// The app's VODs tab: the recordings with the list's filters and paging, and one VOD's detail with
// playback, download and delete.
import { useEffect, useState } from "preact/hooks";
import { api, apiBlob, apiPage } from "./api.js";
import { can, Field, html, Message, useAction, useDraft, useLoad, when } from "./ui.js";

const PAGE = 25;
const STATUSES = ["recording", "uploading", "ready", "failed"];
const ORDERS = [["id", "Id"], ["started_at", "Start time"], ["size_bytes", "Size"]];
const EMPTY = { room: "", status: "", since: "", until: "", order: "id", dir: "desc" };

const vodsPath = (name) => `/apps/${encodeURIComponent(name)}/vods`;

/** `datetime-local` gives local wall-clock time without an offset; the API wants an instant. */
const instant = (local) => (local ? new Date(local).toISOString() : "");

const bytes = (n) => {
  if (n === null || n === undefined) return "—";
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
};

const seconds = (s) => (s === null || s === undefined ? "—" : `${Math.round(s * 10) / 10} s`);

function query(filters, offset) {
  const q = new URLSearchParams({ order: filters.order, dir: filters.dir, limit: String(PAGE), offset: String(offset) });
  if (filters.room) q.set("room", filters.room);
  if (filters.status) q.set("status", filters.status);
  if (filters.since) q.set("since", instant(filters.since));
  if (filters.until) q.set("until", instant(filters.until));
  return q.toString();
}

/** `#/apps/<name>/vods?vod=<id>` opens that VOD (the Timeline tab links an exported clip so). */
export function VodsTab({ name, me, params }) {
  const [filters, setFilters] = useState(EMPTY);
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState(() => Number(params?.get("vod")) || null);
  const [flash, setFlash] = useState("");
  const list = useLoad(() => apiPage(`${vodsPath(name)}?${query(filters, offset)}`), [name, filters, offset]);
  const page = list.data;

  const apply = (next) => {
    setFilters(next);
    setOffset(0);
    setFlash("");
  };
  const deleted = (id) => {
    setOpen(null);
    setFlash(`VOD ${id} was deleted.`);
    list.reload();
  };

  return html`<section aria-labelledby="tab-heading">
    <h2 id="tab-heading">VODs</h2>
    <${Filters} filters=${filters} onApply=${apply} />
    <${Message} error=${list.error} info=${flash} />
    ${list.loading && !page
      ? html`<p>Loading…</p>`
      : page && html`<${VodTable} page=${page} open=${open} onOpen=${(id) => { setFlash(""); setOpen(id); }} />
          <${Pager} page=${page} onOffset=${setOffset} onRefresh=${list.reload} />`}
    ${open !== null && html`<${VodDetail} key=${open} name=${name} id=${open} me=${me} onDeleted=${deleted} onClose=${() => setOpen(null)} />`}
  </section>`;
}

/** The list's filters, applied together on submit (a draft until then). */
function Filters({ filters, onApply }) {
  const { draft, setDraft, bind } = useDraft(filters);
  const submit = (event) => {
    event.preventDefault();
    onApply(draft);
  };
  return html`<form onSubmit=${submit} class="filters" aria-label="Filter VODs">
    <${Field} label="Room (exact name)" ...${bind("room")} />
    <div class="field">
      <label for="vod-status">Status</label>
      <select id="vod-status" ...${bind("status")}>
        <option value="">any</option>
        ${STATUSES.map((s) => html`<option value=${s}>${s}</option>`)}
      </select>
    </div>
    <${Field} label="Started from" type="datetime-local" step="1" ...${bind("since")} />
    <${Field} label="Started until" type="datetime-local" step="1" ...${bind("until")} />
    <div class="field">
      <label for="vod-order">Order by</label>
      <select id="vod-order" ...${bind("order")}>
        ${ORDERS.map(([value, label]) => html`<option value=${value}>${label}</option>`)}
      </select>
    </div>
    <div class="field">
      <label for="vod-dir">Direction</label>
      <select id="vod-dir" ...${bind("dir")}>
        <option value="desc">descending (newest, largest first)</option>
        <option value="asc">ascending</option>
      </select>
    </div>
    <button type="submit">Apply filters</button>
    <button type="button" onClick=${() => { setDraft(EMPTY); onApply(EMPTY); }}>Clear filters</button>
  </form>`;
}

function VodTable({ page, open, onOpen }) {
  if (page.data.length === 0) return html`<p>No VODs match.</p>`;
  return html`<div class="table-wrap"><table>
    <caption class="visually-hidden">VODs</caption>
    <thead><tr><th scope="col">Id</th><th scope="col">Room</th><th scope="col">Status</th><th scope="col">Part</th><th scope="col">Started</th><th scope="col">Duration</th><th scope="col">Size</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
    <tbody>${page.data.map((v) => html`<tr key=${v.id} data-vod=${v.id} aria-current=${v.id === open ? "true" : undefined}>
      <td>${v.id}</td><td class="wrap">${v.room}</td><td>${v.status}</td><td>${v.part || "—"}</td>
      <td>${when(v.startedAt)}</td><td>${seconds(v.durationS)}</td><td>${bytes(v.sizeBytes)}</td>
      <td><button type="button" onClick=${() => onOpen(v.id)}>Open VOD ${v.id}</button></td>
    </tr>`)}</tbody>
  </table></div>`;
}

function Pager({ page, onOffset, onRefresh }) {
  const { total, limit, offset } = page;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + page.data.length, total);
  return html`<nav aria-label="VOD pages" class="pager">
    <p role="status">${first}–${last} of ${total}</p>
    <button type="button" disabled=${offset === 0} onClick=${() => onOffset(Math.max(0, offset - limit))}>Previous page</button>
    <button type="button" disabled=${offset + limit >= total} onClick=${() => onOffset(offset + limit)}>Next page</button>
    <button type="button" onClick=${onRefresh}>Refresh list</button>
  </nav>`;
}

/** A raw-route URL needs the session, so it is fetched here rather than followed by the browser. */
const rawPath = (url) => {
  try {
    const match = /\/api\/v1(\/apps\/[^/]+\/vods\/\d+\/raw)$/.exec(new URL(url, location.href).pathname);
    return match ? match[1] : null;
  } catch {
    return null;
  }
};

function VodDetail({ name, id, me, onDeleted, onClose }) {
  const path = `${vodsPath(name)}/${id}`;
  const vod = useLoad(() => api("GET", path), [path]);
  const v = vod.data;
  return html`<section aria-labelledby="vod-heading" class="vod-detail">
    <h3 id="vod-heading">VOD ${id}</h3>
    <${Message} error=${vod.error} />
    ${v && html`<dl class="facts">
      <dt>Room</dt><dd>${v.room}</dd>
      <dt>Status</dt><dd>${v.status}${v.failure ? ` (${v.failure.reason}${v.failure.detail ? `: ${v.failure.detail}` : ""})` : ""}</dd>
      <dt>Stream</dt><dd>${v.streamId ?? "—"}</dd>
      <dt>Started</dt><dd>${when(v.startedAt)}</dd>
      <dt>Ended</dt><dd>${when(v.endedAt)}</dd>
      <dt>Ready</dt><dd>${when(v.readyAt)}</dd>
      <dt>Duration</dt><dd>${seconds(v.durationS)}</dd>
      <dt>Size</dt><dd>${bytes(v.sizeBytes)}</dd>
      <dt>Picture</dt><dd>${v.width && v.height ? `${v.width}×${v.height}` : "—"} ${[v.format, v.codec].filter(Boolean).join(", ")}</dd>
      <dt>S3 key</dt><dd class="wrap">${v.fileKey ?? "— (local file only)"}</dd>
    </dl>`}
    ${v && v.status === "ready" && html`<${Playback} path=${path} vod=${v} />`}
    ${v && v.adaptive && html`<${Ladder} vod=${v} />`}
    ${v && v.status === "ready" && html`<${Download} path=${path} />`}
    ${v && can(me, "vod:delete") && html`<${DeleteVod} path=${path} vod=${v} onDeleted=${onDeleted} />`}
    <p><button type="button" onClick=${onClose}>Close VOD ${id}</button></p>
  </section>`;
}

/**
 * S3 VODs play from their URL; a local file only through the raw route, which needs the session,
 * so it is fetched whole into a blob on request (a big file costs that much memory in the tab).
 */
function Playback({ path, vod }) {
  const [src, setSrc] = useState(vod.url);
  const action = useAction();
  useEffect(() => () => {
    if (src && src.startsWith("blob:")) URL.revokeObjectURL(src);
  }, [src]);
  const load = () => action.run(async () => setSrc(URL.createObjectURL(await apiBlob(`${path}/raw`))));
  return html`<div class="playback">
    <h4>Playback</h4>
    ${src
      ? html`<video controls preload="metadata" src=${src} aria-label=${`VOD ${vod.id}`} class="vod-video"></video>`
      : html`<p>The file is stored on this server; the browser needs the session to fetch it.</p>
          <button type="button" disabled=${action.busy} onClick=${load}>${action.busy ? "Loading the file…" : `Load for playback (${bytes(vod.sizeBytes)})`}</button>`}
    <${Message} error=${action.error} />
  </div>`;
}

function Ladder({ vod }) {
  const { status, masterUrl } = vod.adaptive;
  return html`<div class="ladder">
    <h4>HLS ladder (${status})</h4>
    ${masterUrl
      ? html`<p>Master playlist: <a href=${masterUrl} class="wrap">${masterUrl}</a></p>`
      : html`<p>No playlist URL: HLS URLs need the app's S3 public URL.</p>`}
    <p class="hint">The console does not play HLS ladders: that needs hls.js, which is not installed (Safari plays the playlist natively). Open the playlist URL in an HLS player.</p>
    ${vod.variants.length > 0 && html`<ul>${vod.variants.map((r) => html`<li key=${r.name}>${r.name}: ${r.height}p, ${r.bitrateKbps} kbps${r.url ? html` — <a href=${r.url}>playlist</a>` : ""}</li>`)}</ul>`}
  </div>`;
}

function Download({ path }) {
  const action = useAction();
  const download = () =>
    action.run(async () => {
      const { url, filename } = await api("GET", `${path}/download`);
      const raw = rawPath(url);
      const link = document.createElement("a");
      link.download = filename;
      // The raw route needs the session: fetch it and hand the browser a blob to save.
      link.href = raw ? URL.createObjectURL(await apiBlob(raw)) : url;
      link.rel = "noopener";
      document.body.append(link);
      link.click();
      link.remove();
      if (raw) setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    }, "Download started.");
  return html`<p><button type="button" disabled=${action.busy} onClick=${download}>Download</button></p>
    <${Message} error=${action.error} info=${action.info} />`;
}

/** Deleting asks once more, naming the VOD, before it calls the API. */
function DeleteVod({ path, vod, onDeleted }) {
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  const busyStatus = vod.status === "recording" || vod.status === "uploading";
  const remove = () =>
    action.run(async () => {
      await api("DELETE", path);
      onDeleted(vod.id);
    });
  return html`<div class="danger-zone">
    ${confirming
      ? html`<p role="alert">Delete VOD ${vod.id} (${vod.room}) with its file and snapshot, locally and in S3? This cannot be undone.</p>
          <button type="button" class="danger" disabled=${action.busy} onClick=${remove}>Yes, delete VOD ${vod.id}</button>
          <button type="button" onClick=${() => setConfirming(false)}>Cancel</button>`
      : html`<button type="button" class="danger" disabled=${busyStatus} onClick=${() => setConfirming(true)}>Delete VOD ${vod.id}</button>
          ${busyStatus && html`<small class="hint"> A VOD cannot be deleted while it records or uploads.</small>`}`}
    <${Message} error=${action.error} />
  </div>`;
}
