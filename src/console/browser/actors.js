// Operators' view of every supervised actor (VODs, latency latches, plugin workers, restream
// destinations), refreshed every 2 seconds; the API answers it to global credentials only.
import { useState } from "preact/hooks";
import { api } from "./api.js";
import { Field, Message, html, useLoad, when } from "./ui.js";

const REFRESH_MS = 2000;
const stateText = (value) => (typeof value === "string" ? value : JSON.stringify(value));

export function Actors() {
  const [prefix, setPrefix] = useState("");
  const list = useLoad(() => api("GET", `/debug/actors${prefix ? `?prefix=${encodeURIComponent(prefix)}` : ""}`), [prefix], REFRESH_MS);
  const actors = list.data ?? [];
  return html`<main id="main">
    <h1 tabindex="-1">Actors</h1>
    <${Field} label="Only ids starting with" name="prefix" value=${prefix} onInput=${(e) => setPrefix(e.currentTarget.value)} hint="Refreshes every 2 seconds." />
    <${Message} error=${list.error} />
    <p role="status">${list.loading ? "Loading…" : `${actors.length} actor${actors.length === 1 ? "" : "s"}`}</p>
    <div class="table-wrap"><table>
      <caption class="visually-hidden">Supervised actors</caption>
      <thead><tr><th scope="col">Id</th><th scope="col">Machine</th><th scope="col">State</th><th scope="col">Since</th><th scope="col">Last event</th><th scope="col">Recent transitions</th></tr></thead>
      <tbody>${actors.map((a) => html`<tr key=${a.id} data-actor=${a.id}>
        <td class="wrap">${a.id}</td><td>${a.machine}</td>
        <td>${stateText(a.state)}${a.status === "active" ? "" : html` <strong>(${a.status})</strong>`}</td>
        <td>${when(a.since)}</td>
        <td>${a.lastEvent ? `${a.lastEvent.type} at ${when(a.lastEvent.at)}` : "—"}</td>
        <td>${(a.transitions ?? []).length === 0
          ? "—"
          : html`<details><summary>${a.transitions.length}</summary><ol>${a.transitions.map(
              (t) => html`<li>${stateText(t.from)} → ${stateText(t.to)} on ${t.event}, ${when(t.at)}</li>`,
            )}</ol></details>`}</td>
      </tr>`)}</tbody>
    </table></div>
  </main>`;
}
