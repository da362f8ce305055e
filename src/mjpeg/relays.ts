import type { Logger } from "pino";
import type { CameraLink } from "./camera.ts";
import type { MjpegCounters } from "./counters.ts";
import { Relay, type RelayClock } from "./relay.ts";

const TICK_MS = 100;
const TICKS_PER_SECOND = 1000 / TICK_MS;
/** A live camera that sent nothing for this long gets its last frame repeated, so a static scene still paints. */
const REPEAT_AFTER_MS = 1000;
/**
 * A viewer whose socket takes nothing for this long while a part waits is closed. uWS also closes
 * a response whose write failed 10 s ago, but its timers tick every 4 s, so that fires after 8 to
 * 12 s. Ours fires 6 to 7 s in (the check runs once a second), always first, so every eviction is
 * ours and counted.
 */
export const VIEWER_STALL_MS = 6000;
/** Viewers wait this long for a camera that dropped to come back before their streams end. */
export const CAMERA_GRACE_MS = 15_000;

/** A camera sent more than its `ws_ingest.max_fps` allows over a whole second: the hub disconnects it. */
type OverRate = (relay: Relay, camera: CameraLink) => void;

/**
 * The process's relays, one per live room, and the clock they run on. Frames arrive in WebSocket
 * callbacks and are fanned out from one `setImmediate` per loop turn, so each viewer write happens
 * outside the camera's callback (where uWS has the camera's socket corked) and a burst of frames
 * costs one fan-out of the newest. One 100 ms ticker, running while any relay exists, keeps a
 * coarse clock, refills rate limits, repeats frames for static scenes, evicts stalled viewers and
 * retires rooms whose camera is gone.
 */
export class Relays implements RelayClock {
  now = Date.now();
  private readonly byRoom = new Map<string, Relay>();
  private queue: Relay[] = [];
  private immediate: NodeJS.Immediate | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private started = false;
  private ticks = 0;

  constructor(
    private readonly log: Logger,
    private readonly overRate: OverRate,
  ) {}

  /** Lets relays run their ticker; it runs only while there are relays, so an idle hub never wakes the process. */
  start(): void {
    this.started = true;
    if (this.byRoom.size > 0) this.startTicking();
  }

  /** Stops the ticker and forgets every relay; answers them, for the hub to close their cameras and viewers. */
  stop(): Relay[] {
    this.started = false;
    this.stopTicking();
    const all = [...this.byRoom.values()];
    this.byRoom.clear();
    return all;
  }

  values(): IterableIterator<Relay> {
    return this.byRoom.values();
  }

  /** The room's relay while a camera is live (or viewers wait for it to return). */
  get(app: string, room: string): Relay | undefined {
    return this.byRoom.get(`${app}/${room}`);
  }

  /** The room's relay, made (and the ticker started) when the room has none. */
  ensure(app: string, room: string, counters: MjpegCounters): Relay {
    const id = `${app}/${room}`;
    let relay = this.byRoom.get(id);
    if (!relay) {
      relay = new Relay(app, room, this, counters);
      this.byRoom.set(id, relay);
      this.startTicking();
    }
    return relay;
  }

  /** Closes the room's viewers and drops its relay. */
  retire(relay: Relay): void {
    relay.closeViewers();
    this.byRoom.delete(`${relay.app}/${relay.room}`);
    if (this.byRoom.size === 0) this.stopTicking();
  }

  schedule(relay: Relay): void {
    this.queue.push(relay);
    this.immediate ??= setImmediate(this.flush);
  }

  private readonly flush = (): void => {
    this.immediate = undefined;
    const queue = this.queue;
    this.queue = [];
    for (const relay of queue) {
      // One room's failure must not leave the rooms after it scheduled and frozen.
      try {
        relay.fanOut();
      } catch (err) {
        this.log.error({ err, app: relay.app, room: relay.room }, "fan-out failed");
      }
    }
  };

  private startTicking(): void {
    if (!this.started || this.ticker) return;
    // The clock stood still while there was nothing to tick for.
    this.now = Date.now();
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  private stopTicking(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  /** Sends the newest frame again when the room went quiet (see REPEAT_AFTER_MS and `ws_ingest.repaint_ms`). */
  private repaint(relay: Relay, repaintMs: number): void {
    const quiet = this.now - relay.lastFanOutAt;
    if (relay.latest && !relay.scheduled && (quiet >= REPEAT_AFTER_MS || (repaintMs > 0 && !relay.repainted && quiet >= repaintMs))) {
      relay.repainted = true;
      relay.fanOut();
    }
  }

  private tick(): void {
    this.now = Date.now();
    const wholeSecond = ++this.ticks % TICKS_PER_SECOND === 0;
    // A Map may lose entries while iterated (retire deletes the relay at hand): no copy needed.
    for (const relay of this.byRoom.values()) {
      const camera = relay.camera;
      if (camera) {
        camera.refill(1 / TICKS_PER_SECOND);
        if (wholeSecond && camera.endSecond()) this.overRate(relay, camera);
        this.repaint(relay, camera.limits.repaintMs);
        for (const rendition of relay.renditions.values()) this.repaint(rendition, camera.limits.repaintMs);
      } else if (relay.source) {
        if (relay.wanted) relay.source.wanted();
        this.repaint(relay, 0);
      } else if (relay.viewerCount === 0 || this.now - (relay.cameraLeftAt ?? 0) > CAMERA_GRACE_MS) {
        this.retire(relay);
        continue;
      }
      if (wholeSecond) relay.counters.viewersEvicted += relay.evictStalled(this.now - VIEWER_STALL_MS);
    }
  }
}
