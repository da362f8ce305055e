// The app's Deliveries tab: the webhook delivery log with filters, one delivery's detail (the exact
// body sent, the last response), and redelivery.
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api.js";
import { Message, can, html, useAction, useLoad, when } from "./ui.js";

const STATUSES = ["pending", "delivered", "failed", "dropped"];
/** SPEC 6.2's catalog, for the filter; the API validates the name, so a stale list shows its error. */
const EVENTS = [
  "room_started", "room_finished", "participant_joined", "participant_left", "track_published", "track_unpublished",
  "ingress_started", "ingress_ended", "ingress_unauthorized", "egress_started", "egress_updated", "egress_ended",
  "stream_started", "stream_ended", "recording_started", "recording_part_ready", "recording_ready", "recording_failed",
  "snapshot_taken", "vod_ready", "vod_variants_ready", "hls_started", "hls_stopped",
  "restream_started", "restream_stopped", "restream_failed", "chat_message", "reaction",
  "plugin_worker_started", "plugin_worker_stopped", "plugin_worker_error", "stream.latency_high", "stream.latency_recovered",
];
const PAGE = 25;
const REFRESH_MS = 5000;

const deliveriesPath = (name) => `/apps/${encodeURIComponent(name)}/callbacks/deliveries`;
const response = (d) => (d.lastStatus !== null ? `HTTP ${d.lastStatus}` : d.lastError ? "no response" : "—");

export function DeliveriesTab({ name, me }) {
  const [filter, setFilter] = useState({ status: "", event: "", offset: 0 });
  const [selected, setSelected] = useState(null);
  const query = new URLSearchParams({ limit: String(PAGE), offset: String(filter.offset) });
  if (filter.status) query.set("status", filter.status);
  if (filter.event) query.set("event", filter.event);
  const list = useLoad(() => api("GET", `${deliveriesPath(name)}?${query}`), [name, String(query)], REFRESH_MS);
  const rows = list.data ?? [];
  const set = (key) => (event) => setFilter({ ...filter, [key]: event.currentTarget.value, offset: 0 });
  return html`<section aria-labelledby="tab-heading">
    <h2 id="tab-heading">Deliveries</h2>
    <p class="hint">Webhook deliveries of this app, newest first: the 1,000 newest finished ones and every pending one. Refreshes every 5 seconds.</p>
    <form class="filters" onSubmit=${(e) => e.preventDefault()}>
      <div class="field"><label for="dl-status">Status</label>
        <select id="dl-status" value=${filter.status} onChange=${set("status")}>
          <option value="">Any</option>${STATUSES.map((s) => html`<option key=${s} value=${s}>${s}</option>`)}
        </select></div>
      <div class="field"><label for="dl-event">Event</label>
        <select id="dl-event" value=${filter.event} onChange=${set("event")}>
          <option value="">Any</option>${EVENTS.map((e) => html`<option key=${e} value=${e}>${e}</option>`)}
        </select></div>
    </form>
    <${Message} error=${list.error} />
    ${list.loading && !list.data
      ? html`<p>Loading…</p>`
      : rows.length === 0
        ? html`<p role="status">${filter.offset > 0 ? "No more deliveries." : "No deliveries."}</p>`
        : html`<div class="table-wrap"><table>
            <caption class="visually-hidden">Webhook deliveries</caption>
            <thead><tr><th scope="col">Emitted</th><th scope="col">Event</th><th scope="col">Room</th><th scope="col">Status</th>
              <th scope="col">Attempts</th><th scope="col">Last response</th><th scope="col"><span class="visually-hidden">Detail</span></th></tr></thead>
            <tbody>${rows.map((d) => html`<tr key=${d.id} data-delivery=${d.id} aria-current=${selected === d.id ? "true" : undefined}>
              <td>${when(d.emittedAt)}</td><td>${d.event}</td><td class="wrap">${d.room}</td>
              <td><span class=${`status status-${d.status}`}>${d.status}</span></td><td>${d.attempts}</td><td>${response(d)}</td>
              <td><button type="button" class="secondary" onClick=${() => setSelected(d.id)}
                aria-label=${`Details of the ${d.event} delivery of ${when(d.emittedAt)}`}>Details</button></td>
            </tr>`)}</tbody>
          </table></div>`}
    <nav class="actions" aria-label="Delivery pages">
      <button type="button" class="secondary" disabled=${filter.offset === 0} onClick=${() => setFilter({ ...filter, offset: Math.max(0, filter.offset - PAGE) })}>Newer</button>
      <button type="button" class="secondary" disabled=${rows.length < PAGE} onClick=${() => setFilter({ ...filter, offset: filter.offset + PAGE })}>Older</button>
      <button type="button" class="secondary" onClick=${list.reload}>Refresh</button>
    </nav>
    ${selected && html`<${DeliveryDetail} key=${selected} name=${name} id=${selected} writable=${can(me, "config:write")}
      onClose=${() => setSelected(null)} onRedelivered=${list.reload} />`}
  </section>`;
}

