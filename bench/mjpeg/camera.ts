/**
 * A WebSocket camera (the tests' `Camera`) in its own process: one binary message per stamped
 * JPEG, paced at a fixed rate against the clock (not the previous send, so timer lateness does not lower the rate).
 * After a late frame it catches up, but never sends two frames less than half an interval apart:
 * on a busy machine a burst would reach the server as one read, which rightly forwards only the
 * newer frame, and the bench would blame the server for the gap. With `frames` > 0 it stops after
 * that many and stays connected, silent. Driven by the bench over IPC (see `CameraCommand`).
 */
import { Camera } from "../../test/helpers/mjpeg.ts";
import { baseJpeg, FrameMaker, wallMs } from "./jpeg.ts";
import type { CameraCommand, CameraEvent } from "./protocol.ts";

/** The least time between two frames, in frame intervals. */
const MIN_SPACING = 0.5;

let sent = 0;
let windowStart = performance.now();
let windowSent = 0;
let maxBuffered = 0;
let maxLateMs = 0;
let closed: string | undefined;

async function start(cmd: Extract<CameraCommand, { cmd: "start" }>): Promise<CameraEvent> {
  const maker = new FrameMaker(baseJpeg(), cmd.frameBytes);
  const camera = await Camera.connect({ wsUrl: cmd.wsUrl, streamKey: cmd.key }).catch(() => {
    throw new Error(`camera could not connect to ${cmd.wsUrl}`);
  });
  void camera.closed.then((e) => {
    closed = `code ${e.code} ${e.reason}`.trim();
    process.stderr.write(`camera: the server closed the WebSocket (${closed}) after ${sent} frames\n`);
  });
  const begun = performance.now();
  const due = () => begun + (sent * 1000) / cmd.fps;
  const tick = () => {
    if (closed !== undefined) return;
    maxLateMs = Math.max(maxLateMs, performance.now() - due());
    maxBuffered = Math.max(maxBuffered, camera.ws.bufferedAmount);
    sent++;
    windowSent++;
    camera.send(maker.frame(sent, wallMs()));
    if (cmd.frames > 0 && sent >= cmd.frames) return;
    setTimeout(tick, Math.max(due() - performance.now(), (MIN_SPACING * 1000) / cmd.fps));
  };
  tick();
  return { ev: "started" };
}

async function handle(cmd: CameraCommand): Promise<CameraEvent> {
  switch (cmd.cmd) {
    case "start":
      return start(cmd);
    case "mark":
      windowStart = performance.now();
      windowSent = 0;
      maxBuffered = 0;
      maxLateMs = 0;
      return { ev: "marked" };
    case "report":
      return { ev: "report", report: { sent: windowSent, windowMs: performance.now() - windowStart, maxBuffered, maxLateMs, ...(closed ? { closed } : {}) } };
  }
}

process.on("message", (msg) => {
  handle(msg as CameraCommand).then(
    (event) => process.send?.(event),
    (err: unknown) => {
      process.stderr.write(`camera: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
});
process.on("disconnect", () => process.exit(0));
