// The operators' Cluster page: the edge nodes that joined with the cluster token, their status and
// whether they have gone stale (no heartbeat within SERVICE_CLUSTER_STALE_SECONDS). The API
// answers it to global credentials only; the page refreshes every few seconds.
import { account, api } from "./api.js";
import { Message, html, useLoad, when } from "./ui.js";

const REFRESH_MS = 3000;

const statsText = (stats) => (stats ? Object.entries(stats).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`).join(", ") : "—");

export function ClusterPage() {
  const me = account();
  if (!me.superadmin) {
    return html`<main id="main"><h1 tabindex="-1">Cluster</h1><${Message} info="Only superadmins see the cluster." /></main>`;
  }
  return html`<main id="main"><h1 tabindex="-1">Cluster</h1><${Nodes} /></main>`;
}

function Nodes() {
  const list = useLoad(() => Promise.all([api("GET", "/cluster/info"), api("GET", "/cluster/nodes")]), [], REFRESH_MS);
  const [info, nodes] = list.data ?? [null, []];
  const stale = nodes.filter((n) => n.stale).length;
  return html`<${Message} error=${list.error} />
    ${info && !info.enabled && html`<p class="message info" role="status">The registry is off: set <code>SERVICE_CLUSTER_TOKEN</code> to let edge nodes join.</p>`}
    <p role="status">${list.loading
      ? "Loading…"
      : `${nodes.length} node${nodes.length === 1 ? "" : "s"}${stale ? `, ${stale} stale` : ""}. Refreshes every ${REFRESH_MS / 1000} seconds.`}</p>
    <div class="table-wrap"><table>
      <caption class="visually-hidden">Edge nodes</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Health</th><th scope="col">Status</th><th scope="col">Address</th><th scope="col">Region</th><th scope="col">Last heartbeat</th><th scope="col">Joined</th><th scope="col">Stats</th></tr></thead>
      <tbody>${nodes.map((n) => html`<tr key=${n.nodeId} data-node=${n.nodeId} data-stale=${n.stale ? "true" : "false"}>
        <th scope="row">${n.name}<br /><small class="hint">${n.nodeId}</small></th>
        <td>${n.stale ? html`<strong class="stale">⚠ Stale</strong><br /><small class="hint">no recent heartbeat</small>` : "Live"}</td>
        <td>${n.status}</td>
        <td class="wrap">${n.ip}${n.url ? html`<br />${n.url}` : ""}</td>
        <td>${n.region || "—"}</td>
        <td>${when(n.lastHeartbeatAt)}</td>
        <td>${when(n.joinedAt)}</td>
        <td class="wrap">${statsText(n.stats)}</td>
      </tr>`)}</tbody>
    </table></div>
    ${info?.join && html`<details>
      <summary>Add an edge node</summary>
      <p>Run this on the edge machine (it carries the cluster token: treat it as a secret):</p>
      <p><code class="secret">${info.join}</code></p>
    </details>`}`;
}
