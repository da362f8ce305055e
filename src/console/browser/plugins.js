// The app's Plugins tab: every known plugin with its state; install, enable or disable, configure
// from the manifest's configSchema; the worker's status (refreshed every 2 s), start/stop and logs.
import { useState } from "preact/hooks";
import { api } from "./api.js";
import { Check, Field, Message, can, html, useAction, useLoad, when } from "./ui.js";

const STATUS_MS = 2000;
/** What the API answers for a secret that is set; sending it back keeps the stored value. */
const MASK = "********";

export function PluginsTab({ name, me }) {
  const base = `/apps/${encodeURIComponent(name)}/plugins`;
  const list = useLoad(() => api("GET", base), [base]);
  const writable = can(me, "config:write");
  return html`<section aria-labelledby="tab-heading">
    <h2 id="tab-heading">Plugins</h2>
    <${Message} error=${list.error} />
    ${list.loading && !list.data && html`<p>Loading…</p>`}
    ${!writable && list.data && html`<p class="hint">Your role can see plugins but not change them.</p>`}
    ${(list.data ?? []).map((p) => html`<${Plugin} key=${p.id} base=${`${base}/${encodeURIComponent(p.id)}`} plugin=${p} writable=${writable} onChanged=${list.reload} />`)}
  </section>`;
}

function Plugin({ base, plugin: p, writable, onChanged }) {
  const action = useAction();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const state = !p.installed ? "not installed" : p.enabled ? "enabled" : "installed, disabled";
  const call = (method, suffix, body, info) =>
    action.run(async () => {
      await api(method, `${base}${suffix}`, body);
      setConfirmRemove(false);
      await onChanged();
    }, info);
  const headingId = `plugin-${p.id}`;
  return html`<article class="plugin" aria-labelledby=${headingId} data-plugin=${p.id}>
    <h3 id=${headingId}>${p.name} <small>${p.id} ${p.version}</small></h3>
    <p>${p.description}</p>
    <dl class="facts">
      <dt>State</dt><dd data-state>${state}</dd>
      <dt>Rooms from</dt><dd>${(p.sources ?? []).join(", ") || "—"}</dd>
      <dt>Worker process</dt><dd>${p.needsWorker ? "yes" : "no"}</dd>
      ${p.playerOverlay && html`<dt>Player overlay</dt><dd>yes</dd>`}
    </dl>
    ${writable && html`<div class="actions">
      ${!p.installed && html`<button type="button" disabled=${action.busy} onClick=${() => call("POST", "/install", undefined, `${p.name} installed.`)}>Install ${p.name}</button>`}
      ${p.installed && !p.enabled && html`<button type="button" disabled=${action.busy} onClick=${() => call("PATCH", "", { enabled: true }, `${p.name} enabled.`)}>Enable ${p.name}</button>`}
      ${p.installed && p.enabled && html`<button type="button" disabled=${action.busy} onClick=${() => call("PATCH", "", { enabled: false }, `${p.name} disabled.`)}>Disable ${p.name}</button>`}
      ${p.installed && !confirmRemove && html`<button type="button" class="danger" disabled=${action.busy} onClick=${() => setConfirmRemove(true)}>Uninstall ${p.name}</button>`}
    </div>`}
    ${confirmRemove && html`<div class="danger-zone">
      <p role="alert">Uninstall ${p.name}? Its worker stops and its configuration and secrets are removed.</p>
      <button type="button" class="danger" disabled=${action.busy} onClick=${() => call("DELETE", "", undefined, `${p.name} uninstalled.`)}>Yes, uninstall ${p.name}</button>
      <button type="button" onClick=${() => setConfirmRemove(false)}>Cancel</button>
    </div>`}
    <${Message} error=${action.error} info=${action.info} />
    ${p.installed && html`<${Configure} base=${base} plugin=${p} writable=${writable} onSaved=${onChanged} />`}
    ${p.installed && p.needsWorker && html`<${Worker} base=${base} plugin=${p} writable=${writable} />`}
  </article>`;
}

/** A form built from the manifest's configSchema; only the fields that changed are sent. */
function Configure({ base, plugin: p, writable, onSaved }) {
  const action = useAction();
  const schema = Object.entries(p.configSchema ?? {});
  const submit = (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const config = {};
    for (const [key, f] of schema) {
      const current = p.config[key];
      if (f.type === "secret") {
        // Write-only: sent when typed, or "" when "remove" is ticked; otherwise left as it is.
        const typed = String(data.get(key) ?? "");
        if (typed) config[key] = typed;
        else if (data.get(`${key}--remove`) === "on") config[key] = "";
      } else if (f.type === "boolean") {
        const value = data.get(key) === "on";
        if (value !== current) config[key] = value;
      } else if (f.type === "number") {
        const raw = String(data.get(key) ?? "");
        const value = Number(raw);
        if (raw !== "" && value !== current) config[key] = value;
      } else {
        const value = String(data.get(key) ?? "");
        if (value !== current) config[key] = value;
      }
    }
    if (Object.keys(config).length === 0) return;
    action.run(async () => {
      await api("PATCH", base, { config });
      form.reset();
      await onSaved();
    }, "Configuration saved.");
  };
  return html`<details class="configure" open>
    <summary>Configuration</summary>
    <form onSubmit=${submit} key=${JSON.stringify(p.config)} aria-label=${`Configure ${p.name}`}>
      <fieldset disabled=${!writable || action.busy}>
        <legend class="visually-hidden">${p.name} configuration</legend>
        ${schema.map(([key, f]) => html`<${ConfigField} key=${key} name=${key} field=${f} value=${p.config[key]} />`)}
      </fieldset>
      <${Message} error=${action.error} info=${action.info} />
      ${writable && html`<button type="submit" disabled=${action.busy}>Save ${p.name} configuration</button>`}
    </form>
  </details>`;
}

