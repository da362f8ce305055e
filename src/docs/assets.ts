import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** A file served as is: its bytes, read once at start-up, and the ETag of those bytes. */
export interface StaticFile {
  readonly body: Buffer;
  readonly contentType: string;
  readonly etag: string;
}

export function staticFile(body: Buffer | string, contentType: string): StaticFile {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  return { body: bytes, contentType, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"` };
}

/**
 * The files of the reference UI, from the `swagger-ui-dist` package in node_modules: the page
 * needs no CDN and works with no internet access. The bundle carries its dependencies; the
 * standalone preset (a top bar that loads other documents by URL) is left out on purpose.
 */
const SWAGGER_FILES: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "index.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
};

/**
 * Our own start-up script for the UI. A file rather than an inline script, so the page's policy
 * allows scripts from 'self' only. The token given to Authorize stays in the tab's memory
 * (`persistAuthorization` off); the validator badge would call swagger.io, so it is off too.
 */
const START_SCRIPT = `"use strict";
window.ui = SwaggerUIBundle({
  url: document.body.dataset.spec,
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  validatorUrl: null,
  persistAuthorization: false,
  displayRequestDuration: true,
  filter: true,
});
`;

export const START_SCRIPT_NAME = "service-docs.js";

/** Every file under `/api/v1/docs/<file>`, by name. Throws at start-up when the package is missing. */
export function loadDocsAssets(): ReadonlyMap<string, StaticFile> {
  const dir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const files = new Map<string, StaticFile>();
  for (const [name, type] of Object.entries(SWAGGER_FILES)) files.set(name, staticFile(readFileSync(path.join(dir, name)), type));
  files.set(START_SCRIPT_NAME, staticFile(START_SCRIPT, "text/javascript; charset=utf-8"));
  return files;
}
