// The app's Keys tab: api tokens, camera keys and ingresses.
import { useState } from "preact/hooks";
import { api } from "./api.js";
import { QrCode } from "./qr.js";
import { Field, Message, can, html, useAction, useLoad, when } from "./ui.js";

const appPath = (name) => `/apps/${encodeURIComponent(name)}`;

/** What a device is provisioned with: the camera's `wsUrl` with its key in the query (SPEC 4.10). */
export const provisioningUrl = (minted) => `${minted.wsUrl}&key=${encodeURIComponent(minted.streamKey)}`;

export function KeysTab({ name, me }) {
  const app = useLoad(() => api("GET", appPath(name)), [name]);
  return html`<${Message} error=${app.error} />
    ${app.data && html`<${ApiTokens} app=${app.data} me=${me} />`}
    <${CameraKeys} name=${name} me=${me} />
    <${Ingresses} name=${name} me=${me} />`;
}

/**
 * A secret shown once, right after it was made: a read-only field to select, a copy button, and
 * the note that it cannot be shown again. `children` adds what belongs with it (the QR code).
 */
function Reveal({ label, value, onDone, children }) {
  const [copied, setCopied] = useState("");
  const copy = async (event) => {
    const input = event.currentTarget.form.elements.namedItem("secret");
    try {
      await navigator.clipboard.writeText(value);
      setCopied("Copied.");
    } catch {
      // No clipboard permission (an insecure origin): select it so Ctrl+C works.
      input.select();
      setCopied("Selected: press Ctrl+C (⌘C) to copy.");
    }
  };
  return html`<form class="reveal" onSubmit=${(e) => e.preventDefault()}>
    <${Field} label=${label} name="secret" value=${value} readonly autocomplete="off" spellcheck=${false} size="60" hint="Shown this once: copy it now. Only a hash is stored." />
    <button type="button" onClick=${copy}>Copy</button> <button type="button" onClick=${onDone}>Done, hide it</button>
    <${Message} info=${copied} />
    ${children}
  </form>`;
}

/** This app's API tokens (owners and admins: `team:manage`); created app-scoped, shown once. */
function ApiTokens({ app, me }) {
  const allowed = can(me, "team:manage");
  const list = useLoad(() => (allowed ? api("GET", "/tokens") : Promise.resolve([])), [app.id, allowed]);
  const action = useAction();
  const [created, setCreated] = useState(null);
  const tokens = (list.data ?? []).filter((t) => t.scope === "app" && t.appId === app.id);
  const create = (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const allowedIps = String(data.get("allowedIps") ?? "").split(/[\s,]+/).filter(Boolean);
    action.run(async () => {
      const made = await api("POST", "/tokens", { name: data.get("name"), scope: "app", appId: app.id, allowedIps });
      setCreated({ ...made, name: data.get("name") });
      form.reset();
      await list.reload();
    });
  };
  const revoke = (t) => action.run(async () => {
    await api("DELETE", `/tokens/${t.id}`);
    await list.reload();
  }, `Token ${t.name} revoked.`);
  return html`<section aria-labelledby="tokens-title">
    <h2 id="tokens-title">API tokens</h2>
    ${!allowed
      ? html`<p class="hint">Managing API tokens needs the owner or admin role.</p>`
      : html`<${Message} error=${list.error || action.error} info=${action.info} />
        ${tokens.length === 0
          ? html`<p>No API tokens for this app.</p>`
          : html`<div class="table-wrap"><table>
              <caption class="visually-hidden">API tokens of this app</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Token</th><th scope="col">Allowed from</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>${tokens.map((t) => html`<tr key=${t.id}>
                <td>${t.name}</td><td><code>${t.hint}</code></td><td class="wrap">${t.allowedIps.length ? t.allowedIps.join(", ") : "anywhere"}</td>
                <td>${when(t.createdAt)}<br /><small class="hint">${t.createdBy}</small></td><td>${when(t.lastUsedAt)}</td>
                <td><button type="button" class="danger" disabled=${action.busy} onClick=${() => revoke(t)} aria-label=${`Revoke API token ${t.name}`}>Revoke</button></td>
              </tr>`)}</tbody>
            </table></div>`}
        ${created && html`<${Reveal} label=${`API token ${created.name}`} value=${created.token} onDone=${() => setCreated(null)} />`}
        <form onSubmit=${create}>
          <h3>Create an API token for this app</h3>
          <${Field} label="Token name" name="name" required maxlength="100" />
          <${Field} label="Allowed addresses (optional)" name="allowedIps" hint="IP addresses or CIDR ranges, separated by commas; empty allows any address." />
          <button type="submit" disabled=${action.busy}>Create API token</button>
        </form>`}
  </section>`;
}

