import { randomBytes } from "node:crypto";
import type { SdkFiles } from "./sdk-files.ts";
import { escapeHtml as escape, pageHeaders, type RenderedPage } from "../lib/html.ts";

/**
 * The pages behind `playUrl` and `embedUrl` (SPEC 2.4, 4.19): a shell that loads our adaptor from
 * `/sdk/` and mounts one player; everything it shows is decided by the adaptor
 * (`browser/service-player.js`), which loads LiveKit's client for WebRTC rooms. The embed variant
 * has no header and may be framed by any site. Each response carries a fresh nonce: the CSP allows
 * the scripts that carry it and nothing else, not even other scripts of our own origin.
 */
const STYLE = `
html, body { margin: 0; height: 100%; background: #000; color: #ddd; font: 15px system-ui, sans-serif; }
body { display: flex; flex-direction: column; }
header { padding: 8px 12px; }
main { flex: 1; min-height: 0; }
.sp-player { position: relative; height: 100%; display: flex; flex-direction: column; }
.sp-stage { position: relative; flex: 1; min-height: 0; display: flex; align-items: center; justify-content: center; }
.sp-stage img, .sp-stage > video { max-width: 100%; max-height: 100%; object-fit: contain; }
.sp-stage canvas { position: absolute; pointer-events: none; }
.sp-tracks { width: 100%; height: 100%; display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); grid-auto-rows: minmax(0, 1fr); gap: 4px; }
.sp-tracks[hidden] { display: none; }
.sp-tracks video { width: 100%; height: 100%; min-height: 0; object-fit: contain; background: #000; }
.sp-status { position: absolute; inset: auto 0 45%; text-align: center; margin: 0; padding: 0 16px; }
.sp-status:empty { display: none; }
.sp-detail { display: block; font-size: 12px; color: #999; margin-top: 6px; }
.sp-controls { position: absolute; left: 8px; bottom: 8px; display: flex; gap: 6px; }
.sp-controls button { font: inherit; background: #222d; color: #fff; border: 1px solid #555; border-radius: 6px; padding: 4px 10px; cursor: pointer; }
.sp-controls button[hidden] { display: none; }
.sp-chat { position: absolute; right: 8px; bottom: 8px; width: min(40%, 320px); max-height: 50%; overflow: hidden; margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; justify-content: flex-end; gap: 4px; }
.sp-chat li { background: #000a; padding: 4px 8px; border-radius: 6px; overflow-wrap: anywhere; }
.sp-chat .sp-reaction { align-self: flex-end; font-size: 22px; background: none; }
`;

/** The boot script: the same one call a third-party page makes, with the page's own `?token=`. */
const BOOT = `const el = document.getElementById("player");
ServicePlayer.mount(el, { app: el.dataset.app, room: el.dataset.room, token: new URLSearchParams(location.search).get("token") || undefined });`;

/**
 * Besides our own origin the page may reach `publicOrigin` (camera URLs are built on the public
 * URL, which a proxy may put on another host) and `media`: the media server's signalling address
 * (`ws(s)://`, and its `http(s)://` twin, which LiveKit's client asks why a connection failed).
 */
export function playerPage(sdk: SdkFiles, options: { app: string; room: string; embed: boolean; publicOrigin: string; media: readonly string[] }): RenderedPage {
  const nonce = randomBytes(18).toString("base64");
  const title = escape(`${options.room} · ${options.app}`);
  // The adaptor loads LiveKit's client itself, only for WebRTC rooms, with this nonce and integrity.
  const adaptor = `<script nonce="${nonce}" src="${sdk.player.url}" integrity="${sdk.player.integrity}" data-livekit="${sdk.livekit.url}" data-livekit-integrity="${sdk.livekit.integrity}" data-hls="${sdk.hls.url}" data-hls-integrity="${sdk.hls.integrity}"></script>`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
${options.embed ? "" : `<header>${title}</header>`}
<main id="player" data-app="${escape(options.app)}" data-room="${escape(options.room)}"></main>
${adaptor}
<script nonce="${nonce}">${BOOT}</script>
</body>
</html>
`;
  const connect = [...new Set([options.publicOrigin, ...options.media])].join(" ");
  const policy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    `img-src 'self' ${options.publicOrigin} data: blob:`,
    // Remote tracks are MediaStreams on <video>/<audio>; blob: and mediastream: cover what browsers map them to.
    "media-src 'self' blob: mediastream:",
    `connect-src 'self' ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${options.embed ? "*" : "'self'"}`,
  ];
  return { html, headers: pageHeaders(policy) };
}

/** The origins of a `ws(s)://` media-server address: itself and its `http(s)://` twin. */
export function mediaOrigins(wsUrl: string | undefined): string[] {
  if (!wsUrl) return [];
  try {
    const u = new URL(wsUrl);
    const http = u.protocol === "wss:" ? "https:" : "http:";
    return [`${u.protocol}//${u.host}`, `${http}//${u.host}`];
  } catch {
    return [];
  }
}
