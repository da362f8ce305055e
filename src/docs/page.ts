import { START_SCRIPT_NAME, staticFile, type StaticFile } from "./assets.ts";
import { escapeHtml as escape } from "../lib/html.ts";

/**
 * The reference page, `/api/v1/docs`. Its files are named by absolute paths under the public
 * URL's path, so the page works with or without a trailing slash and behind a path prefix.
 */
export function docsPage(basePath: string): StaticFile {
  const files = escape(`${basePath}/api/v1/docs`);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>service-core API</title>
<link rel="stylesheet" href="${files}/swagger-ui.css">
<link rel="stylesheet" href="${files}/index.css">
<link rel="icon" type="image/png" href="${files}/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="${files}/favicon-16x16.png" sizes="16x16">
</head>
<body data-spec="${escape(`${basePath}/api/v1/openapi.json`)}">
<noscript><p>The API reference needs JavaScript. The document itself is <a href="${escape(`${basePath}/api/v1/openapi.json`)}">openapi.json</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="${files}/swagger-ui-bundle.js"></script>
<script src="${files}/${START_SCRIPT_NAME}"></script>
</body>
</html>
`;
  return staticFile(html, "text/html; charset=utf-8");
}

/**
 * The page's policy: scripts and styles from this origin only, calls ("try it") to this origin
 * only. swagger-ui's icons are data: SVG images in its stylesheet. Nothing may frame the page,
 * so a Bearer token typed into Authorize cannot be clickjacked out of it.
 */
export const DOCS_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");
