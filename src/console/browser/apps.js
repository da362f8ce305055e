// Apps: the list the API shows this person, creating one, editing one, deleting one.
import { useState } from "preact/hooks";
import { account, api } from "./api.js";
import { Check, Field, Message, can, html, useAction, useLoad, when } from "./ui.js";
import { ConfigTab } from "./config.js";
import { DeliveriesTab } from "./deliveries.js";
import { KeysTab } from "./keys.js";
import { LiveTab } from "./live.js";
import { LogsTab } from "./logs.js";
import { PluginsTab } from "./plugins.js";
import { TimelineTab } from "./timeline.js";
import { VodsTab } from "./vods.js";

const FEATURES = [
  ["publicPlayback", "Public playback (no play token needed)"],
  ["hiddenQc", "Hidden QC viewers"],
  ["rtmpPassword", "RTMP stream password"],
  ["chat", "Chat"],
  ["reactions", "Reactions"],
];

const appPath = (name) => `/apps/${encodeURIComponent(name)}`;

export function AppList({ flash }) {
  const me = account();
  const list = useLoad(() => api("GET", "/apps"), []);
  const apps = list.data ?? [];
  return html`<main id="main">
    <h1 tabindex="-1">Apps</h1>
    <${Message} info=${flash} error=${list.error} />
    ${list.loading
      ? html`<p>Loading…</p>`
      : apps.length === 0
        ? html`<p>No apps yet.</p>`
        : html`<div class="table-wrap"><table>
            <caption class="visually-hidden">Apps you can see</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">Display name</th><th scope="col">Recording</th><th scope="col">Created</th></tr></thead>
            <tbody>${apps.map((a) => html`<tr key=${a.name}>
              <td><a href=${`#/apps/${encodeURIComponent(a.name)}`}>${a.name}</a></td>
              <td>${a.displayName}</td><td>${a.recordingEnabled ? "on" : "off"}</td><td>${when(a.createdAt)}</td>
            </tr>`)}</tbody>
          </table></div>`}
    ${can(me, "app:create") && html`<${CreateApp} onCreated=${(name) => (location.hash = `#/apps/${encodeURIComponent(name)}`)} />`}
  </main>`;
}

function CreateApp({ onCreated }) {
  const action = useAction();
  const submit = (event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { name: data.get("name") };
    for (const key of ["displayName", "roomPrefix"]) if (data.get(key)) body[key] = data.get(key);
    action.run(async () => onCreated((await api("POST", "/apps", body)).name));
  };
  return html`<section aria-labelledby="create-title">
    <h2 id="create-title">Create an app</h2>
    <form onSubmit=${submit}>
      <${Field} label="Name" name="name" required pattern="[a-z0-9][a-z0-9-]{1,30}[a-z0-9]" hint="3–32 lowercase letters, digits and dashes; it cannot be changed later." />
      <${Field} label="Display name (optional)" name="displayName" maxlength="100" />
      <${Field} label="Room prefix (optional)" name="roomPrefix" hint="Defaults to the name." />
      <${Message} error=${action.error} />
      <button type="submit" disabled=${action.busy}>Create app</button>
    </form>
  </section>`;
}

/** The app page's tabs: `#/apps/<name>/<id>[/<item>][?query]`; each but settings lives in its own module. */
const TABS = [
  { id: "settings", label: "Settings" },
  { id: "live", label: "Live", Tab: LiveTab },
  { id: "timeline", label: "Timeline", Tab: TimelineTab },
  { id: "keys", label: "Keys", Tab: KeysTab },
  { id: "config", label: "Config", Tab: ConfigTab },
  { id: "deliveries", label: "Deliveries", Tab: DeliveriesTab },
  { id: "vods", label: "VODs", Tab: VodsTab },
  { id: "logs", label: "Logs", Tab: LogsTab },
  { id: "plugins", label: "Plugins", Tab: PluginsTab },
];

export function AppDetail({ name, tab = "settings", item, params }) {
  const me = account();
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  return html`<main id="main">
    <p><a href="#/apps">← All apps</a></p>
    <h1 tabindex="-1">App ${name}</h1>
    <nav aria-label="App sections" class="tabs">
      ${TABS.map((t) => html`<a href=${`#/apps/${encodeURIComponent(name)}/${t.id}`} aria-current=${t === current ? "page" : undefined}>${t.label}</a>`)}
    </nav>
    ${current.Tab ? html`<${current.Tab} key=${`${name}/${current.id}`} name=${name} me=${me} item=${item} params=${params} />` : html`<${SettingsTab} name=${name} me=${me} />`}
  </main>`;
}

function SettingsTab({ name, me }) {
  const app = useLoad(() => api("GET", appPath(name)), [name]);
  return html`<${Message} error=${app.error} />
    ${app.data && html`<${AppSettings} app=${app.data} writable=${can(me, "config:write")} onSaved=${app.reload} />`}
    ${app.data && can(me, "app:delete") && html`<${DeleteApp} name=${name} />`}`;
}

/** The top-level fields and feature flags PATCH /apps/{app} edits; read-only for roles that may not write. */
function AppSettings({ app, writable, onSaved }) {
  const action = useAction();
  const submit = (event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      displayName: data.get("displayName"),
      roomPrefix: data.get("roomPrefix"),
      recordingEnabled: data.get("recordingEnabled") === "on",
      splitMinutes: Number(data.get("splitMinutes")),
      snapshotSeconds: Number(data.get("snapshotSeconds")),
      callbackUrl: data.get("callbackUrl"),
      features: Object.fromEntries(FEATURES.map(([key]) => [key, data.get(key) === "on"])),
    };
    // The webhook key is write-only: sent only when typed, or when "remove" is ticked.
    if (data.get("callbackSecret")) body.callbackSecret = data.get("callbackSecret");
    else if (data.get("removeSecret") === "on") body.callbackSecret = "";
    action.run(async () => {
      await api("PATCH", appPath(app.name), body);
      event.target.reset();
      await onSaved();
    }, "Saved.");
  };
  return html`<section aria-labelledby="settings-title">
    <h2 id="settings-title">Settings</h2>
    <form onSubmit=${submit} key=${app.updatedAt}>
      <fieldset disabled=${!writable || action.busy}>
        <legend class="visually-hidden">App settings</legend>
        <${Field} label="Display name" name="displayName" defaultValue=${app.displayName} maxlength="100" />
        <${Field} label="Room prefix" name="roomPrefix" defaultValue=${app.roomPrefix} />
        <${Check} label="Recording enabled" name="recordingEnabled" defaultChecked=${app.recordingEnabled} />
        <${Field} label="Split recordings every (minutes, 0 = never)" name="splitMinutes" type="number" min="0" max="1440" defaultValue=${app.splitMinutes} />
        <${Field} label="Snapshot every (seconds, 0 = never)" name="snapshotSeconds" type="number" min="0" max="3600" defaultValue=${app.snapshotSeconds} />
        <${Field} label="Webhook URL" name="callbackUrl" type="url" defaultValue=${app.callbackUrl} hint="Empty turns webhooks off." />
        <${Field} label="Webhook signing key" name="callbackSecret" type="password" autocomplete="off" placeholder=${app.callbackSecretSet ? "set (type to replace)" : "not set"} hint="Write-only: the key is never shown." />
        ${app.callbackSecretSet && html`<${Check} label="Remove the signing key" name="removeSecret" />`}
        <fieldset class="features">
          <legend>Features</legend>
          ${FEATURES.map(([key, label]) => html`<${Check} key=${key} label=${label} name=${key} defaultChecked=${app.features[key]} />`)}
        </fieldset>
      </fieldset>
      <${Message} error=${action.error} info=${action.info} />
      ${writable ? html`<button type="submit" disabled=${action.busy}>Save settings</button>` : html`<p class="hint">Your role can view these settings but not change them.</p>`}
    </form>
  </section>`;
}

/** Deleting needs the app's name typed out, so a slip of the mouse cannot remove an app. */
function DeleteApp({ name }) {
  const [typed, setTyped] = useState("");
  const action = useAction();
  const submit = (event) => {
    event.preventDefault();
    const deleteVods = new FormData(event.currentTarget).get("deleteVods") === "on";
    action.run(async () => {
      await api("DELETE", `${appPath(name)}${deleteVods ? "?deleteVods=true" : ""}`);
      location.hash = `#/apps?deleted=${encodeURIComponent(name)}`;
    });
  };
  return html`<section aria-labelledby="delete-title" class="danger-zone">
    <h2 id="delete-title">Delete this app</h2>
    <p>Its rooms stop working and its tokens are revoked. Its folder is moved aside, unless you also delete its VODs.</p>
    <form onSubmit=${submit}>
      <${Field} label=${`Type ${name} to confirm`} name="confirm" autocomplete="off" value=${typed} onInput=${(e) => setTyped(e.currentTarget.value)} />
      <${Check} label="Also delete its recordings and VOD files" name="deleteVods" />
      <${Message} error=${action.error} />
      <button type="submit" class="danger" disabled=${typed !== name || action.busy}>Delete app ${name}</button>
    </form>
  </section>`;
}
