import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import type { RelayedStream } from "../peers/relay.ts";
import { statusLine } from "./exchange.ts";
import { relayedStream } from "./relay-stream.ts";
import type { Reply, StreamReply } from "./reply.ts";

/** The bytes of a file a Range header asks for, both ends inclusive. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * One `bytes=` range of RFC 9110 against a file of `size` bytes: `a-b`, `a-` or `-n` (the last n).
 * Undefined means "send it all" (no header, another unit, or several ranges, which we answer
 * whole rather than as multipart); "unsatisfiable" means 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  if (header === undefined) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const [, from = "", to = ""] = m;
  if (from === "" && to === "") return undefined;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

export interface FileReplyOptions {
  readonly path: string;
  readonly size: number;
  readonly contentType: string;
  /** Offered as the download's name (`Content-Disposition: attachment`). */
  readonly filename: string;
  /** The request's Range header. */
  readonly range: string | undefined;
}

/** Quotes a filename for Content-Disposition, with the RFC 6266 UTF-8 form beside an ASCII one. */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A file sent as an attachment, whole (200) or one range of it (206), streamed from disk in
 * chunks (`sizedStream`), so a large VOD never sits in memory; 416 with
 * `Content-Range: bytes * /size` for a range outside it.
 */
export function fileReply(o: FileReplyOptions): Reply | StreamReply {
  const headers: Record<string, string> = { "accept-ranges": "bytes", "content-type": o.contentType, "content-disposition": disposition(o.filename) };
  const range = parseRange(o.range, o.size);
  if (range === "unsatisfiable") return { kind: "reply", status: 416, headers: { "content-range": `bytes */${o.size}` } };
  if (range) headers["content-range"] = `bytes ${range.start}-${range.end}/${o.size}`;
  const start = range?.start ?? 0;
  const end = range?.end ?? o.size - 1;
  return sizedStream(range ? 206 : 200, headers, end - start + 1, () => createReadStream(o.path, { start, end, highWaterMark: 256 * 1024 }));
}

/**
 * Another node's answer to a request for a file (a VOD's, whole or a range: `src/peers/relay.ts`)
 * passed on as it comes, status and headers as the peer wrote them, with the length it said; an
 * answer without one is passed on as a live stream is.
 */
export function relayedFileReply(peer: RelayedStream): StreamReply {
  return peer.length === undefined ? relayedStream(peer) : sizedStream(peer.status, peer.headers, peer.length, () => peer.body);
}

/**
 * A body of `total` bytes read from `open()`'s stream, with uWS backpressure: a chunk the socket
 * does not take waits for `onWritable`, and the stream is paused meanwhile, so memory stays one
 * chunk per client. The client leaving destroys the stream; the stream failing closes the client.
 */
function sizedStream(status: number, headers: Readonly<Record<string, string>>, total: number, open: () => Readable): StreamReply {
  return {
    kind: "stream",
    status,
    headers,
    start: (res, onGone, sent) => {
      // Once the client left or has every byte, the response is not touched again: a peer's body
      // destroyed before its end emits an error, which must not close a response already ended.
      let over = false;
      const stream = open();
      const finish = (): void => {
        over = true;
        stream.destroy();
      };
      stream.on("error", () => {
        if (over) return;
        over = true;
        res.close();
      });
      onGone(finish);
      res.cork(() => {
        res.writeStatus(statusLine(status));
        for (const name in sent) res.writeHeader(name, sent[name] as string);
        if (total === 0) res.end();
      });
      if (total === 0) return finish();
      stream.on("data", (data) => {
        if (over) return;
        const chunk = data as Buffer;
        const base = res.getWriteOffset();
        let [ok, done] = [false, false];
        res.cork(() => {
          [ok, done] = res.tryEnd(chunk, total);
        });
        if (done) return finish();
        if (ok) return;
        // The socket took part of the chunk: wait, then send the rest from where it stopped.
        stream.pause();
        res.onWritable((offset) => {
          const [taken, finished] = res.tryEnd(chunk.subarray(offset - base), total);
          if (finished) finish();
          else if (taken) stream.resume();
          return taken;
        });
      });
    },
  };
}