function DeliveryDetail({ name, id, writable, onClose, onRedelivered }) {
  const detail = useLoad(() => api("GET", `${deliveriesPath(name)}/${encodeURIComponent(id)}`), [name, id], REFRESH_MS);
  const action = useAction();
  const heading = useRef(null);
  // Opening a delivery moves focus to its detail, once (not on every refresh).
  useEffect(() => heading.current?.focus(), []);
  const redeliver = () =>
    action.run(async () => {
      await api("POST", `${deliveriesPath(name)}/${encodeURIComponent(id)}/redeliver`);
      await Promise.all([detail.reload(), onRedelivered()]);
    }, "Queued again: same id and bytes, a fresh set of attempts.");
  const d = detail.data;
  let ts = "";
  try {
    ts = d ? JSON.parse(d.body).ts : "";
  } catch {
    ts = "";
  }
  return html`<section aria-labelledby="delivery-title" class="detail">
    <h3 id="delivery-title" tabindex="-1" ref=${heading}>Delivery ${id}</h3>
    <${Message} error=${detail.error} />
    ${d && html`<dl class="facts">
        <dt>Event</dt><dd>${d.event}</dd>
        <dt>Room</dt><dd>${d.room}</dd>
        <dt>Status</dt><dd>${d.status}</dd>
        <dt>Attempts</dt><dd>${d.attempts}</dd>
        <dt>Emitted</dt><dd>${when(d.emittedAt)}</dd>
        ${d.nextAttemptAt && html`<dt>Next attempt</dt><dd>${when(d.nextAttemptAt)}</dd>`}
        <dt>Finished</dt><dd>${when(d.finishedAt)}</dd>
        <dt>Sent to</dt><dd class="wrap">${d.lastUrl ?? "—"}</dd>
        <dt>Response code</dt><dd>${d.lastStatus ?? "—"}</dd>
        <dt>Error</dt><dd>${d.lastError ?? "—"}</dd>
      </dl>
      <h4>Headers</h4>
      <p class="hint">The service keeps no copy of the headers; these follow from the body. The signatures
        (<code>X-Service-Signature</code>, <code>webhook-signature</code>) are computed for each attempt from the app's
        signing key, and the receiver's response body is not kept.</p>
      <pre class="code" tabindex="0" aria-label="Headers of the delivery">${[
        `X-Service-Event: ${d.event}`,
        `X-Service-Delivery: ${d.id}`,
        `X-Service-Timestamp: ${ts}`,
        `webhook-id: ${d.id}`,
      ].join("\n")}</pre>
      <h4>Body sent</h4>
      <pre class="code" tabindex="0" aria-label="Body of the delivery, exactly as sent">${d.body}</pre>
      <${Message} error=${action.error} info=${action.info} />
      <div class="actions">
        ${writable && html`<button type="button" onClick=${redeliver} disabled=${action.busy || d.status === "pending"}>Redeliver</button>`}
        <button type="button" class="secondary" onClick=${onClose}>Close</button>
      </div>
      ${writable && d.status === "pending" && html`<p class="hint">A pending delivery is attempted again on its own schedule; it can be redelivered once it has finished.</p>`}`}
  </section>`;
}
