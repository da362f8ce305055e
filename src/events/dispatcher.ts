import { createHash, randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { EVENTS, type EventName, type EventData } from "./catalog.ts";

/** One event as emitted: its id, app, name, room and flat data (SPEC 6). */
export interface EmittedEvent {
  /** The delivery id webhooks carry (body `id`, `X-Service-Delivery`, `webhook-id`). */
  readonly id: string;
  readonly app: string;
  readonly event: EventName;
  readonly room: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly ts: string;
}

export type EventListener = (event: EmittedEvent) => void;

/** How many recent events are kept in memory for inspection. */
const RECENT = 500;

/**
 * The one place every module emits through: `emit(app, event, room, data)`, typed from the event
 * catalog. Emitting never throws and never waits: channels (signed webhooks, MQTT) take the event
 * synchronously and do their I/O later. An event for an unknown app is dropped (SPEC 6).
 */
export class EventDispatcher {
  private readonly listeners: EventListener[] = [];
  /** A ring of the latest events; `next` is where the next one goes. */
  private readonly recentEvents: EmittedEvent[] = [];
  private next = 0;
  /** Apps known to exist: asking the registry on every emit was a SQLite query per event. */
  private readonly known = new Set<string>();
  /** `service_stream_events_total{app,event}`, read at scrape time. */
  readonly counts = new Map<string, Map<EventName, number>>();

  private readonly appExists: (app: string) => boolean;
  private readonly logger: Logger;

  constructor(options: { readonly appExists: (app: string) => boolean; readonly logger: Logger }) {
    this.appExists = options.appExists;
    this.logger = options.logger;
  }

  onEvent(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /**
   * `cause`: the id of what made the event (a LiveKit webhook's), when handling it again must make
   * the same event: its id is then derived from the app, the cause, the name and the data, so a
   * delivery written twice is one row of the outbox. Without one, every event gets an id of its own.
   */
  emit<E extends EventName>(app: string, event: E, room: string, data: EventData<E>, cause?: string): void {
    if (!this.known.has(app)) {
      if (!this.appExists(app)) return;
      this.known.add(app);
    }
    const checked = EVENTS[event].data.safeParse(data);
    // A shape the catalog does not expect is a bug in the emitter: say so loudly, deliver anyway.
    if (!checked.success) this.logger.error({ app, event, issues: checked.error.issues }, "event data does not match the catalog");
    const flat = withoutUndefined(data);
    const id = cause === undefined ? randomUUID() : causedId(app, cause, event, flat);
    const emitted: EmittedEvent = { id, app, event, room, data: flat, ts: new Date().toISOString() };
    this.recentEvents[this.next] = emitted;
    this.next = (this.next + 1) % RECENT;
    let perApp = this.counts.get(app);
    if (!perApp) {
      perApp = new Map();
      this.counts.set(app, perApp);
    }
    perApp.set(event, (perApp.get(event) ?? 0) + 1);
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
    return [...this.recentEvents.slice(this.next), ...this.recentEvents.slice(0, this.next)];
  }

  /** The app is being deleted: its events stop here. */
  forget(app: string): void {
    this.known.delete(app);
    this.counts.delete(app);
  }
}

/** A UUID (version 5's layout) named by what made the event: the same inputs give the same id. */
function causedId(app: string, cause: string, event: string, data: Readonly<Record<string, unknown>>): string {
  const hash = createHash("sha256").update(JSON.stringify([app, cause, event, data])).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Data is flat; an absent optional field is left out rather than sent as null. */
function withoutUndefined(data: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (value !== undefined) out[key] = value;
  return out;
}
