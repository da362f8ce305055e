import { randomBytes } from "node:crypto";
import { pageHeaders, type RenderedPage } from "../lib/html.ts";
import type { ConsoleAssets } from "./assets.ts";

/** What the browser code needs to hide the buttons a role cannot use; the API stays the authority. */
export interface ConsoleSettings {
  readonly authzEnforce: boolean;
  readonly grants: Record<string, readonly string[]>;
}

const json = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The one HTML shell behind every console address (pages are chosen by the URL's hash, in the
 * browser). A fresh nonce per response admits the import map and the boot module; `strict-dynamic`
 * extends that trust to the modules they import and nothing else. `img-src data:` is for the 2FA
 * QR code, which the API answers as a data URI. No form posts anywhere: every write is a `fetch`
 * with the session in `Authorization`, which no other site can make the browser send.
 */
export function consolePage(assets: ConsoleAssets, settings: ConsoleSettings): RenderedPage {
  const nonce = randomBytes(18).toString("base64");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Console · service-core</title>
<link rel="stylesheet" href="${assets.style.url}" integrity="${assets.style.integrity}">
<script type="importmap" nonce="${nonce}">${json(assets.importMap)}</script>
</head>
<body>
<div id="console" data-settings="${json(settings).replace(/"/g, "&quot;")}"><p>Loading the console…</p></div>
<noscript>The console needs JavaScript.</noscript>
<script type="module" nonce="${nonce}" src="${assets.main.url}"></script>
</body>
</html>
`;
  const policy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    // VODs play from a blob of the raw route (it needs the session) or from their S3 URL, whose
    // host is each app's own: any https origin, for media only (no script runs from media).
    "media-src 'self' blob: https:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ];
  return { html, headers: pageHeaders(policy) };
}
