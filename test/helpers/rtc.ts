import {
  AudioSource,
  dispose,
  LocalAudioTrack,
  LocalVideoTrack,
  Room,
  TrackPublishOptions,
  TrackSource,
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
  publishAudio(): Promise<void>;
  publishVideo(): Promise<void>;
  leave(): Promise<void>;
}

export async function join(wsUrl: string, token: string): Promise<Participant> {
  const room = new Room();
  await room.connect(wsUrl, token, { autoSubscribe: true, dynacast: false });
  return {
    room,
    async publishAudio() {
      const track = LocalAudioTrack.createAudioTrack("mic", new AudioSource(48_000, 1));
      await room.localParticipant?.publishTrack(track, new TrackPublishOptions({ source: TrackSource.SOURCE_MICROPHONE }));
    },
    async publishVideo() {
      const track = LocalVideoTrack.createVideoTrack("cam", new VideoSource(320, 240));
      await room.localParticipant?.publishTrack(track, new TrackPublishOptions({ source: TrackSource.SOURCE_CAMERA }));
    },
    leave: () => room.disconnect(),
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
