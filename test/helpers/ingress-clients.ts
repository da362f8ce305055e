import { spawn, type ChildProcess } from "node:child_process";
import { Room, RoomEvent, TrackKind, VideoStream, type RemoteTrack } from "@livekit/rtc-node";
import type { Page } from "playwright-core";
import { stopChild } from "./livekit.ts";

/** A real RTMP publisher: ffmpeg pushing a moving test picture and a tone as H.264/AAC in FLV. */
export interface RtmpPush {
  readonly child: ChildProcess;
  /** Whether ffmpeg has exited (the server closed the connection, or `stop`). */
  exited(): boolean;
  /** What ffmpeg printed last (why it stopped). */
  readonly log: () => string;
  stop(): Promise<void>;
}

/** Pushes `-re` (in real time) to `url` until stopped, as OBS would: 640x360 at 30 fps, a keyframe a second. */
export function pushRtmp(url: string): RtmpPush {
  const args = [
    ...["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-re", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-pix_fmt", "yuv420p", "-g", "30", "-c:a", "aac", "-b:a", "96k", "-f", "flv", url],
  ];
  const child = spawn("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr?.on("data", (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
  return { child, exited: () => child.exitCode !== null || child.signalCode !== null, log: () => log, stop: () => stopChild(child) };
}

/**
 * A WHIP client in a real browser: the page draws a moving 320x240 canvas and plays a tone, and
 * offers both to `whipUrl` the way WHIP clients do (one POST of the SDP offer with every candidate,
 * the answer applied, the session's Location kept for its DELETE). Resolves once the peer
 * connection is connected. The code is a string because the project compiles without DOM types.
 */
export async function publishWhip(page: Page, whipUrl: string): Promise<{ location: string }> {
  return page.evaluate(`(async (whipUrl) => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext("2d");
    let n = 0;
    setInterval(() => {
      g.fillStyle = "#246";
      g.fillRect(0, 0, 320, 240);
      g.fillStyle = "#fff";
      g.fillRect((n++ * 4) % 320, 0, 16, 240);
    }, 33);
    const [video] = canvas.captureStream(30).getVideoTracks();
    const tone = new AudioContext();
    const oscillator = tone.createOscillator();
    const destination = tone.createMediaStreamDestination();
    oscillator.connect(destination);
    oscillator.start();
    const [audio] = destination.stream.getAudioTracks();
    const pc = new RTCPeerConnection();
    pc.addTransceiver(video, { direction: "sendonly" });
    pc.addTransceiver(audio, { direction: "sendonly" });
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
      setTimeout(resolve, 3000);
    });
    const res = await fetch(whipUrl, { method: "POST", headers: { "content-type": "application/sdp" }, body: pc.localDescription.sdp });
    if (res.status !== 201) throw new Error("the WHIP endpoint answered " + res.status + ": " + (await res.text()));
    const location = new URL(res.headers.get("location"), whipUrl).href;
    await pc.setRemoteDescription({ type: "answer", sdp: await res.text() });
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("not connected after 15 s: " + pc.connectionState)), 15000);
      const check = () => pc.connectionState === "connected" && (clearTimeout(timer), resolve());
      pc.addEventListener("connectionstatechange", check);
      check();
    });
    window.__whip = { pc, location };
    return { location };
  })(${JSON.stringify(whipUrl)})`);
}

/** Ends the page's WHIP session as a client does: DELETE of its Location, then closing the connection. */
export async function stopWhip(page: Page): Promise<number> {
  return page.evaluate(`(async () => {
    const res = await fetch(window.__whip.location, { method: "DELETE" });
    window.__whip.pc.close();
    return res.status;
  })()`);
}

/**
 * Joins with `token` (a subscriber's) and resolves with the size of the first video frame of
 * `identity` it decodes: proof that media, not only a track, reached the room. Rejects after `ms`.
 */
export async function firstDecodedFrame(wsUrl: string, token: string, identity: string, ms = 20_000): Promise<{ width: number; height: number }> {
  const room = new Room();
  const subscribed = new Promise<RemoteTrack>((resolve) =>
    room.on(RoomEvent.TrackSubscribed, (track, _pub, participant) => {
      if (participant.identity === identity && track.kind === TrackKind.KIND_VIDEO) resolve(track);
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no video frame of ${identity} decoded in ${ms} ms`)), ms)));
  try {
    await room.connect(wsUrl, token, { autoSubscribe: true, dynacast: false });
    const decoded = (async () => {
      const stream = new VideoStream(await subscribed);
      const reader = stream.getReader();
      const { value } = await reader.read();
      reader.releaseLock();
      await stream.cancel();
      if (!value) throw new Error(`the video stream of ${identity} ended without a frame`);
      return { width: value.frame.width, height: value.frame.height };
    })();
    return await Promise.race([decoded, timeout]);
  } finally {
    clearTimeout(timer);
    await room.disconnect();
  }
}
