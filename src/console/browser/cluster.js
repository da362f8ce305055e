// The operators' Cluster page: edge nodes.
import { html } from "./ui.js";

export function ClusterPage() {
  return html`<main id="main"><h1 tabindex="-1">Cluster</h1><p>Not built yet.</p></main>`;
}
