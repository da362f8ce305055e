import type { Logger } from "pino";
import type { Problem } from "../lib/problem.ts";

/** What the end of a window found: the connection had validated, was removed, or was gone already. */
export type WindowOutcome = "validated" | "removed" | "gone";

export interface PasswordWindowsOptions {
  readonly windowMs: number;
  readonly logger: Logger;
  /** Decides at the window's end; `startedAt` is when the connection was seen starting (epoch ms). */
  readonly expire: (app: string, ingressId: string, startedAt: number) => Promise<WindowOutcome | Problem>;
}

/**
 * One timer per live RTMP connection that still has to show its stream password (issue 29):
 * armed by `ingress_started`, dropped by `ingress_ended`, by the app's deletion and at stop. What
 * to do when one fires is the ingest service's decision (`expire`); this only keeps time.
 */
export class PasswordWindows {
  private readonly timers = new Map<string, { readonly app: string; readonly timer: NodeJS.Timeout }>();
  private stopped = false;
  private readonly log: Logger;

  constructor(private readonly o: PasswordWindowsOptions) {
    this.log = o.logger.child({ component: "rtmp-password" });
  }

  /** The connection started now; a reconnect restarts its window. */
  arm(app: string, ingressId: string): void {
    if (this.stopped) return;
    this.cancel(app, ingressId);
    const startedAt = Date.now();
    const key = keyOf(app, ingressId);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.o.expire(app, ingressId, startedAt).then(
        (outcome) => {
          if (typeof outcome !== "string") this.log.warn({ app, ingressId, code: outcome.code, reason: outcome.message }, "the unvalidated RTMP publisher could not be removed");
        },
        (err: unknown) => this.log.error({ err, app, ingressId }, "checking the RTMP password window failed"),
      );
    }, this.o.windowMs);
    this.timers.set(key, { app, timer });
  }

  cancel(app: string, ingressId: string): void {
    const key = keyOf(app, ingressId);
    clearTimeout(this.timers.get(key)?.timer);
    this.timers.delete(key);
  }

  /** The app is being deleted: its windows end without a decision. */
  forgetApp(app: string): void {
    for (const [key, entry] of this.timers) {
      if (entry.app !== app) continue;
      clearTimeout(entry.timer);
      this.timers.delete(key);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

const keyOf = (app: string, ingressId: string) => `${app}\u0000${ingressId}`;
