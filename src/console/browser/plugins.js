// The app's Plugins tab: plugins and their workers.
import { html } from "./ui.js";

export function PluginsTab({ name }) {
  return html`<section aria-labelledby="tab-heading"><h2 id="tab-heading">Plugins</h2><p>Not built yet (app ${name}).</p></section>`;
}
