// The pages before an account exists: sign-up (when the service allows it) and invite acceptance.
// Both end signed in, with the session held in memory exactly as after a sign-in (api.js).
import { useEffect, useState } from "preact/hooks";
import { api, startSession } from "./api.js";
import { Field, Message, html, useAction, useLoad } from "./ui.js";

/** Adopts the token signup answers and leaves the pre-sign-in address for the app list. */
async function signUp(body) {
  const { token } = await api("POST", "/auth/signup", body);
  await startSession(token);
  location.hash = "#/apps";
}

const signInLink = html`<p>Already have an account? <a href="#/">Sign in</a></p>`;

export function SignUp() {
  const config = useLoad(() => api("GET", "/auth/config"), []);
  const form = useAction();
  const submit = (event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    form.run(() => signUp({ email: data.get("email"), password: data.get("password"), teamName: data.get("teamName") }));
  };
  let body;
  if (config.loading) body = html`<p>Loading…</p>`;
  else if (config.error) body = html`<${Message} error=${config.error} />`;
  else if (!config.data?.allowSignup) {
    body = html`<${Message} info="Sign-up is closed on this service. Ask a team owner or admin to invite you; the invitation mail has a link to create your account." />`;
  } else {
    body = html`<form onSubmit=${submit} aria-label="Create an account">
      <${Field} label="Email" name="email" type="email" autocomplete="email" required />
      <${Field} label="Password" name="password" type="password" autocomplete="new-password" minlength="10" required hint="At least 10 characters; a long passphrase is best." />
      <${Field} label="Team name" name="teamName" autocomplete="organization" maxlength="100" required hint="Your team owns your apps; you can invite others to it." />
      <${Message} error=${form.error} />
      <button type="submit" disabled=${form.busy}>Create account</button>
    </form>`;
  }
  return html`<main class="narrow" id="main">
    <h1 tabindex="-1">Create an account</h1>
    ${body}
    ${signInLink}
  </main>`;
}

/**
 * `#/invite?code=<code>` (also `?invite=` or `?token=`): the code from the invitation mail, with the
 * invited email and a new password. The code is taken out of the address bar once read.
 */
export function AcceptInvite({ params }) {
  const [code] = useState(() => params?.get("code") ?? params?.get("invite") ?? params?.get("token") ?? "");
  useEffect(() => {
    if (code) history.replaceState(null, "", `${location.pathname}${location.search}#/invite`);
  }, []);
  const form = useAction();
  const submit = (event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    form.run(() => signUp({ email: data.get("email"), password: data.get("password"), invite: String(data.get("invite") ?? code).trim() }));
  };
  return html`<main class="narrow" id="main">
    <h1 tabindex="-1">Accept an invitation</h1>
    <p>Create your account to join the team that invited you.</p>
    <form onSubmit=${submit} aria-label="Accept the invitation">
      ${!code && html`<${Field} label="Invitation code" name="invite" autocomplete="off" minlength="16" required hint="From the link in your invitation mail." />`}
      <${Field} label="Email" name="email" type="email" autocomplete="email" required hint="The address the invitation was sent to." />
      <${Field} label="Password" name="password" type="password" autocomplete="new-password" minlength="10" required hint="At least 10 characters." />
      <${Message} error=${form.error} />
      <button type="submit" disabled=${form.busy}>Create account and join</button>
    </form>
    ${signInLink}
  </main>`;
}
