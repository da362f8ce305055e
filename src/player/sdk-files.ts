import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/** One browser file served at `/sdk/<name>`, read once at startup. */
export interface SdkFile {
  readonly name: string;
  readonly body: Buffer;
  /** A strong validator from the content, and the `?v=` that marks a URL as this exact content. */
  readonly etag: string;
  readonly version: string;
  /** For `<script integrity>`: the pages pin what they load. */
  readonly integrity: string;
  /** The URL the pages use: versioned, so it may be cached for a year. */
  readonly url: string;
}

function sdkFile(name: string, body: Buffer): SdkFile {
  const version = createHash("sha256").update(body).digest("base64url").slice(0, 16);
  return {
    name,
    body,
    etag: `"${version}"`,
    version,
    integrity: `sha384-${createHash("sha384").update(body).digest("base64")}`,
    url: `/sdk/${name}?v=${version}`,
  };
}

/** The files the player pages and third-party sites load; no CDN, so no page needs the internet. */
export interface SdkFiles {
  /** LiveKit's browser client exactly as npm ships it (its UMD build, global `LivekitClient`). */
  readonly livekit: SdkFile;
  /** Our adaptor: `ServicePlayer.mount(element, { app, room, token })`. */
  readonly player: SdkFile;
  find(name: string): SdkFile | undefined;
}

export function loadSdkFiles(): SdkFiles {
  // The package's `require` entry is its UMD build: the one file a <script> tag can load.
  const livekit = sdkFile("livekit-client.umd.js", readFileSync(createRequire(import.meta.url).resolve("livekit-client")));
  const player = sdkFile("service-player.js", readFileSync(new URL("./browser/service-player.js", import.meta.url)));
  const byName = new Map([livekit, player].map((f) => [f.name, f]));
  return { livekit, player, find: (name) => byName.get(name) };
}
