// Sign-in: an email (or the break-glass admin's username) and password, then the authenticator
// code when the account has 2FA on; or a one-time link by mail.
import { useRef, useState } from "preact/hooks";
import { api, lastNotice, startSession } from "./api.js";
import { Field, Message, html, useAction, useLoad } from "./ui.js";

export function SignIn() {
  const [needCode, setNeedCode] = useState(false);
  const form = useAction();
  const codeInput = useRef(null);
  const config = useLoad(() => api("GET", "/auth/config"), []);

  const submit = (event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { user: data.get("user"), password: data.get("password") };
    if (needCode) body.code = String(data.get("code")).replace(/\s/g, "");
    form.run(async () => {
      try {
        const { token } = await api("POST", "/auth/login", body);
        await startSession(token);
      } catch (err) {
        // The password was right; the service asks for the second factor before it opens a session.
        if (err.code === "totp_required") {
          setNeedCode(true);
          setTimeout(() => codeInput.current?.focus());
          return;
        }
        throw err;
      }
    });
  };

  return html`<main class="narrow" id="main">
    <h1 tabindex="-1">Sign in</h1>
    <${Message} info=${lastNotice()} />
    <form onSubmit=${submit} aria-label="Sign in with password">
      <${Field} label="Email or admin username" name="user" autocomplete="username" required readOnly=${needCode} />
      <${Field} label="Password" name="password" type="password" autocomplete="current-password" required readOnly=${needCode} />
      ${needCode &&
      html`<div class="field">
        <label for="code">Authenticator code</label>
        <input id="code" name="code" ref=${codeInput} inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" required aria-describedby="code-hint" />
        <small id="code-hint">This account has two-factor authentication: enter the 6-digit code from your authenticator app.</small>
      </div>`}
      <${Message} error=${form.error} />
      <button type="submit" disabled=${form.busy}>${needCode ? "Verify and sign in" : "Sign in"}</button>
    </form>
    <${MagicLink} />
    ${config.data?.allowSignup && html`<p>New here? <a href="#/signup">Create an account</a></p>`}
  </main>`;
}

/** Asks for a sign-in link; the API answers the same whether or not the address has an account. */
function MagicLink() {
  const action = useAction();
  const submit = (event) => {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get("email");
    action.run(() => api("POST", "/auth/magic/request", { email }), "If that address has an account, a sign-in link is on its way.");
  };
  return html`<section aria-labelledby="magic-title">
    <h2 id="magic-title">Or get a sign-in link by email</h2>
    <form onSubmit=${submit}>
      <${Field} label="Email" name="email" type="email" autocomplete="email" required />
      <${Message} error=${action.error} info=${action.info} />
      <button type="submit" disabled=${action.busy}>Email me a link</button>
    </form>
  </section>`;
}
