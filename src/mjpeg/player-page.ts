import { createHash } from "node:crypto";

/**
 * The small MJPEG player behind `playerUrl` and `embedUrl`: it asks the public live check whether
 * a camera is on, shows the stream in an <img> (carrying the page's own `?token=` for private
 * playback), and waits and retries while the camera is off. The embed variant is the same without
 * the page chrome. The script is inline and allowed by its hash, so the page needs no other file.
 */
const SCRIPT = `
const root = document.body.dataset;
const token = new URLSearchParams(location.search).get("token");
const img = document.getElementById("video");
const status = document.getElementById("status");
const withToken = (url) => token ? url + "?token=" + encodeURIComponent(token) : url;
let showing = false;
async function check() {
  try {
    const res = await fetch(root.live, { cache: "no-store" });
    const body = await res.json();
    const active = res.ok && body.data && body.data.active;
    if (active && !showing) { img.src = withToken(body.data.mjpegUrl); showing = true; }
    status.textContent = active ? "" : "Camera offline: waiting for it to connect...";
    img.hidden = !active;
    if (!active) showing = false;
  } catch (err) {
    status.textContent = "Cannot reach the server; retrying...";
  }
}
img.addEventListener("error", () => { showing = false; setTimeout(check, 2000); });
check();
setInterval(check, 5000);
`;

const SCRIPT_HASH = `sha256-${createHash("sha256").update(SCRIPT).digest("base64")}`;

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

export function playerPage(app: string, room: string, liveUrl: string, embed: boolean): string {
  const title = escape(`${room} · ${app}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
html, body { margin: 0; height: 100%; background: #000; color: #ddd; font: 15px system-ui, sans-serif; }
body { display: flex; flex-direction: column; align-items: center; justify-content: center; }
img { max-width: 100%; max-height: ${embed ? "100%" : "90vh"}; object-fit: contain; }
header { padding: 8px; }
</style>
</head>
<body data-live="${escape(liveUrl)}">
${embed ? "" : `<header>${title}</header>`}
<img id="video" alt="live camera" hidden>
<p id="status">Connecting...</p>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** Lets the inline script run and nothing else; the embed variant may be framed by any site. */
export function playerHeaders(embed: boolean): Record<string, string> {
  return {
    "content-security-policy": `default-src 'none'; img-src *; connect-src 'self'; style-src 'unsafe-inline'; script-src '${SCRIPT_HASH}'; frame-ancestors ${embed ? "*" : "'self'"}`,
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
  };
}
