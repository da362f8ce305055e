// A QR code drawn as SVG from `uqr`'s encoder (the package's own ES module, served as a vendor file).
import { encode } from "uqr";
import { html } from "./ui.js";

/** A QR code (error correction M) as an SVG of `px` pixels, with the four-module quiet zone the standard asks for. */
export function QrCode({ text, px = 220, label }) {
  const qr = encode(text, { ecc: "M", border: 0 });
  let d = "";
  qr.data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x + 4} ${y + 4}h1v1h-1z`)));
  const side = qr.size + 8;
  return html`<svg class="qr" role="img" aria-label=${label} width=${px} height=${px} viewBox=${`0 0 ${side} ${side}`} shape-rendering="crispEdges" data-version=${qr.version} data-mask=${qr.maskPattern}>
    <rect width=${side} height=${side} fill="#fff" />
    <path d=${d} fill="#000" />
  </svg>`;
}
