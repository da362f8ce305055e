// The app's Config tab: the yaml, backups, presets, s3 and mqtt.
import { html } from "./ui.js";

export function ConfigTab({ name }) {
  return html`<section aria-labelledby="tab-heading"><h2 id="tab-heading">Config</h2><p>Not built yet (app ${name}).</p></section>`;
}
