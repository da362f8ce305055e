import {
  AudioFrame,
  AudioSource,
  dispose,
  LocalAudioTrack,
  LocalVideoTrack,
  Room,
  TrackPublishOptions,
  TrackSource,
  VideoBufferType,
  VideoFrame,
  VideoSource,
} from "@livekit/rtc-node";

// Tests that join rooms poll for their effects; the helper lives apart so others need not load rtc-node.
export { eventually } from "./wait.ts";

/**
 * A real WebRTC participant (LiveKit's native Node client): it proves a token by what the media
 * server lets it do, not by decoding our JWT.
 */
export interface Participant {
  readonly room: Room;
  /** With `live`, a 440 Hz tone is sent (a media recording needs samples, not just a track). */
  publishAudio(options?: { live?: boolean }): Promise<void>;
  /**
   * With `live`, 320x240 frames at 15 fps with a bar moving across them (what a recording records),
   * or with `picture` that still picture again and again (what a detector should find).
   */
  publishVideo(options?: { live?: boolean; picture?: Picture }): Promise<void>;
  leave(): Promise<void>;
}

/** RGBA pixels. */
export interface Picture {
  readonly rgba: Uint8Array;
  readonly width: number;
  readonly height: number;
}

const WIDTH = 320;
const HEIGHT = 240;
const FPS = 15;

/** An RGBA frame: grey, with a white bar at column `x`, so consecutive frames differ. */
function testFrame(n: number): VideoFrame {
  const data = new Uint8Array(WIDTH * HEIGHT * 4).fill(96);
  const x = (n * 8) % WIDTH;
  for (let y = 0; y < HEIGHT; y++) data.fill(255, (y * WIDTH + x) * 4, (y * WIDTH + Math.min(x + 16, WIDTH)) * 4);
  return new VideoFrame(data, WIDTH, HEIGHT, VideoBufferType.RGBA);
}

/** 10 ms of a 440 Hz tone at 48 kHz mono, starting at sample `at`. */
function toneFrame(at: number): AudioFrame {
  const frame = AudioFrame.create(48_000, 1, 480);
  for (let i = 0; i < 480; i++) frame.data[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * (at + i)) / 48_000));
  return frame;
}

export async function join(wsUrl: string, token: string): Promise<Participant> {
  const room = new Room();
  await room.connect(wsUrl, token, { autoSubscribe: true, dynacast: false });
  const feeds: NodeJS.Timeout[] = [];
  return {
    room,
    async publishAudio(options = {}) {
      const source = new AudioSource(48_000, 1);
      const track = LocalAudioTrack.createAudioTrack("mic", source);
      await room.localParticipant?.publishTrack(track, new TrackPublishOptions({ source: TrackSource.SOURCE_MICROPHONE }));
      if (!options.live) return;
      let at = 0;
      // 100 ms of samples every 100 ms; the source queues them.
      feeds.push(
        setInterval(() => {
          for (let i = 0; i < 10; i++, at += 480) void source.captureFrame(toneFrame(at)).catch(() => undefined);
        }, 100),
      );
    },
    async publishVideo(options = {}) {
      const { picture } = options;
      const source = new VideoSource(picture?.width ?? WIDTH, picture?.height ?? HEIGHT);
      const track = LocalVideoTrack.createVideoTrack("cam", source);
      await room.localParticipant?.publishTrack(track, new TrackPublishOptions({ source: TrackSource.SOURCE_CAMERA }));
      if (!options.live && !picture) return;
      let n = 0;
      const frame = () => (picture ? new VideoFrame(picture.rgba, picture.width, picture.height, VideoBufferType.RGBA) : testFrame(n++));
      // Capture times from a monotonic clock: recorders timestamp the video by them.
      feeds.push(setInterval(() => source.captureFrame(frame(), process.hrtime.bigint() / 1000n), 1000 / FPS));
    },
    async leave() {
      for (const feed of feeds) clearInterval(feed);
      await room.disconnect();
    },
  };
}

/**
 * Leaves every room and shuts LiveKit's native client down: without it the FFI threads keep the
 * test process alive after its tests are done.
 */
export async function leaveAll(participants: readonly Participant[]): Promise<void> {
  await Promise.all(participants.map((p) => p.leave().catch(() => undefined)));
  await dispose();
}
