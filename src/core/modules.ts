import type { AppSecretName } from "../apps/secrets.ts";
import type { AppDeletion } from "../apps/service.ts";
import type { Route } from "../http/route.ts";
import type { SocketRoute } from "../http/server.ts";
import type { Core } from "./core.ts";

/** What changed in an app's settings: its config file, or one of its secrets when `secret` is set. */
export interface AppChange {
  readonly app: string;
  readonly secret?: AppSecretName;
}

/**
 * One domain as the service runs it. `provides` is what later modules may use; everything else a
 * module builds stays inside it. The hooks are called by the module list, never by other modules.
 */
export interface Module<Provides extends object = object> {
  readonly name: string;
  readonly provides?: Provides;
  readonly routes?: readonly Route[];
  readonly sockets?: readonly SocketRoute[];
  /** Before the port opens, in list order: what must be in place before the first request. */
  prepare?(): Promise<void>;
  /** After the port is open, in list order. */
  start?(): void | Promise<void>;
  /**
   * Before the HTTP server stops: end what never finishes on its own (live streams, sockets), so
   * requests in flight can drain within the grace period.
   */
  drain?(): void;
  /** After the HTTP server stopped, in reverse list order. */
  stop?(): void | Promise<void>;
  /**
   * The app is being deleted and its database is still open: let go of everything held for it,
   * and with `deleteVods` purge what it stored outside the data dir (S3 objects).
   */
  forgetApp?(app: string, options: AppDeletion): void | Promise<void>;
  configChanged?(change: AppChange): void;
}

/**
 * Builds a module from the core and from what the modules before it provide. The parameter type
 * of `deps` is the module's declared dependencies: listing it before a module it needs does not
 * compile.
 */
export type ModuleFactory<Have extends object, Provides extends object> = (core: Core, deps: Have) => Module<Provides>;

/**
 * The ordered list of modules. Each `add` builds one module and makes what it provides available
 * to the next. `prepare`, `start`, `configChanged` and `forgetApp` run in list order; `drain` and
 * `stop` in reverse, so a module is always stopped before the modules it depends on.
 */
export class ModuleList<Have extends object> {
  private constructor(
    readonly core: Core,
    readonly modules: readonly Module[],
    readonly provided: Have,
  ) {}

  static empty(core: Core): ModuleList<object> {
    return new ModuleList(core, [], {});
  }

  add<Provides extends object>(factory: ModuleFactory<Have, Provides>): ModuleList<Have & Provides> {
    const module = factory(this.core, this.provided);
    return new ModuleList<Have & Provides>(this.core, [...this.modules, module], { ...this.provided, ...(module.provides as Provides) });
  }

  routes(): Route[] {
    return this.modules.flatMap((m) => m.routes ?? []);
  }

  sockets(): SocketRoute[] {
    return this.modules.flatMap((m) => m.sockets ?? []);
  }

  async prepare(): Promise<void> {
    for (const m of this.modules) await m.prepare?.();
  }

  async start(): Promise<void> {
    for (const m of this.modules) await m.start?.();
  }

  drain(): void {
    for (const m of this.reversed()) this.guarded(m, "drain", () => m.drain?.());
  }

  /** Every module stops even if one before it failed; failures are logged. */
  async stop(): Promise<void> {
    for (const m of this.reversed()) {
      try {
        await m.stop?.();
      } catch (err) {
        this.core.logger.error({ err, module: m.name }, "module failed to stop");
      }
    }
  }

  /**
   * In list order: what a module emits while letting go of the app (a camera's stream_ended, say)
   * still reaches the modules after it, which then let go of it too.
   */
  async forgetApp(app: string, options: AppDeletion): Promise<void> {
    for (const m of this.modules) {
      try {
        await m.forgetApp?.(app, options);
      } catch (err) {
        this.core.logger.error({ err, module: m.name, hook: "forgetApp" }, "module hook failed");
      }
    }
  }

  configChanged(change: AppChange): void {
    for (const m of this.modules) this.guarded(m, "configChanged", () => m.configChanged?.(change));
  }

  private reversed(): Module[] {
    return [...this.modules].reverse();
  }

  /** One module's failing hook must not keep the others from hearing about the app. */
  private guarded(m: Module, hook: string, run: () => void): void {
    try {
      run();
    } catch (err) {
      this.core.logger.error({ err, module: m.name, hook }, "module hook failed");
    }
  }
}
