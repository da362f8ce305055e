/**
 * The floor for the fan-out's CPU cost: a bare uWS server that writes one shared buffer (the size
 * of a frame, argv[2]) to every open response at the camera's rate (argv[3] fps), with nothing
 * else. No camera, no multipart framing, no per-viewer bookkeeping, no metrics: the same writes
 * the relay makes (one `tryEnd` of the whole part per viewer per frame, a busy viewer skipping),
 * so its CPU per MB is what this machine's kernel and uWS charge for the bytes themselves. The
 * service's figure is read against it. Reports its port over IPC; serves until disconnected.
 */
import { listenExclusive, loadUws, type HttpResponse } from "../../src/http/uws.ts";
import type { WriterEvent } from "./protocol.ts";

const ENDLESS = Number.MAX_SAFE_INTEGER;
const frame = Buffer.alloc(Number(process.argv[2]), "x");
const fps = Number(process.argv[3]);

/** Per open response: the frame still being written (if any), the write offset it began at, and the offset after it. */
interface Writing {
  busy: Buffer | undefined;
  at: number;
  offset: number;
}
const open = new Map<HttpResponse, Writing>();

const { uws, native } = loadUws();
if (!native) throw new Error("floor writer: uWebSockets.js has no native binding here");

const app = uws.App().get("/*", (res) => {
  const state: Writing = { busy: undefined, at: 0, offset: 0 };
  open.set(res, state);
  res.onAborted(() => open.delete(res));
  res.onWritable((offset) => {
    const pending = state.busy;
    if (pending === undefined) return true;
    let ok = false;
    res.cork(() => {
      ok = res.tryEnd(pending.subarray(offset - state.at), ENDLESS)[0];
    });
    if (ok) state.busy = undefined;
    return ok;
  });
  res.cork(() => {
    res.writeStatus("200 OK").writeHeader("Content-Type", "application/octet-stream");
    res.tryEnd(Buffer.alloc(0), ENDLESS);
  });
});

setInterval(() => {
  for (const [res, state] of open) {
    if (state.busy !== undefined) continue;
    let ok = false;
    res.cork(() => {
      ok = res.tryEnd(frame, ENDLESS)[0];
    });
    state.at = state.offset;
    state.offset += frame.length;
    if (!ok) state.busy = frame;
  }
}, 1000 / fps);

const { port } = await listenExclusive(uws, app, "127.0.0.1", 0);
const ready: WriterEvent = { ev: "listening", port };
process.send?.(ready);
process.on("disconnect", () => process.exit(0));
