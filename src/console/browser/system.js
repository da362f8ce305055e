// The operators' System page: the effective settings (redacted by the API), hardware acceleration
// and database health, global and per app, with optimize for an app's database.
import { useState } from "preact/hooks";
import { account, api } from "./api.js";
import { Message, html, useAction, useLoad, when } from "./ui.js";

export function SystemPage() {
  const me = account();
  return html`<main id="main">
    <h1 tabindex="-1">System</h1>
    ${!me.superadmin && html`<${Message} info="Settings and the global database are shown to superadmins only." />`}
    <${Gpu} />
    <${Databases} global=${me.superadmin} />
    ${me.superadmin && html`<${Settings} />`}
  </main>`;
}

const bytes = (n) => {
  if (typeof n !== "number") return "—";
  if (n < 1024) return `${n} B`;
  const units = ["kB", "MB", "GB", "TB"];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) (value /= 1024), unit++;
  return `${value.toFixed(1)} ${units[unit]}`;
};

const show = (value) => {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.map(show).join(", ") : "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
};

/** Nested settings as `dotted.key` rows, so the whole config reads as one table. */
function flatten(values, prefix = "") {
  return Object.entries(values).flatMap(([key, value]) =>
    value && typeof value === "object" && !Array.isArray(value) ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

function Settings() {
  const settings = useLoad(() => api("GET", "/system/settings"), []);
  const rows = settings.data ? flatten(settings.data) : [];
  return html`<section aria-labelledby="settings-title">
    <h2 id="settings-title">Settings</h2>
    <p class="hint">The effective configuration, read-only. Credentials show only whether they are set (<code>…Set</code>); API keys are masked.</p>
    <${Message} error=${settings.error} />
    ${settings.loading
      ? html`<p>Loading…</p>`
      : html`<div class="table-wrap"><table>
          <caption class="visually-hidden">Effective settings</caption>
          <thead><tr><th scope="col">Setting</th><th scope="col">Value</th></tr></thead>
          <tbody>${rows.map(([key, value]) => html`<tr key=${key} data-setting=${key}><th scope="row" class="wrap">${key}</th><td class="wrap">${show(value)}</td></tr>`)}</tbody>
        </table></div>`}
  </section>`;
}

function Gpu() {
  const gpu = useLoad(() => api("GET", "/system/gpu"), []);
  const action = useAction();
  const probe = () => action.run(async () => {
    await api("POST", "/system/gpu/refresh");
    await gpu.reload();
  }, "Probed again.");
  const g = gpu.data;
  return html`<section aria-labelledby="gpu-title">
    <h2 id="gpu-title">GPU</h2>
    <${Message} error=${gpu.error ?? action.error} info=${action.info} />
    ${g
      ? html`<dl class="facts">
          <dt>Hardware acceleration</dt><dd><strong>${g.available ? "available" : "not available"}</strong></dd>
          <dt>Types</dt><dd>${Object.entries(g.types ?? {}).map(([type, on]) => `${type}: ${on ? "yes" : "no"}`).join(", ")}</dd>
          <dt>NVIDIA</dt><dd>nvidia-smi ${g.nvidia?.tool ?? "—"}; ${(g.nvidia?.gpus ?? []).length} GPU(s)${(g.nvidia?.gpus ?? []).length ? `: ${g.nvidia.gpus.map((x) => x.name ?? JSON.stringify(x)).join(", ")}` : ""}</dd>
          <dt>VA-API</dt><dd>vainfo ${g.vaapi?.tool ?? "—"}; render nodes: ${show(g.vaapi?.renderNodes)}; driver: ${show(g.vaapi?.driver)}</dd>
          <dt>ffmpeg</dt><dd>${g.ffmpeg?.tool ?? "—"}; hardware encoders: ${show(g.ffmpeg?.hardwareEncoders)}</dd>
          <dt>Probed</dt><dd>${when(g.probedAt)}</dd>
        </dl>`
      : gpu.loading && html`<p>Loading…</p>`}
    <button type="button" onClick=${probe} disabled=${action.busy}>Probe again</button>
  </section>`;
}

const health = (name) => api("GET", `/apps/${encodeURIComponent(name)}/db/health`).then((h) => ({ name, h }), (error) => ({ name, error }));

function Databases({ global }) {
  const dbs = useLoad(async () => {
    const [main, apps] = await Promise.all([global ? api("GET", "/system/db/health") : null, api("GET", "/apps")]);
    return { main, apps: await Promise.all(apps.map((a) => health(a.name))) };
  }, [global]);
  const [confirming, setConfirming] = useState(null);
  const [done, setDone] = useState(null);
  const action = useAction();
  const optimize = (name) => action.run(async () => {
    setConfirming(null);
    const r = await api("POST", `/apps/${encodeURIComponent(name)}/db/optimize`);
    await dbs.reload();
    return r;
  }).then((r) => r && setDone({ name, ...r }));

  const row = (label, h, app) => html`<tr key=${app ?? ""} data-db=${app ?? ""}>
    <th scope="row">${label}</th>
    <td>${h ? html`<strong>${h.integrity}</strong>` : "—"}</td>
    <td>${h?.schemaVersion ?? "—"}</td><td>${bytes(h?.fileBytes)}</td><td>${bytes(h?.walBytes)}</td>
    <td>${h?.pageCount ?? "—"}</td><td>${h?.freelistCount ?? "—"}</td>
    <td>${app && html`<button type="button" onClick=${() => (setDone(null), setConfirming(app))} disabled=${action.busy} aria-label=${`Optimize the database of app ${app}`}>Optimize</button>`}</td>
  </tr>`;

  return html`<section aria-labelledby="db-title">
    <h2 id="db-title">Databases</h2>
    <${Message} error=${dbs.error ?? action.error} info=${done ? `Optimized ${done.name} in ${done.durationMs} ms: ${bytes(done.before.fileBytes + done.before.walBytes)} → ${bytes(done.after.fileBytes + done.after.walBytes)}.` : ""} />
    ${confirming && html`<div class="danger-zone" role="group" aria-labelledby="optimize-title">
      <h3 id="optimize-title">Optimize the database of app ${confirming}?</h3>
      <p>It runs <code>PRAGMA optimize</code>, a WAL checkpoint and <code>VACUUM</code>. While it runs, every request to ${confirming} answers 503; other apps are not affected.</p>
      <button type="button" class="danger" onClick=${() => optimize(confirming)} disabled=${action.busy}>Optimize ${confirming} now</button>
      ${" "}<button type="button" onClick=${() => setConfirming(null)}>Cancel</button>
    </div>`}
    ${dbs.loading
      ? html`<p>Loading…</p>`
      : html`<div class="table-wrap"><table>
          <caption class="visually-hidden">Database health</caption>
          <thead><tr><th scope="col">Database</th><th scope="col">Integrity</th><th scope="col">Schema</th><th scope="col">File</th><th scope="col">WAL</th><th scope="col">Pages</th><th scope="col">Free pages</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            ${dbs.data?.main && row("Global (service.db)", dbs.data.main)}
            ${(dbs.data?.apps ?? []).map((a) => (a.error ? html`<tr key=${a.name} data-db=${a.name}><th scope="row">${a.name}</th><td colspan="7">${a.error.message}</td></tr>` : row(a.name, a.h, a.name)))}
          </tbody>
        </table></div>`}
    ${action.busy && html`<p role="status">Optimizing…</p>`}
  </section>`;
}
