import { createHash } from "node:crypto";
import { escapeHtml as escape, pageHeaders, type RenderedPage } from "../lib/html.ts";

/**
 * The page a magic link opens, `<public URL>/auth/magic#token=…`. The token rides in the fragment,
 * which browsers never send, and the page does nothing with it until the person presses
 * "Sign in": only that press POSTs it to the verify route. A mail scanner that fetches the link
 * (GET or HEAD, with or without the token rewritten into the query) or renders the page therefore
 * cannot use it up. The page is the same bytes for every request, so its inline script and style
 * are allowed by hash under a policy that allows nothing else.
 *
 * The script is a string because the project compiles without DOM types.
 */
const SCRIPT = `
const api = document.body.dataset.api;
const $ = (id) => document.getElementById(id);
// The mail puts it in the fragment; should a mail system move it into the query, it reached the
// server then anyway, so the page takes it from there too.
const token = new URLSearchParams(location.hash.slice(1)).get("token") || new URLSearchParams(location.search).get("token");
// Out of the address bar at once, so history, bookmarks and screen shares do not keep it.
if (location.hash || location.search) history.replaceState(null, "", location.pathname);

function show(step, message) {
  for (const part of document.querySelectorAll(".step")) part.hidden = part.id !== step;
  $("message").textContent = message;
  const field = document.querySelector("#" + step + " input, #" + step + " button");
  if (field) field.focus();
}

async function call(method, path, body, bearer) {
  const headers = {};
  if (body) headers["content-type"] = "application/json";
  if (bearer) headers.authorization = "Bearer " + bearer;
  try {
    const res = await fetch(api + path, { method, headers, body: body && JSON.stringify(body), cache: "no-store", credentials: "omit" });
    const answer = await res.json();
    return res.ok ? { data: answer.data } : { error: answer.error };
  } catch (err) {
    return { error: { code: "unreachable", message: "The server could not be reached; check your connection and try again." } };
  }
}

let busy = false;
async function signIn(code) {
  if (busy) return;
  busy = true;
  for (const button of document.querySelectorAll("button")) button.disabled = true;
  const { data, error } = await call("POST", "/auth/magic/verify", code === undefined ? { token } : { token, code });
  for (const button of document.querySelectorAll("button")) button.disabled = false;
  busy = false;
  if (data) return signedIn(data.token);
  if (error.code === "totp_required") return show("code", "Your account has two-factor authentication: enter the code from your authenticator app.");
  // Only a link that is unknown, used or expired is beyond retrying; a wrong code or a limit is not.
  if (error.code === "invalid_credentials" || error.code === "validation_failed") return show("failed", error.message);
  $("totp").value = "";
  show(code === undefined ? "start" : "code", error.message);
}

async function signedIn(session) {
  $("session").value = session;
  const me = await call("GET", "/account", undefined, session);
  $("who").textContent = me.data ? me.data.email || me.data.username : "your account";
  show("done", "");
}

$("start").addEventListener("submit", (e) => (e.preventDefault(), signIn()));
$("code").addEventListener("submit", (e) => (e.preventDefault(), signIn($("totp").value.trim())));
$("copy").addEventListener("click", async () => {
  $("session").select();
  try {
    await navigator.clipboard.writeText($("session").value);
    $("message").textContent = "Copied.";
  } catch (err) {
    $("message").textContent = "Press Ctrl+C (or Cmd+C) to copy the selected token.";
  }
});
$("failed").addEventListener("submit", async (e) => {
  e.preventDefault();
  const { error } = await call("POST", "/auth/magic/request", { email: $("email").value });
  $("message").textContent = error ? error.message : "If an account has this address, a new link is on its way; it works once, within 15 minutes.";
});

if (token && /^[\\w-]{16,200}$/.test(token)) show("start", "");
else show("failed", "This page needs the whole link from your sign-in mail; open it from the mail, or ask for a new one.");
`;

const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #222; background: #f4f4f4; }
main { max-width: 28rem; margin: 10vh auto; padding: 1.5rem 2rem; background: #fff; border-radius: 8px; }
h1 { font-size: 1.3rem; }
input, textarea, button { font: inherit; }
input, textarea { box-sizing: border-box; width: 100%; margin: .3rem 0 .8rem; }
textarea { font-family: monospace; font-size: .8rem; }
button { padding: .4rem 1.2rem; }
#message:empty { display: none; }
#message { padding: .5rem; background: #fff4d6; }
`;

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The page's HTML and headers. The API is reached under the path of the configured public URL
 * (the same one the link was built from), so a deployment behind a path prefix works too.
 */
export function magicLinkPage(publicUrl: string): RenderedPage {
  const api = `${new URL(publicUrl).pathname.replace(/\/+$/, "")}/api/v1`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Sign in</title>
<style>${STYLE}</style>
</head>
<body data-api="${escape(api)}">
<main>
<noscript><p>This page needs JavaScript to sign you in. Opening the link alone signs nobody in and does not use it up.</p></noscript>
<form id="start" class="step" hidden>
<h1>Sign in</h1>
<p>Press the button to sign in with the link from your mail. The link works once.</p>
<button>Sign in</button>
</form>
<form id="code" class="step" hidden>
<h1>Two-factor code</h1>
<label for="totp">Code from your authenticator app</label>
<input id="totp" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
<button>Sign in</button>
</form>
<section id="done" class="step" hidden>
<h1>You are signed in</h1>
<p>Signed in as <b id="who"></b>.</p>
<p>This page keeps nothing: no cookie, nothing in browser storage. The session token below is its
only copy and lets whoever holds it act as you. Send it to the API as
<code>Authorization: Bearer &lt;token&gt;</code>. It lasts 12 hours, ends after 4 hours without a
request, and can be ended sooner under <code>/api/v1/auth/sessions</code>.</p>
<label for="session">Session token</label>
<textarea id="session" rows="4" readonly></textarea>
<button id="copy" type="button">Copy</button>
</section>
<form id="failed" class="step" hidden>
<h1>This link cannot sign you in</h1>
<p>Ask for a new link; it is mailed to the address if an account has it.</p>
<label for="email">Email</label>
<input id="email" type="email" autocomplete="email" required>
<button>Send me a new link</button>
</form>
<p id="message" role="status"></p>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
  return {
    html,
    // The fragment never reaches a cache or a referrer, but the answer and the address must not either.
    headers: {
      ...pageHeaders(["default-src 'none'", `script-src ${hash(SCRIPT)}`, `style-src ${hash(STYLE)}`, "connect-src 'self'", "form-action 'none'", "base-uri 'none'", "frame-ancestors 'none'"]),
      "cross-origin-opener-policy": "same-origin",
    },
  };
}
