// The app's VODs tab: recordings.
import { html } from "./ui.js";

export function VodsTab({ name }) {
  return html`<section aria-labelledby="tab-heading"><h2 id="tab-heading">VODs</h2><p>Not built yet (app ${name}).</p></section>`;
}