/** Camera keys: mint (the key once, with its provisioning QR), the live state of each, revoke. */
function CameraKeys({ name, me }) {
  const readable = can(me, "ingress:read");
  const list = useLoad(() => (readable ? api("GET", `${appPath(name)}/ws-ingest`) : Promise.resolve([])), [name, readable], 5000);
  const action = useAction();
  const [minted, setMinted] = useState(null);
  const mint = (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { room: data.get("room") };
    if (data.get("identity")) body.identity = data.get("identity");
    action.run(async () => {
      setMinted(await api("POST", `${appPath(name)}/ws-ingest`, body));
      form.reset();
      await list.reload();
    });
  };
  const revoke = (k) => action.run(async () => {
    await api("DELETE", `${appPath(name)}/ws-ingest/${encodeURIComponent(k.id)}`);
    if (minted?.id === k.id) setMinted(null);
    await list.reload();
  }, `Camera key ${k.id} revoked; its camera, if connected, was disconnected.`);
  const keys = list.data ?? [];
  return html`<section aria-labelledby="cameras-title">
    <h2 id="cameras-title">Camera keys</h2>
    ${!readable
      ? html`<p class="hint">Your role cannot see camera keys.</p>`
      : html`<${Message} error=${list.error || action.error} info=${action.info} />
        ${keys.length === 0
          ? html`<p>No camera keys.</p>`
          : html`<div class="table-wrap"><table>
              <caption class="visually-hidden">Camera keys of this app</caption>
              <thead><tr><th scope="col">Room</th><th scope="col">Identity</th><th scope="col">Camera</th><th scope="col">Viewers</th><th scope="col">Created</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>${keys.map((k) => html`<tr key=${k.id} data-key=${k.id}>
                <td>${k.room}</td><td>${k.identity}</td>
                <td>${k.connected ? `connected, ${k.fps} fps` : "offline"}</td><td>${k.connected ? k.viewers : "—"}</td><td>${when(k.createdAt)}</td>
                <td>${can(me, "ingress:delete") && html`<button type="button" class="danger" disabled=${action.busy} onClick=${() => revoke(k)} aria-label=${`Revoke camera key ${k.id} of room ${k.room}`}>Revoke</button>`}</td>
              </tr>`)}</tbody>
            </table></div>`}`}
    ${minted && html`<${Reveal} label=${`Camera key for room ${minted.room}`} value=${minted.streamKey} onDone=${() => setMinted(null)}>
      <p>The camera connects to <code class="secret">${minted.wsUrl}</code> with this key as <code>Authorization: Bearer</code>, or in the query as the QR code below has it.</p>
      <${QrCode} text=${provisioningUrl(minted)} label=${`QR code of the camera URL with its key, for room ${minted.room}`} />
    <//>`}
    ${can(me, "ingress:create") && html`<form onSubmit=${mint}>
      <h3>Mint a camera key</h3>
      <${Field} label="Room" name="room" required maxlength="64" pattern="[a-z0-9][a-z0-9_-]*" hint="Lowercase letters, digits, dashes and underscores; the app's room prefix is added." />
      <${Field} label="Identity (optional)" name="identity" maxlength="64" pattern="[a-z0-9][a-z0-9_-]*" hint="Defaults to camera-<room>." />
      <button type="submit" disabled=${action.busy}>Mint camera key</button>
    </form>`}
  </section>`;
}

/** Ingresses (RTMP, WHIP, pulled URLs) with where to push and where to watch; needs the media server. */
function Ingresses({ name, me }) {
  const readable = can(me, "ingress:read");
  const list = useLoad(() => (readable ? api("GET", `${appPath(name)}/ingress?limit=500`) : Promise.resolve([])), [name, readable]);
  const action = useAction();
  const [shown, setShown] = useState(new Set());
  const remove = (g) => action.run(async () => {
    await api("DELETE", `${appPath(name)}/ingress/${encodeURIComponent(g.ingressId)}`);
    await list.reload();
  }, `Ingress ${g.ingressId} deleted.`);
  const reveal = (id) => setShown((s) => new Set(s).add(id));
  const rows = list.data ?? [];
  return html`<section aria-labelledby="ingress-title">
    <h2 id="ingress-title">Ingresses</h2>
    ${!readable
      ? html`<p class="hint">Your role cannot see ingresses.</p>`
      : html`<${Message} error=${list.error || action.error} info=${action.info} />
        ${list.loading ? html`<p>Loading…</p>` : !list.error && rows.length === 0 ? html`<p>No ingresses.</p>` : rows.length > 0 && html`<div class="table-wrap"><table>
          <caption class="visually-hidden">Ingresses of this app</caption>
          <thead><tr><th scope="col">Ingress</th><th scope="col">Type</th><th scope="col">Room</th><th scope="col">Push to</th><th scope="col">Stream key</th><th scope="col">Status</th><th scope="col">Player</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>${rows.map((g) => html`<tr key=${g.ingressId}>
            <td class="wrap">${g.ingressId}</td><td>${g.inputType}</td><td>${g.roomName}</td><td class="wrap">${g.url ?? "—"}</td>
            <td class="wrap">${shown.has(g.ingressId) ? html`<code class="secret">${g.streamKey}</code>` : html`<button type="button" onClick=${() => reveal(g.ingressId)} aria-label=${`Reveal the stream key of ${g.ingressId}`}>Reveal</button>`}</td>
            <td>${g.status}${g.requires_password ? " (password)" : ""}</td>
            <td><a href=${g.player_url} target="_blank" rel="noopener">Open player<span class="visually-hidden"> for ${g.roomName}</span></a></td>
            <td>${can(me, "ingress:delete") && html`<button type="button" class="danger" disabled=${action.busy} onClick=${() => remove(g)} aria-label=${`Delete ingress ${g.ingressId}`}>Delete</button>`}</td>
          </tr>`)}</tbody>
        </table></div>`}`}
  </section>`;
}
