import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { staticFile, type StaticFile } from "../lib/static-file.ts";

/** The files the player pages and third-party sites load; no CDN, so no page needs the internet. */
export interface SdkFiles {
  /** LiveKit's browser client exactly as npm ships it (its UMD build, global `LivekitClient`). */
  readonly livekit: StaticFile;
  /** hls.js exactly as npm ships it (global `Hls`), for the LL-HLS of pulled cameras in browsers without HLS of their own. */
  readonly hls: StaticFile;
  /** Our adaptor: `ServicePlayer.mount(element, { app, room, token })`. */
  readonly player: StaticFile;
  find(name: string): StaticFile | undefined;
}

export function loadSdkFiles(): SdkFiles {
  // The package's `require` entry is its UMD build: the one file a <script> tag can load.
  const livekit = staticFile("/sdk/", "livekit-client.umd.js", readFileSync(createRequire(import.meta.url).resolve("livekit-client")));
  const hls = staticFile("/sdk/", "hls.min.js", readFileSync(createRequire(import.meta.url).resolve("hls.js/dist/hls.min.js")));
  const player = staticFile("/sdk/", "service-player.js", readFileSync(new URL("./browser/service-player.js", import.meta.url)));
  const byName = new Map([livekit, hls, player].map((f) => [f.name, f]));
  return { livekit, hls, player, find: (name) => byName.get(name) };
}