function ConfigField({ name, field: f, value }) {
  const label = `${name}: ${f.description}`;
  switch (f.type) {
    case "boolean":
      return html`<${Check} label=${label} name=${name} defaultChecked=${value === true} />`;
    case "number":
      return html`<${Field} label=${label} name=${name} type="number" min=${f.min} max=${f.max} step=${f.integer ? 1 : "any"} defaultValue=${value} hint=${`${f.min}–${f.max}${f.integer ? ", whole numbers" : ""}; default ${f.default}`} />`;
    case "select":
      return html`<${Select} label=${label} name=${name} options=${f.options} value=${value} />`;
    case "secret": {
      const set = value === MASK;
      return html`<${Field} label=${label} name=${name} type="password" autocomplete="new-password" placeholder=${set ? MASK : "not set"} hint=${set ? "Set. Write-only: type to replace it." : "Not set. Write-only: it is never shown."} />
        ${set && html`<${Check} label=${`Remove ${name}`} name=${`${name}--remove`} />`}`;
    }
    default:
      return html`<${Field} label=${label} name=${name} defaultValue=${value ?? ""} maxlength=${f.maxLength} hint=${f.default === "" ? undefined : `default ${f.default}`} />`;
  }
}

let selects = 0;
function Select({ label, name, options, value }) {
  const [id] = useState(() => `plugin-select-${++selects}`);
  return html`<div class="field">
    <label for=${id}>${label}</label>
    <select id=${id} name=${name}>
      ${options.map((o) => html`<option value=${o} selected=${o === value}>${o}</option>`)}
    </select>
  </div>`;
}

function Worker({ base, plugin: p, writable }) {
  const status = useLoad(() => api("GET", `${base}/worker/status`), [base], STATUS_MS);
  const action = useAction();
  const s = status.data ?? p.worker;
  const rooms = Object.entries(s?.rooms ?? {});
  const control = (verb) =>
    action.run(async () => {
      await api("POST", `${base}/worker/${verb}`);
      await status.reload();
    });
  const idle = !s || ["stopped", "failed"].includes(s.state);
  return html`<section class="worker" aria-label=${`${p.name} worker`}>
    <h4>Worker</h4>
    <${Message} error=${status.error ?? action.error} />
    ${s && html`<dl class="facts" data-worker=${p.id}>
      <dt>State</dt><dd data-worker-state>${s.state}</dd>
      <dt>Process id</dt><dd>${s.pid ?? "—"}</dd>
      <dt>Started</dt><dd>${when(s.startedAt)}</dd>
      <dt>Model</dt><dd>${s.model ?? "—"}</dd>
      <dt>Crashes in a row</dt><dd>${s.crashes}</dd>
      <dt>Last exit</dt><dd>${s.lastExit ? [s.lastExit.exitCode !== null && `code ${s.lastExit.exitCode}`, s.lastExit.signal, s.lastExit.error].filter(Boolean).join(", ") || "—" : "—"}</dd>
      <dt>Memory</dt><dd>${s.rssBytes ? `${Math.round(s.rssBytes / 1048576)} MB` : "—"}</dd>
    </dl>`}
    ${rooms.length === 0
      ? html`<p>No rooms being worked on.</p>`
      : html`<div class="table-wrap"><table>
          <caption>Rooms (the worker's report of its last 5 s)</caption>
          <thead><tr><th scope="col">Room</th><th scope="col">Frames per second</th><th scope="col">Time per frame</th><th scope="col">Analysed</th><th scope="col">Skipped</th></tr></thead>
          <tbody>${rooms.map(([room, r]) => html`<tr key=${room}><td class="wrap">${room}</td><td>${r.fps}</td><td>${r.latencyMs} ms</td><td>${r.analysed}</td><td>${r.skipped}</td></tr>`)}</tbody>
        </table></div>`}
    ${writable && p.enabled && html`<p class="actions">
      ${idle
        ? html`<button type="button" disabled=${action.busy} onClick=${() => control("start")}>Start ${p.name} worker</button>`
        : html`<button type="button" disabled=${action.busy || s.state === "stopping"} onClick=${() => control("stop")}>Stop ${p.name} worker</button>`}
    </p>`}
    <${WorkerLogs} base=${base} plugin=${p} />
  </section>`;
}

function WorkerLogs({ base, plugin: p }) {
  const [limit, setLimit] = useState("200");
  const [shown, setShown] = useState(null);
  const action = useAction();
  const show = (event) => {
    event.preventDefault();
    action.run(async () => setShown((await api("GET", `${base}/logs?limit=${encodeURIComponent(limit || "200")}`)).lines));
  };
  return html`<details class="worker-logs">
    <summary>${p.name} worker logs</summary>
    <form onSubmit=${show} aria-label=${`${p.name} worker logs`}>
      <${Field} label="Lines (newest last)" type="number" min="1" max="1000" name="limit" value=${limit} onInput=${(e) => setLimit(e.currentTarget.value)} />
      <button type="submit" disabled=${action.busy}>Show ${p.name} worker logs</button>
    </form>
    <${Message} error=${action.error} />
    ${shown && (shown.length === 0
      ? html`<p>No output yet.</p>`
      : html`<pre class="log-output" tabindex="0" aria-label=${`${p.name} worker output`}>${shown.map((l) => `${l.ts} ${l.stream}  ${l.line}\n`).join("")}</pre>`)}
  </details>`;
}
