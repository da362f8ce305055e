import { performance } from "node:perf_hooks";
import type { Logger } from "pino";
import { latencyLatch, type LatencyLatchEvent } from "../../machines/latency-latch.ts";
import type { AppConfigService } from "../apps/config/service.ts";
import type { AppService } from "../apps/service.ts";
import type { AppStore } from "../apps/store.ts";
import type { MediaServers } from "../media/servers.ts";
import type { LocalStreams } from "../streams/local.ts";
import type { StreamTracker } from "../streams/tracker.ts";
import type { Ownership } from "../peers/ownership.ts";
import type { Supervisor } from "../supervisor/supervisor.ts";
import { unlessUnavailable, unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { EventDispatcher } from "./dispatcher.ts";

/** SPEC 6.4: at most this many rooms per app per pass. */
export const MAX_ROOMS_PER_PASS = 25;
/** The metric name the latency events carry (SPEC 6.3). */
const METRIC = "livekit_room_probe_rtt_ms";
const TICK_MS = 1000;

export interface LatencyMonitorDeps {
  readonly apps: AppStore;
  readonly appService: AppService;
  readonly configs: AppConfigService;
  readonly servers: MediaServers;
  readonly tracker: StreamTracker;
  /** Streams served here (cameras) have no LiveKit room to probe. */
  readonly local: LocalStreams;
  readonly supervisor: Supervisor;
  /** One node probes each room (its latch's lease), so each alert is emitted once cluster-wide. */
  readonly ownership: Ownership;
  readonly events: EventDispatcher;
  readonly logger: Logger;
  readonly now?: () => number;
}

const actorId = (app: string, room: string): string => `latency:${app}:${room}`;

/**
 * The per-room latency monitor (SPEC 6.4, 3.3). For each app with `latency_alert.enabled`, every
 * `interval_seconds` each active room (at most 25 per pass) is probed by timing LiveKit's
 * list-participants call; the sample goes to the room's latch, an XState actor under the
 * supervisor, which decides what to emit. Latches of rooms that ended are stopped; config changes
 * reach them on the next pass.
 */
export class LatencyMonitor {
  private timer: NodeJS.Timeout | undefined;
  private readonly nextPass = new Map<string, number>();
  private readonly passing = new Set<string>();
  private readonly log: Logger;
  private readonly now: () => number;

  constructor(private readonly d: LatencyMonitorDeps) {
    this.log = d.logger.child({ component: "latency" });
    this.now = d.now ?? Date.now;
    // A stopped node's latch is not carried over: the next pass of any node claims its room afresh.
    d.ownership.register("latency:", { adopt: async () => false, deliver: async () => undefined });
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Starts every pass that is due; answers them (tests await them). */
  tick(): Promise<void>[] {
    const passes: Promise<void>[] = [];
    for (const row of this.d.apps.list({ all: true })) {
      let config;
      try {
        config = this.d.configs.get(row.name).latency_alert;
      } catch (err) {
        // An app whose folder is unreadable is skipped; the others are still watched.
        this.log.warn({ app: row.name, err: (err as Error).message }, "latency monitor cannot read the app's config");
        continue;
      }
      if (!config.enabled) {
        this.stopLatches(row.name, new Set());
        this.nextPass.delete(row.name);
        continue;
      }
      const due = this.nextPass.get(row.name) ?? 0;
      if (this.now() < due || this.passing.has(row.name)) continue;
      this.nextPass.set(row.name, this.now() + config.interval_seconds * 1000);
      this.passing.add(row.name);
      passes.push(this.pass(row.name).finally(() => this.passing.delete(row.name)));
    }
    return passes;
  }

  private async pass(appName: string): Promise<void> {
    const app = this.d.appService.findByName(appName);
    const media = app && unlessUnavailable(undefined, () => this.d.servers.forApp(appName));
    if (!app || !media) return;
    const config = this.d.configs.get(appName).latency_alert;
    const active = await unlessUnavailableAsync([], () => this.d.tracker.store(app).active());
    const live = [...new Set(active.filter((s) => !this.d.local.owns(s)).map((s) => s.room))].slice(0, MAX_ROOMS_PER_PASS);
    const rooms: string[] = [];
    for (const room of live) if (await this.d.ownership.claim(actorId(appName, room))) rooms.push(room);
    this.stopLatches(appName, new Set(rooms));
    for (const room of rooms) {
      const latch = this.latch(appName, room, config.threshold_ms, config.cooldown_seconds);
      latch.send({ type: "configure", thresholdMs: config.threshold_ms, cooldownSeconds: config.cooldown_seconds });
      const started = performance.now();
      let event: LatencyLatchEvent;
      try {
        const participants = await media.rooms.listParticipants(room);
        const rttMs = Math.round((performance.now() - started) * 10) / 10;
        event = { type: "sample", rttMs, at: this.now(), participants: participants.length, publishers: participants.filter((p) => p.tracks.length > 0).length };
      } catch (err) {
        this.log.debug({ app: appName, room, err: (err as Error).message }, "latency probe failed");
        event = { type: "probe_failed", at: this.now() };
      }
      this.d.supervisor.get(actorId(appName, room))?.send(event);
    }
  }

  private latch(app: string, room: string, thresholdMs: number, cooldownSeconds: number) {
    const id = actorId(app, room);
    const running = this.d.supervisor.get(id);
    if (running) return running;
    const events = this.d.events;
    const logic = latencyLatch.provide({
      actions: {
        latencyHigh: (_, alert) => events.emit(app, "stream.latency_high", alert.room, { ...alert, metric: METRIC }),
        latencyRecovered: (_, alert) => events.emit(app, "stream.latency_recovered", alert.room, { ...alert, metric: METRIC }),
      },
    });
    return this.d.supervisor.spawn(id, logic, { room, thresholdMs, cooldownSeconds });
  }

  /** The app is being deleted. */
  forget(app: string): void {
    this.stopLatches(app, new Set());
    this.nextPass.delete(app);
  }

  /** Stops the app's latches whose room is not in `keep`. */
  private stopLatches(app: string, keep: ReadonlySet<string>): void {
    const prefix = actorId(app, "");
    for (const id of this.d.supervisor.ids(prefix)) {
      if (!keep.has(id.slice(prefix.length))) this.d.supervisor.stop(id);
    }
  }
}
