// The app's Logs tab: the app's log lines.
import { html } from "./ui.js";

export function LogsTab({ name }) {
  return html`<section aria-labelledby="tab-heading"><h2 id="tab-heading">Logs</h2><p>Not built yet (app ${name}).</p></section>`;
}
