// The app's Deliveries tab: the webhook delivery log.
import { html } from "./ui.js";

export function DeliveriesTab({ name }) {
  return html`<section aria-labelledby="tab-heading"><h2 id="tab-heading">Deliveries</h2><p>Not built yet (app ${name}).</p></section>`;
}
