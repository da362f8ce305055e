import type { Logger } from "pino";

/** One event as emitted: the app it belongs to, its name, room and flat data (SPEC 6). */
export interface EmittedEvent {
  readonly app: string;
  readonly event: string;
  readonly room: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly ts: string;
}

export type EventListener = (event: EmittedEvent) => void;

/** How many recent events are kept in memory for inspection. */
const RECENT = 500;

/**
 * The one place every module emits through: `emit(app, event, room, data)`. Emitting never
 * throws and never waits; an event for an unknown app is dropped. Delivery channels (signed
 * webhooks, MQTT) subscribe as listeners.
 */
export class EventDispatcher {
  private readonly listeners: EventListener[] = [];
  private readonly recentEvents: EmittedEvent[] = [];

  constructor(
    private readonly appExists: (app: string) => boolean,
    private readonly logger: Logger,
  ) {}

  onEvent(listener: EventListener): void {
    this.listeners.push(listener);
  }

  emit(app: string, event: string, room: string, data: Record<string, unknown>): void {
    if (!this.appExists(app)) return;
    const emitted: EmittedEvent = { app, event, room, data, ts: new Date().toISOString() };
    this.recentEvents.push(emitted);
    if (this.recentEvents.length > RECENT) this.recentEvents.shift();
    for (const listener of this.listeners) {
      try {
        listener(emitted);
      } catch (err) {
        this.logger.error({ err, app, event }, "event listener failed");
      }
    }
  }

  /** The latest events, oldest first. */
  recent(): readonly EmittedEvent[] {
    return this.recentEvents;
  }
}
