// The operators' System page: system settings, gpu and database health.
import { html } from "./ui.js";

export function SystemPage() {
  return html`<main id="main"><h1 tabindex="-1">System</h1><p>Not built yet.</p></main>`;
}
