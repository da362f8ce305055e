/** One segment of an HLS media playlist. */
export interface Segment {
  readonly uri: string;
  readonly seconds: number;
}

/** What a media playlist lists: its segments in order, and whether the stream has ended. */
export interface MediaPlaylist {
  readonly segments: readonly Segment[];
  readonly ended: boolean;
}

/**
 * Reads an HLS media playlist (RFC 8216) as the egress writes it: every `#EXTINF` followed by its
 * URI, and `#EXT-X-ENDLIST` once it is done. A segment appears only once it is complete, so
 * whatever is listed can be shipped. Lines it does not need are skipped, and so is a last line
 * without its newline (the writer is not done with it).
 */
export function parsePlaylist(text: string): MediaPlaylist {
  const segments: Segment[] = [];
  let pending: number | undefined;
  let ended = false;
  // A playlist read while it is being rewritten may end mid-line: only whole lines count.
  const whole = text.slice(0, text.lastIndexOf("\n") + 1);
  for (const raw of whole.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("#EXTINF:")) pending = Number.parseFloat(line.slice("#EXTINF:".length));
    else if (line === "#EXT-X-ENDLIST") ended = true;
    else if (line !== "" && !line.startsWith("#") && pending !== undefined) {
      segments.push({ uri: line, seconds: Number.isFinite(pending) ? pending : 0 });
      pending = undefined;
    }
  }
  return { segments, ended };
}

/**
 * A sliding-window live playlist of the last `window` segments (`first` is the sequence number of
 * `segments[0]`, so players that reload it know where they are), closed with `#EXT-X-ENDLIST`
 * once the stream has ended.
 */
export function windowPlaylist(segments: readonly Segment[], window: number, ended: boolean): string {
  const first = Math.max(0, segments.length - window);
  const shown = segments.slice(first);
  const target = Math.max(1, ...shown.map((s) => Math.ceil(s.seconds)));
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", `#EXT-X-TARGETDURATION:${target}`, `#EXT-X-MEDIA-SEQUENCE:${first}`];
  for (const s of shown) lines.push(`#EXTINF:${s.seconds.toFixed(3)},`, s.uri);
  if (ended) lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}\n`;
}
