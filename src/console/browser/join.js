// The pages before an account exists: sign-up (when allowed) and invite acceptance.
import { html } from "./ui.js";

export function SignUp() {
  return html`<main id="main"><h1 tabindex="-1">Sign up</h1><p>Not built yet.</p></main>`;
}

export function AcceptInvite() {
  return html`<main id="main"><h1 tabindex="-1">Accept an invitation</h1><p>Not built yet.</p></main>`;
}
