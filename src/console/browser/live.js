// The app's Live tab: rooms and streams live now.
import { html } from "./ui.js";

export function LiveTab({ name }) {
  return html`<section aria-labelledby="tab-heading"><h2 id="tab-heading">Live</h2><p>Not built yet (app ${name}).</p></section>`;
}
