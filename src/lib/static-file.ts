import { createHash } from "node:crypto";

/**
 * One browser file the service serves itself (the player's `/sdk/`, the console's assets), read
 * once at startup: pages load nothing from a CDN, so none of them needs the internet.
 */
export interface StaticFile {
  readonly name: string;
  readonly body: Buffer;
  /** A strong validator from the content, and the `?v=` that marks a URL as this exact content. */
  readonly etag: string;
  readonly version: string;
  /** For `<script integrity>`: pages pin what they load. */
  readonly integrity: string;
  /** The URL pages use: versioned, so it may be cached for a year. */
  readonly url: string;
}

/** `prefix` is where the file is served, e.g. `/sdk/`. */
export function staticFile(prefix: string, name: string, body: Buffer): StaticFile {
  const version = createHash("sha256").update(body).digest("base64url").slice(0, 16);
  return {
    name,
    body,
    etag: `"${version}"`,
    version,
    integrity: `sha384-${createHash("sha384").update(body).digest("base64")}`,
    url: `${prefix}${name}?v=${version}`,
  };
}
