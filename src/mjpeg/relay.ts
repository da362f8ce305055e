import type { HttpResponse } from "../http/uws.ts";
import type { CameraLink } from "./camera.ts";
import type { MjpegCounters } from "./counters.ts";
import { PartPool, type Part } from "./part.ts";
import { Viewer, type ViewerRoom } from "./viewer.ts";

/** Clock and scheduling the relays of one process share. */
export interface RelayClock {
  readonly now: number;
  /** Asks for `relay.fanOut()` soon, outside the current uWS callback. */
  schedule(relay: Relay): void;
}

/** What a relay hands a recording: its newest frame at each fan-out, and the camera's leaving. */
export interface FrameTap {
  /** The newest frame; the tap holds the part while it uses the bytes. */
  frame(part: Part): void;
  /** The camera disconnected: the recording ends here. */
  cameraLeft(): void;
}

/**
 * A room's publisher other than a WebSocket camera: a pulled camera, whose frames are decoded
 * only while someone takes them (src/pull/frames.ts). The relays' ticker says so every tick.
 */
export interface FrameSource {
  /** Someone watches or taps the room now: keep decoding for a while. */
  wanted(): void;
}

/**
 * One room's MJPEG relay: the camera feeding it, the newest frame, and its viewers. Frames are
 * copied once into a shared part and fanned out later (see `MjpegHub`), never from inside the
 * camera's WebSocket callback.
 */
export class Relay implements ViewerRoom {
  latest: Part | undefined;
  camera: CameraLink | undefined;
  /** Set while a pulled camera publishes here instead of a WebSocket camera. */
  source: FrameSource | undefined;
  /** When the last camera left, while viewers wait for it to come back. */
  cameraLeftAt: number | undefined;
  readonly viewers = new Set<Viewer>();
  /** Recordings of this room: each gets the newest frame at every fan-out. */
  readonly taps = new Set<FrameTap>();
  /**
   * Processed versions of this room's frames, by variant (the deface plugin's blurred picture):
   * relays of their own, fed by whoever processes the frames, live while this room's camera is.
   */
  readonly renditions = new Map<string, Relay>();
  /** When a frame (new or repeated) last went out. */
  lastFanOutAt = 0;
  scheduled = false;
  /** Whether the newest frame was already sent again for browsers (see `ws_ingest.repaint_ms`). */
  repainted = false;
  private seq = 0;
  private readonly parts = new PartPool();

  constructor(
    readonly app: string,
    readonly room: string,
    private readonly clock: RelayClock,
    readonly counters: MjpegCounters,
    /** Set on a rendition: the camera's relay it belongs to. */
    private readonly parent?: Relay,
  ) {}

  get now(): number {
    return this.clock.now;
  }

  get live(): boolean {
    return this.parent ? this.parent.live : this.camera !== undefined || this.source !== undefined;
  }

  /** The relay of a variant of this room's frames, made on its first frame. */
  rendition(variant: string): Relay {
    let relay = this.renditions.get(variant);
    if (!relay) {
      relay = new Relay(this.app, this.room, this.clock, this.counters, this);
      this.renditions.set(variant, relay);
    }
    return relay;
  }

  /** Ends a variant: its viewers' streams close. */
  endRendition(variant: string): void {
    this.renditions.get(variant)?.closeViewers();
    this.renditions.delete(variant);
  }

  /** Viewers of the room in every variant: what `ws_ingest.max_viewers` bounds. */
  get viewerCount(): number {
    let n = this.viewers.size;
    for (const r of this.renditions.values()) n += r.viewers.size;
    return n;
  }

  /** Whether anyone takes the room's frames: a viewer (of any variant) or a tap. */
  get wanted(): boolean {
    return this.viewerCount > 0 || this.taps.size > 0;
  }

  /** Takes a validated frame: must run inside the WebSocket callback that received it. */
  publish(frame: Uint8Array, at: number): void {
    const part = this.parts.build(frame, ++this.seq, at);
    part.hold();
    this.latest?.release();
    this.latest = part;
    this.repainted = false;
    if (!this.scheduled) {
      this.scheduled = true;
      this.clock.schedule(this);
    }
  }

  /** Offers the newest frame to every viewer; busy viewers pick it up when they drain. */
  fanOut(): void {
    this.scheduled = false;
    const part = this.latest;
    if (!part) return;
    this.lastFanOutAt = this.clock.now;
    for (const tap of this.taps) tap.frame(part);
    const first = this.viewers.values().next().value;
    first?.batch(() => {
      for (const viewer of this.viewers) viewer.offer(part);
    });
  }

  attach(res: HttpResponse, headers: Readonly<Record<string, string>>): Viewer {
    const viewer = new Viewer(res, this);
    this.viewers.add(viewer);
    viewer.open(headers);
    return viewer;
  }

  detach(viewer: Viewer): void {
    viewer.gone();
    this.viewers.delete(viewer);
  }

  /** Closes viewers whose socket took nothing since `before`; answers how many. */
  evictStalled(before: number): number {
    let evicted = 0;
    for (const viewer of this.viewers) {
      if (viewer.stalledSince(before)) {
        viewer.close();
        this.viewers.delete(viewer);
        evicted++;
      }
    }
    for (const r of this.renditions.values()) evicted += r.evictStalled(before);
    return evicted;
  }

  /** Frame bytes this room holds: the newest part, the distinct parts still in flight to viewers, and its spare buffer. */
  heldBytes(): number {
    const held = new Set<Buffer>();
    if (this.latest) held.add(this.latest.bytes);
    for (const viewer of this.viewers) {
      const pending = viewer.pending;
      if (pending) held.add(pending);
    }
    let bytes = this.parts.spareBytes;
    for (const buffer of held) bytes += buffer.length;
    for (const r of this.renditions.values()) bytes += r.heldBytes();
    return bytes;
  }

  closeViewers(): void {
    for (const viewer of this.viewers) viewer.close();
    this.viewers.clear();
    for (const r of this.renditions.values()) r.closeViewers();
    this.renditions.clear();
  }

  delivered(bytes: number): void {
    this.counters.framesOut++;
    this.counters.bytesOut += bytes;
  }

  skippedFrames(count: number): void {
    this.counters.framesSkipped += count;
  }
}
