import { createHash } from "node:crypto";

/**
 * The small MJPEG player behind `playerUrl` and `embedUrl`: it asks the public live check whether
 * a camera is on, shows the stream in an <img> (carrying the page's own `?token=` for private
 * playback), and waits and retries while the camera is off. The embed variant is the same without
 * the page chrome. When a plugin hides the room's original from public viewers, it plays the
 * plugin's variant; when a detector plugin is on, its boxes are drawn over the picture. The
 * script is inline and allowed by its hash, so the page needs no other file.
 */
const SCRIPT = `
const root = document.body.dataset;
const token = new URLSearchParams(location.search).get("token");
const img = document.getElementById("video");
const overlay = document.getElementById("overlay");
const status = document.getElementById("status");
const withQuery = (url, params) => {
  const u = new URL(url, location.href);
  for (const [k, v] of Object.entries(params)) if (v) u.searchParams.set(k, v);
  return u.href;
};
let showing = false;
let boxes = false;
let detections = null;
async function check() {
  try {
    const res = await fetch(root.live, { cache: "no-store" });
    const body = await res.json();
    const active = res.ok && body.data && body.data.active;
    // Without a token, a room whose original a plugin hides is watched in the plugin's variant.
    const variant = token ? null : body.data && body.data.variant;
    if (active && !showing) { img.src = withQuery(body.data.mjpegUrl, { token, variant }); showing = true; }
    if (body.data) detections = "/live/" + encodeURIComponent(root.app) + "/" + encodeURIComponent(body.data.room) + "/detections.json";
    status.textContent = active ? "" : "Camera offline: waiting for it to connect...";
    img.hidden = !active;
    if (!active) showing = false;
  } catch (err) {
    status.textContent = "Cannot reach the server; retrying...";
  }
}
async function plugins() {
  try {
    const res = await fetch(root.plugins, { cache: "no-store" });
    boxes = res.ok && (await res.json()).data.some((p) => p.overlay && p.overlay.topic === "detections");
  } catch (err) {
    boxes = false;
  }
}
// Detections are boxes normalized to the picture: drawn over the image where it lies in the page.
async function draw() {
  const ctx = overlay.getContext("2d");
  overlay.width = img.clientWidth;
  overlay.height = img.clientHeight;
  overlay.style.left = img.offsetLeft + "px";
  overlay.style.top = img.offsetTop + "px";
  ctx.clearRect(0, 0, overlay.width, overlay.height);
  if (!boxes || !showing || !detections) return;
  try {
    const res = await fetch(withQuery(detections, { token }), { cache: "no-store" });
    const found = res.ok ? (await res.json()).data : null;
    if (!found) return;
    ctx.strokeStyle = "#0f0";
    ctx.fillStyle = "#0f0";
    ctx.lineWidth = 2;
    ctx.font = "13px system-ui, sans-serif";
    for (const o of found.objects) {
      const [x, y, w, h] = [o.box.x * overlay.width, o.box.y * overlay.height, o.box.width * overlay.width, o.box.height * overlay.height];
      ctx.strokeRect(x, y, w, h);
      ctx.fillText(o.label + " " + Math.round(o.score * 100) + "%", x + 3, Math.max(12, y - 4));
    }
  } catch (err) {
    // The next round tries again.
  }
}
img.addEventListener("error", () => { showing = false; setTimeout(check, 2000); });
check();
plugins();
setInterval(check, 5000);
setInterval(plugins, 30000);
setInterval(draw, 500);
`;

const SCRIPT_HASH = `sha256-${createHash("sha256").update(SCRIPT).digest("base64")}`;

const escape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

export function playerPage(app: string, room: string, liveUrl: string, embed: boolean): string {
  const title = escape(`${room} · ${app}`);
  const data = `data-live="${escape(liveUrl)}" data-app="${escape(app)}" data-plugins="/api/v1/apps/${escape(encodeURIComponent(app))}/plugins/public"`;
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
canvas { position: absolute; pointer-events: none; }
</style>
</head>
<body ${data}>
${embed ? "" : `<header>${title}</header>`}
<img id="video" alt="live camera" hidden>
<canvas id="overlay"></canvas>
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
