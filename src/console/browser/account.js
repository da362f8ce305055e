// The signed-in person's own account: two-factor authentication and their sessions.
import { useState } from "preact/hooks";
import { account, api, refreshAccount } from "./api.js";
import { Field, Message, html, useAction, useLoad, when } from "./ui.js";

export function Account() {
  const me = account();
  return html`<main id="main">
    <h1 tabindex="-1">Account</h1>
    <dl class="facts">
      <dt>Email</dt><dd>${me.email ?? me.username}</dd>
      <dt>Role</dt><dd>${me.superadmin ? "superadmin" : me.role ?? "none"}</dd>
    </dl>
    <${ChangePassword} />
    <${TwoFactor} enabled=${me.twoFactorEnabled} />
    <${Sessions} />
  </main>`;
}

function ChangePassword() {
  const action = useAction();
  const submit = (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    // As the API does, a new password signs out every other session of the person; this one stays.
    action.run(async () => {
      await api("POST", "/account/password", { currentPassword: data.get("currentPassword"), newPassword: data.get("newPassword") });
      form.reset();
    }, "Password changed. Your other sessions are signed out.");
  };
  return html`<section aria-labelledby="password-title">
    <h2 id="password-title">Change password</h2>
    <form onSubmit=${submit}>
      <${Field} label="Current password" name="currentPassword" type="password" autocomplete="current-password" required />
      <${Field} label="New password" name="newPassword" type="password" autocomplete="new-password" minlength="10" required hint="At least 10 characters." />
      <${Message} error=${action.error} info=${action.info} />
      <button type="submit" disabled=${action.busy}>Change password</button>
    </form>
  </section>`;
}

function TwoFactor({ enabled }) {
  const [setup, setSetup] = useState(null);
  const action = useAction();
  const submitCode = (path) => (event) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code")).replace(/\s/g, "");
    action.run(async () => {
      await api("POST", `/account/2fa/${path}`, { code });
      setSetup(null);
      // Turning 2FA on or off signs out the person's other sessions; this one stays.
      await refreshAccount();
    }, path === "enable" ? "Two-factor authentication is on." : "Two-factor authentication is off.");
  };
  const begin = () => action.run(async () => setSetup(await api("POST", "/account/2fa/setup")));

  return html`<section aria-labelledby="tfa-title">
    <h2 id="tfa-title">Two-factor authentication</h2>
    <p>Status: <strong>${enabled ? "on" : "off"}</strong></p>
    <${Message} error=${action.error} info=${action.info} />
    ${enabled
      ? html`<form onSubmit=${submitCode("disable")}>
          <${Field} label="Code to turn it off" name="code" inputmode="numeric" autocomplete="one-time-code" required />
          <button type="submit" class="danger" disabled=${action.busy}>Turn off two-factor</button>
        </form>`
      : setup
        ? html`<div class="tfa-setup">
            <img src=${setup.qrDataUri} width="200" height="200" alt="QR code to add this account to an authenticator app" />
            <p>Or enter this key by hand: <code class="secret">${setup.secret}</code></p>
            <form onSubmit=${submitCode("enable")}>
              <${Field} label="Code from the app" name="code" inputmode="numeric" autocomplete="one-time-code" required />
              <button type="submit" disabled=${action.busy}>Turn on two-factor</button>
            </form>
          </div>`
        : html`<button type="button" onClick=${begin} disabled=${action.busy}>Set up two-factor</button>`}
  </section>`;
}

function Sessions() {
  const list = useLoad(() => api("GET", "/auth/sessions"), []);
  const action = useAction();
  const revoke = (id) => action.run(async () => {
    await api("DELETE", `/auth/sessions/${encodeURIComponent(id)}`);
    await list.reload();
  }, "Session revoked.");
  const revokeOthers = () => action.run(async () => {
    const { revoked } = await api("DELETE", "/auth/sessions");
    await list.reload();
    return revoked;
  }, "Every other session is revoked.");
  const sessions = list.data ?? [];
  return html`<section aria-labelledby="sessions-title">
    <h2 id="sessions-title">Sessions</h2>
    <${Message} error=${list.error ?? action.error} info=${action.info} />
    <div class="table-wrap"><table>
      <caption class="visually-hidden">Your signed-in sessions</caption>
      <thead><tr><th scope="col">Started</th><th scope="col">Last seen</th><th scope="col">Address</th><th scope="col">Browser</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${sessions.map((s) => html`<tr key=${s.id} data-session=${s.id}>
        <td>${when(s.createdAt)}</td><td>${when(s.lastSeen)}</td><td>${s.ip}</td><td class="wrap">${s.userAgent}</td>
        <td>${s.current ? html`<strong>this session</strong>` : html`<button type="button" class="danger" onClick=${() => revoke(s.id)} disabled=${action.busy} aria-label=${`Revoke session started ${when(s.createdAt)} from ${s.ip}`}>Revoke</button>`}</td>
      </tr>`)}</tbody>
    </table></div>
    <button type="button" class="danger" onClick=${revokeOthers} disabled=${action.busy || sessions.length < 2}>Revoke all other sessions</button>
  </section>`;
}
