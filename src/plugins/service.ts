import type { Logger } from "pino";
import type { DetectionsMessage } from "../../workers/plugins/protocol.ts";
import type { AppConfigService, Edit } from "../apps/config/service.ts";
import type { AppSecretName, AppSecrets } from "../apps/secrets.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { configPatchSchema, manifestOf, manifests, secretFields, withDefaults, type PluginManifest } from "./manifests.ts";
import type { PatchPluginBody } from "./schemas.ts";
import type { PluginDetections } from "./detections.ts";
import { secretName, type ConfigValue, type PluginSettings } from "./settings.ts";
import type { LogLine, PluginWorkers, WorkerStatus } from "./workers.ts";

/** What a secret config field reads back as once set; writing it back unchanged keeps the stored value. */
export const SECRET_MASK = "********";

/** A plugin as the API shows it: its manifest, and its state in the app. */
export interface PluginView extends PluginManifest {
  readonly installed: boolean;
  readonly enabled: boolean;
  /** Every field at its value or default; secret fields as SECRET_MASK when set, else "". */
  readonly config: Readonly<Record<string, ConfigValue>>;
  /** Worker plugins: the worker's status; null for plugins without one. */
  readonly worker: WorkerStatus | null;
}

/** The public list's entry: what a player needs to draw a plugin, nothing more. */
export interface PublicPlugin {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  /** Where a player finds what to draw: data messages on this topic in LiveKit rooms. */
  readonly overlay: { readonly topic: string };
}

const key = (app: string, plugin: string): string => `${app}/${plugin}`;

export interface PluginServiceOptions {
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  readonly settings: PluginSettings;
  readonly detections: PluginDetections;
  readonly workers: PluginWorkers;
  readonly roomsOf: (app: string, plugin: string) => string[];
  readonly logger: Logger;
}

/**
 * Plugins per app (SPEC 2.10, 4.16). Whether a plugin is installed and enabled, and its config,
 * live in the app's `config.yaml` under `plugins.<id>` (so a hand edit counts too, and a restart
 * finds them); secret fields live in the app's secrets store. `reconcile` makes the workers match
 * that state whenever it changes.
 */
export class PluginService {
  /** The config each running worker was launched with: a different one restarts it. */
  private readonly launchedWith = new Map<string, string>();
  /** Workers the operator stopped by the route: they stay stopped until started or enabled again. */
  private readonly heldStopped = new Set<string>();
  private readonly log: Logger;

  constructor(private readonly o: PluginServiceOptions) {
    this.log = o.logger.child({ component: "plugins" });
  }

  list(app: string): PluginView[] {
    return manifests.map((m) => this.view(app, m));
  }

  /** SPEC 4.16 `plugins/public`: enabled player overlays, with nothing a player does not need. */
  publicList(app: string): PublicPlugin[] {
    return manifests
      .filter((m) => m.playerOverlay && this.o.settings.state(app, m.id).enabled)
      .map((m) => ({ id: m.id, name: m.name, version: m.version, overlay: { topic: "detections" } }));
  }

  get(app: string, id: string): (PluginView & { rooms: string[] }) | Problem {
    const m = this.known(id);
    if (isProblem(m)) return m;
    return { ...this.view(app, m), rooms: this.o.roomsOf(app, id) };
  }

  async install(app: string, id: string): Promise<PluginView | Problem> {
    const m = this.known(id);
    if (isProblem(m)) return m;
    if (this.o.settings.state(app, id).installed) return this.view(app, m);
    const done = await this.o.configs.update(app, [{ path: ["plugins", id, "installed"], value: true }]);
    if (isProblem(done)) return done;
    this.log.info({ app, plugin: id }, "plugin installed");
    return this.view(app, m);
  }

  async patch(app: string, id: string, body: PatchPluginBody): Promise<PluginView | Problem> {
    const m = this.known(id);
    if (isProblem(m)) return m;
    if (!this.o.settings.state(app, id).installed) return problem("conflict", `plugin ${id} is not installed in app ${app}: POST /plugins/${id}/install first`);
    const secrets = secretFields(m);
    const edits: Edit[] = [];
    const secretWrites: [AppSecretName, string | undefined][] = [];
    if (body.config !== undefined) {
      // A masked secret written back as read means "keep it", like an omitted one.
      const given = Object.fromEntries(Object.entries(body.config).filter(([field, value]) => !(secrets.includes(field) && value === SECRET_MASK)));
      const checked = configPatchSchema(m, { secrets: true }).safeParse(given);
      if (!checked.success) {
        const details = checked.error.issues.map((i) => ({ path: ["body", "config", ...i.path.map(String)].join("."), message: i.message, code: i.code }));
        return problem("validation_failed", `${details[0]?.path}: ${details[0]?.message}`, { details });
      }
      for (const [field, value] of Object.entries(checked.data)) {
        if (secrets.includes(field)) secretWrites.push([secretName(id, field), value === "" ? undefined : String(value)]);
        else edits.push({ path: ["plugins", id, "config", field], value });
      }
    }
    if (body.enabled !== undefined) edits.push({ path: ["plugins", id, "enabled"], value: body.enabled });
    if (body.enabled === true) this.heldStopped.delete(key(app, id));
    // Secrets first: the YAML write that follows reconciles the workers with both.
    for (const [name, value] of secretWrites) await this.o.secrets.set(app, name, value);
    if (edits.length > 0) {
      const done = await this.o.configs.update(app, edits);
      if (isProblem(done)) return done;
    } else this.reconcile(app);
    return this.view(app, m);
  }

