// The app's Keys tab: api tokens, camera keys and ingresses.
import { html } from "./ui.js";

export function KeysTab({ name }) {
  return html`<section aria-labelledby="tab-heading"><h2 id="tab-heading">Keys</h2><p>Not built yet (app ${name}).</p></section>`;
}
