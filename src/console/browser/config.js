// The app's Config tab: the raw config.yaml with a dry run before saving, its backups with revert,
// the presets, and the S3 and MQTT blocks (their secrets write-only).
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api.js";
import { Message, can, html, useAction, useLoad } from "./ui.js";
import { MqttBlock, S3Block } from "./config-blocks.js";

const appPath = (name) => `/apps/${encodeURIComponent(name)}`;

/** A backup's name (`20260125T120000123Z[-n]`) as a local time, the name kept for the exact one. */
function backupTime(ts) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(ts);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`).toLocaleString() : ts;
}

/** Every write on this tab reloads every section (a preset or an S3 change rewrites the YAML too). */
export function ConfigTab({ name, me }) {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const writable = can(me, "config:write");
  return html`<section aria-labelledby="tab-heading">
    <h2 id="tab-heading">Config</h2>
    ${!writable && html`<p class="hint">Your role can read this app's configuration but not change it.</p>`}
    <${RawEditor} name=${name} writable=${writable} version=${version} onChanged=${changed} />
    <${Backups} name=${name} writable=${writable} version=${version} onChanged=${changed} />
    <${Presets} name=${name} writable=${writable} onChanged=${changed} />
    <${S3Block} name=${name} writable=${can(me, "s3:write")} version=${version} onChanged=${changed} />
    <${MqttBlock} name=${name} writable=${writable} version=${version} onChanged=${changed} />
  </section>`;
}

/** A unified diff, each line marked for screen readers and colour alike; "no changes" when it has no hunks. */
export function Diff({ diff, label }) {
  if (!diff || !/^@@/m.test(diff)) return html`<p role="status">No changes.</p>`;
  const lines = diff.split("\n").filter((l) => !/^(=+|Index: .*)$/.test(l));
  const kind = (l) => (l.startsWith("+++") || l.startsWith("---") ? "head" : l.startsWith("@@") ? "hunk" : l.startsWith("+") ? "add" : l.startsWith("-") ? "del" : "ctx");
  return html`<pre class="diff" tabindex="0" aria-label=${label}>${lines.map((l) => html`<span class=${`diff-${kind(l)}`}>${`${l}\n`}</span>`)}</pre>`;
}

/** A failed validation as a list: the parse error's line, or each schema path with its message. */
export function Problems({ error }) {
  if (!error) return null;
  const details = Array.isArray(error.details) ? error.details : [];
  if (details.length === 0) return html`<${Message} error=${error} />`;
  return html`<div class="message error" role="alert">
    <p>${error.status === 403 ? `Not allowed: ${error.message}` : error.code === "bad_request" ? "The YAML does not parse." : "The config is not valid."}</p>
    <ul>${details.map((d, i) => html`<li key=${i}>${d.line ? `Line ${d.line}: ` : d.path && d.path !== "yaml" ? `${d.path}: ` : ""}${d.message}</li>`)}</ul>
  </div>`;
}

function RawEditor({ name, writable, version, onChanged }) {
  const raw = useLoad(() => api("GET", `${appPath(name)}/config/raw`), [name, version]);
  // null: show the file as loaded (and follow reloads); a string: the person's unsaved edit.
  const [text, setText] = useState(null);
  const [checked, setChecked] = useState(null); // { yaml, diff, warnings } of the last good dry run
  const [invalid, setInvalid] = useState(null);
  const action = useAction();
  // After a save the saved text stays shown until the reload brings the file back, then follows it.
  const follow = useRef(false);
  useEffect(() => {
    if (follow.current && raw.data !== null) {
      follow.current = false;
      setText(null);
    }
  }, [raw.data]);
  const shown = text ?? raw.data ?? "";
  const ready = checked !== null && checked.yaml === shown;

  const edit = (event) => {
    setText(event.currentTarget.value);
    setChecked(null);
    setInvalid(null);
  };
  const validate = () =>
    action.run(async () => {
      setInvalid(null);
      setChecked(null);
      try {
        const result = await api("POST", `${appPath(name)}/config/raw/validate`, { yaml: shown });
        setChecked({ yaml: shown, diff: result.diff, warnings: result.warnings ?? [] });
      } catch (err) {
        if (err.status !== 400) throw err;
        setInvalid(err);
      }
    });
  const save = () =>
    action.run(async () => {
      const result = await api("PUT", `${appPath(name)}/config/raw`, { yaml: checked.yaml });
      follow.current = true;
      setText(checked.yaml);
      setChecked(null);
      onChanged();
      return result;
    }, "Saved and reloaded.");
  const discard = () => {
    setText(null);
    setChecked(null);
    setInvalid(null);
  };

  return html`<section aria-labelledby="raw-title">
    <h3 id="raw-title">config.yaml</h3>
    <${Message} error=${raw.error} />
    <div class="field">
      <label for="config-yaml">YAML</label>
      <textarea id="config-yaml" class="code" rows="18" spellcheck=${false} autocomplete="off" readonly=${!writable}
        aria-describedby="config-yaml-hint" value=${shown} onInput=${edit}></textarea>
      <small id="config-yaml-hint">${writable
        ? "Validate shows what would change; Save is offered once the change has been validated. Secrets never go here."
        : "Read-only for your role."}</small>
    </div>
    ${writable && html`<div class="actions">
      <button type="button" onClick=${validate} disabled=${action.busy || raw.loading}>Validate</button>
      <button type="button" onClick=${save} disabled=${action.busy || !ready}>Save</button>
      ${text !== null && text !== raw.data && html`<button type="button" class="secondary" onClick=${discard} disabled=${action.busy}>Discard edits</button>`}
    </div>`}
    <${Problems} error=${invalid} />
    <${Message} error=${action.error} info=${action.info} />
    ${checked && html`<div aria-live="polite">
      <h4>Changes the save would make</h4>
      ${checked.warnings.map((w, i) => html`<p key=${i} class="message info">Warning: ${w}</p>`)}
      <${Diff} diff=${checked.diff} label="Diff of the current config and the edited one" />
    </div>`}
  </section>`;
}

function Backups({ name, writable, version, onChanged }) {
  const list = useLoad(() => api("GET", `${appPath(name)}/config/backups`), [name, version]);
  const [preview, setPreview] = useState(null); // { ts, diff, warnings }
  const action = useAction();
  const compare = (ts) =>
    action.run(async () => {
      setPreview(null);
      const backup = await api("GET", `${appPath(name)}/config/backups/${encodeURIComponent(ts)}`);
      // The dry run of the backup's text is exactly what reverting to it would change.
      const result = await api("POST", `${appPath(name)}/config/raw/validate`, { yaml: backup.yaml });
      setPreview({ ts, diff: result.diff, warnings: result.warnings ?? [] });
    });
  const revert = (ts) =>
    action.run(async () => {
      await api("POST", `${appPath(name)}/config/backups/${encodeURIComponent(ts)}/revert`);
      setPreview(null);
      onChanged();
    }, `Reverted to the backup of ${backupTime(ts)}; the config it replaced is now the newest backup.`);
  const backups = list.data ?? [];
  return html`<section aria-labelledby="backups-title">
    <h3 id="backups-title">Backups</h3>
    <p class="hint">Every change backs the previous file up; the 50 newest are kept.</p>
    <${Message} error=${list.error} />
    ${list.loading && !list.data
      ? html`<p>Loading…</p>`
      : backups.length === 0
        ? html`<p>No backups yet.</p>`
        : html`<div class="table-wrap"><table>
            <caption class="visually-hidden">Config backups, newest first</caption>
            <thead><tr><th scope="col">Taken</th><th scope="col">Size</th><th scope="col">Actions</th></tr></thead>
            <tbody>${backups.slice(0, 20).map((b) => html`<tr key=${b.ts} data-backup=${b.ts}>
              <td><time datetime=${b.ts}>${backupTime(b.ts)}</time></td>
              <td>${b.sizeBytes} bytes</td>
              <td><button type="button" class="secondary" onClick=${() => compare(b.ts)} disabled=${action.busy}
                aria-label=${writable ? `Review revert to the backup of ${backupTime(b.ts)}` : `Compare the backup of ${backupTime(b.ts)} with the current config`}>${writable ? "Review revert" : "Compare"}</button></td>
            </tr>`)}</tbody>
          </table></div>`}
    ${backups.length > 20 && html`<p class="hint">The 20 newest of ${backups.length} are shown.</p>`}
    <${Message} error=${action.error} info=${action.info} />
    ${preview && html`<div aria-live="polite">
      <h4>Reverting to the backup of ${backupTime(preview.ts)} would change</h4>
      <${Diff} diff=${preview.diff} label="Diff of the current config and the backup" />
      ${writable && html`<button type="button" onClick=${() => revert(preview.ts)} disabled=${action.busy}>Revert to this backup</button>`}
    </div>`}
  </section>`;
}

function Presets({ name, writable, onChanged }) {
  const list = useLoad(() => api("GET", `${appPath(name)}/presets`), [name]);
  const [applied, setApplied] = useState(null);
  const action = useAction();
  const apply = (id) =>
    action.run(async () => {
      setApplied(null);
      setApplied(await api("POST", `${appPath(name)}/presets/${encodeURIComponent(id)}/apply`));
      onChanged();
    });
  return html`<section aria-labelledby="presets-title">
    <h3 id="presets-title">Presets</h3>
    <p class="hint">A preset is merged over the current config (never S3, callbacks or names). The service has no dry run for
      presets: each shows what it sets, and applying one shows the exact diff; the config it replaced is kept as a backup to revert to.</p>
    <${Message} error=${list.error} />
    <ul class="presets">${(list.data ?? []).map((p) => html`<li key=${p.id}>
      <strong>${p.id}</strong>: ${p.description}
      <details><summary>What it sets</summary><pre class="code">${JSON.stringify(p.sets, null, 2)}</pre></details>
      ${writable && html`<button type="button" class="secondary" onClick=${() => apply(p.id)} disabled=${action.busy}>Apply ${p.id}</button>`}
    </li>`)}</ul>
    <${Message} error=${action.error} />
    ${applied && html`<div aria-live="polite">
      <p class="message info" role="status">Applied ${applied.preset}: ${applied.changed.length ? `changed ${applied.changed.join(", ")}` : "nothing changed"}.</p>
      ${(applied.warnings ?? []).map((w, i) => html`<p key=${i} class="message info">Warning: ${w}</p>`)}
      <${Diff} diff=${applied.diff} label=${`Diff the ${applied.preset} preset made`} />
    </div>`}
  </section>`;
}