  /** Stops the worker, then removes the plugin's section and secrets. */
  async remove(app: string, id: string): Promise<{ removed: true } | Problem> {
    const m = this.known(id);
    if (isProblem(m)) return m;
    if (!this.o.settings.state(app, id).installed) return problem("not_found", `plugin ${id} is not installed in app ${app}`);
    this.o.workers.stop(app, id);
    this.heldStopped.delete(key(app, id));
    const done = await this.o.configs.update(app, [{ path: ["plugins", id], value: undefined }]);
    if (isProblem(done)) return done;
    for (const field of secretFields(m)) await this.o.secrets.set(app, secretName(id, field), undefined);
    this.log.info({ app, plugin: id }, "plugin uninstalled");
    return { removed: true };
  }

  startWorker(app: string, id: string): WorkerStatus | Problem {
    const m = this.known(id);
    if (isProblem(m)) return m;
    if (!m.needsWorker) return problem("conflict", `plugin ${id} has no worker to start`);
    const state = this.o.settings.state(app, id);
    if (!state.installed || !state.enabled) {
      return problem("conflict", `plugin ${id} is not ${state.installed ? "enabled" : "installed"} in app ${app}: ${state.installed ? `PATCH /plugins/${id} with {"enabled": true}` : `POST /plugins/${id}/install, then enable it`}`);
    }
    this.heldStopped.delete(key(app, id));
    this.launch(app, id);
    return this.o.workers.status(app, id);
  }

  stopWorker(app: string, id: string): WorkerStatus | Problem {
    const m = this.known(id);
    if (isProblem(m)) return m;
    if (!m.needsWorker) return problem("conflict", `plugin ${id} has no worker to stop`);
    this.heldStopped.add(key(app, id));
    this.o.workers.stop(app, id);
    this.launchedWith.delete(key(app, id));
    return this.o.workers.status(app, id);
  }

  workerStatus(app: string, id: string): WorkerStatus | Problem {
    const m = this.known(id);
    if (isProblem(m)) return m;
    if (!m.needsWorker) return problem("conflict", `plugin ${id} has no worker`);
    return this.o.workers.status(app, id);
  }

  logs(app: string, id: string, limit: number): { lines: LogLine[] } | Problem {
    const m = this.known(id);
    if (isProblem(m)) return m;
    return { lines: this.o.workers.logs(app, id, limit) };
  }

  /** The newest detections of each room the plugin works on. */
  latestDetections(app: string, id: string): DetectionsMessage[] | Problem {
    const m = this.known(id);
    if (isProblem(m)) return m;
    const rooms = new Set(this.o.roomsOf(app, id));
    return this.o.detections.of(app, id).filter((d) => rooms.has(d.room));
  }

  /** A room's newest detections from an enabled player-overlay plugin, for players; null when there are none. */
  roomDetections(app: string, room: string): DetectionsMessage | null {
    for (const m of manifests) {
      if (!m.playerOverlay || !this.o.settings.state(app, m.id).enabled || !this.o.roomsOf(app, m.id).includes(room)) continue;
      const found = this.o.detections.inRoom(app, m.id, room);
      if (found) return found;
    }
    return null;
  }

  /** Enabled, installed worker plugins run (with their current config); the others stop. */
  reconcile(app: string): void {
    for (const m of manifests) {
      if (!m.needsWorker) continue;
      const state = this.o.settings.state(app, m.id);
      const k = key(app, m.id);
      if (!state.installed || !state.enabled) {
        this.heldStopped.delete(k);
        if (this.launchedWith.delete(k)) this.o.workers.stop(app, m.id);
        continue;
      }
      if (this.heldStopped.has(k)) continue;
      const fingerprint = JSON.stringify(this.o.settings.configOf(app, m.id));
      const before = this.launchedWith.get(k);
      if (before === fingerprint) continue;
      if (before === undefined) this.launch(app, m.id);
      else {
        this.launchedWith.set(k, fingerprint);
        this.log.info({ app, plugin: m.id }, "plugin config changed; restarting its worker");
        this.o.workers.restart(app, m.id);
      }
    }
  }

  /** Every app at start: the workers of enabled plugins come back. */
  resume(apps: readonly string[]): void {
    for (const app of apps) {
      try {
        this.reconcile(app);
      } catch (err) {
        this.log.error({ err, app }, "could not resume the app's plugin workers");
      }
    }
  }

  forgetApp(app: string): void {
    for (const m of manifests) {
      this.launchedWith.delete(key(app, m.id));
      this.heldStopped.delete(key(app, m.id));
      this.o.detections.forget(app, m.id);
    }
    this.o.workers.forgetApp(app);
  }

  private launch(app: string, id: string): void {
    this.launchedWith.set(key(app, id), JSON.stringify(this.o.settings.configOf(app, id)));
    this.o.workers.start(app, id);
  }

  private known(id: string): PluginManifest | Problem {
    return manifestOf(id) ?? problem("not_found", `no plugin ${id}; known plugins: ${manifests.map((m) => m.id).join(", ")}`);
  }

  private view(app: string, m: PluginManifest): PluginView {
    const state = this.o.settings.state(app, m.id);
    const config: Record<string, ConfigValue> = withDefaults(m, state.config);
    for (const field of secretFields(m)) config[field] = this.o.secrets.has(app, secretName(m.id, field)) ? SECRET_MASK : "";
    return { ...m, installed: state.installed, enabled: state.enabled, config, worker: m.needsWorker ? this.o.workers.status(app, m.id) : null };
  }
}
