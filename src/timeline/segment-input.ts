import { execFile } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Clients } from "../apps/s3/clients.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { Fmp4Reader, type InitSection } from "../pull/fmp4.ts";
import type { SegmentRow } from "./store.ts";

/** How long a segment's presigned URL works: one picture is decoded from it at once. */
const PRESIGN_SECONDS = 600;

/** Who reads a segment: the app's S3, and whether a node's file is on this node's disk. */
export interface SegmentReader {
  readonly s3: Pick<S3Clients, "get" | "outboundRefusal">;
  /** Whether a segment `node` wrote is on this disk (always, on SQLite: one node). */
  readonly here: (node: string) => boolean;
}

/** The bytes a segment's init section lies within (it comes first: `ftyp`, then `moov`: a few hundred bytes to a few KiB). */
export const SEGMENT_HEAD_BYTES = 64 * 1024;

/** The first `bytes` of a file on this disk (fewer when it is shorter). */
export async function fileHead(file: string, bytes = SEGMENT_HEAD_BYTES): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(bytes), position: 0 });
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The init section a segment's first bytes begin with; undefined when they hold none whole. */
export function initIn(head: Buffer): InitSection | undefined {
  const init = new Fmp4Reader().push(head).find((item) => item.kind === "init");
  return init?.kind === "init" ? init : undefined;
}

/** A segment's file on this node; a file on another node's disk is that node's to read (callers ask `here` first). */
function localFile(r: SegmentReader, row: SegmentRow): string | Problem {
  if (!r.here(row.node)) return problem("conflict", `segment ${row.id} is on node ${row.node}'s disk and not uploaded yet`);
  return existsSync(row.local_path) ? row.local_path : problem("not_found", `segment ${row.id}'s file is not on node ${row.node}'s disk any more`);
}

function s3Of(r: SegmentReader, app: string, row: SegmentRow) {
  return r.s3.get(app) ?? problem("conflict", `segment ${row.id} is in S3, and app ${app} has no s3 block to read it with; restore its s3 settings`);
}

/** Why the segment cannot be read from here now, if it cannot (its file gone, no S3 to read its object from). */
export function unreadable(r: SegmentReader, app: string, row: SegmentRow): Problem | undefined {
  const found = row.object_key === null ? localFile(r, row) : s3Of(r, app, row);
  return isProblem(found) ? found : undefined;
}

/**
 * What ffmpeg reads one picture of a segment from: its file on this node, else its object through
 * a presigned URL, so ffmpeg reads only up to the frame. The app's S3 endpoint is the tenant's:
 * the URL passes the outbound checks a VOD probe's does, and ffmpeg is told to follow no redirect
 * (`urlInputOptions` in src/lib/url-input.ts), so the endpoint cannot send it elsewhere.
 */
export async function segmentInput(r: SegmentReader, app: string, row: SegmentRow): Promise<string | Problem> {
  if (row.object_key === null) return localFile(r, row);
  const s3 = s3Of(r, app, row);
  if (isProblem(s3)) return s3;
  const url = await getSignedUrl(s3.client, new GetObjectCommand({ Bucket: s3.target.bucket, Key: row.object_key }), { expiresIn: PRESIGN_SECONDS });
  const refused = await r.s3.outboundRefusal(url);
  return refused === undefined ? url : problem("bad_request", `segment ${row.id} cannot be read from the app's S3: ${refused}`);
}


/**
 * A segment as a file on this disk for a clip to join: its own file, else its object downloaded
 * into `dir` by the app's S3 client, whose connections keep the outbound rules (the concat
 * demuxer opens its files itself, with no way to refuse a redirect).
 */
export async function segmentFile(r: SegmentReader, app: string, row: SegmentRow, dir: string, signal: AbortSignal): Promise<string | Problem> {
  if (row.object_key === null) return localFile(r, row);
  const s3 = s3Of(r, app, row);
  if (isProblem(s3)) return s3;
  const file = path.join(dir, `${row.id}.mp4`);
  try {
    const res = await s3.client.send(new GetObjectCommand({ Bucket: s3.target.bucket, Key: row.object_key }), { abortSignal: signal });
    await pipeline(res.Body as Readable, createWriteStream(file), { signal });
  } catch (err) {
    return problem("service_unavailable", `segment ${row.id} could not be read from the app's S3 (${(err as Error).message}); retry in a moment`, { headers: { "retry-after": "5" } });
  }
  return file;
}

/**
 * Runs ffmpeg as a child process at a lower CPU priority (background work must not starve the
 * event loop, as workers/media-files.ts says of its tools), without blocking the event loop while
 * it runs. Rejects with ffmpeg's own words when it fails, is killed by `signal` or runs past
 * `timeoutMs`.
 */
export function ffmpeg(args: readonly string[], o: { readonly timeoutMs: number; readonly signal?: AbortSignal }): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile("nice", ["-n", "10", "ffmpeg", "-hide_banner", "-nostdin", ...args], { timeout: o.timeoutMs, signal: o.signal, maxBuffer: 1024 * 1024 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      const said = stderr.trim().split("\n").slice(-3).join("; ");
      reject(new Error(said === "" ? err.message : said));
    });
  });
}
