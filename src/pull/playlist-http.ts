import { z } from "zod";

/**
 * What every HLS playlist the service answers shares, live (live-routes.ts) and rewind
 * (src/timeline/dvr-routes.ts): the play token's query, the type, the caching rules and the
 * token carried onto every URI a playlist names.
 */
export const token = z.string().max(8192).optional();

export const PLAYLIST = "application/vnd.apple.mpegurl";
/** A playlist changes with every part; a part, a segment or an init section never changes under its name while the camera is pulled. */
export const PLAYLIST_HEADERS = { "cache-control": "no-cache, no-store", "access-control-allow-origin": "*", "x-content-type-options": "nosniff" };
export const MEDIA_HEADERS = { "cache-control": "max-age=30", "access-control-allow-origin": "*", "x-content-type-options": "nosniff" };

/**
 * `?token=` on every URI a playlist names, so a player that plays a private camera with a play
 * token (hls.js, Safari's own player) sends it with every request it makes from the playlist.
 */
export function withToken(playlist: string, value: string | undefined): string {
  if (value === undefined || value === "") return playlist;
  const q = `token=${encodeURIComponent(value)}`;
  const add = (uri: string) => `${uri}${uri.includes("?") ? "&" : "?"}${q}`;
  return playlist
    .split("\n")
    .map((line) => (line === "" ? line : line.startsWith("#") ? line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${add(uri)}"`) : add(line)))
    .join("\n");
}
