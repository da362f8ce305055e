import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { ClusterLock } from "../core/cluster-lock.ts";
import { isPlatform, tenantOf, type Principal } from "../auth/principal.ts";
import { AppUnavailableError, appUnavailableProblem, unlessUnavailable } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { isUniqueViolation } from "../lib/unique-violation.ts";
import type { AppConfig } from "./config/schema.ts";
import { editsFrom, type AppConfigService } from "./config/service.ts";
import { namespaceRoom, prefixesOverlap, prefixesOwning } from "./namespacing.ts";
import { PrefixAdmission, prefixConflict, type PrefixRequest } from "./prefix-admission.ts";
import type { CreateAppBody, PatchAppBody } from "./schemas.ts";
import type { AppSecrets } from "./secrets.ts";
import type { AppRef, AppRow, AppStore } from "./store.ts";

const nameTaken = (name: string): Problem => problem("conflict", `an app named "${name}" already exists`);

/** The app record of list and get (SPEC leaves it open; see docs/apps.md). */
export interface AppView {
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly roomPrefix: string;
  readonly tenantId: number | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly recordingEnabled: boolean;
  readonly splitMinutes: number;
  readonly snapshotSeconds: number;
  readonly features: Record<string, boolean>;
  readonly callbackUrl: string;
  /** The callback secret itself is never shown. */
  readonly callbackSecretSet: boolean;
}

/** An app's record and its JSON, with the inputs they were made from. */
interface Rendered {
  readonly config: AppConfig;
  readonly secretSet: boolean;
  readonly view: AppView;
  readonly json: string;
}

/** Two apps whose room prefixes claim common rooms, made before prefixes had to be apart. */
export interface PrefixOverlap {
  readonly apps: readonly [string, string];
  readonly prefixes: readonly [string, string];
}

/** Every app's room prefix, and the apps by prefix (oldest first), as of one registry and config generation. */
interface PrefixIndex {
  readonly registry: readonly AppRow[];
  readonly generation: number;
  readonly entries: ReadonlyArray<{ readonly app: AppRow; readonly prefix: string }>;
  readonly byPrefix: ReadonlyMap<string, readonly AppRow[]>;
}

/** Sub-folders every app gets next to its config and database. */
const FOLDERS = ["recordings", "snapshots", "samples"] as const;

export interface AppServiceOptions {
  readonly store: AppStore;
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  readonly databases: Databases;
  readonly dataDir: string;
  readonly logger: Logger;
  /** The cluster lock, when nodes share the database: every prefix write takes it (see `PrefixAdmission`). */
  readonly prefixLock?: ClusterLock;
}

/** How an app is being deleted (`DELETE /apps/{name}?deleteVods=true`). */
export interface AppDeletion {
  readonly deleteVods: boolean;
}

/** Apps: creation with its scaffold, the tenancy rule for lists, edits, deletion and sizes. */
export class AppService {
  private readonly appsDir: string;
  private readonly deleteListeners: ((app: string, deletion: AppDeletion) => void | Promise<void>)[] = [];
  private readonly vodTotals: ((app: string) => Promise<{ count: number; bytes: number }>)[] = [];
  /** Keyed by the registry row, which is a new object whenever the row changes. */
  private readonly rendered = new WeakMap<AppRow, Rendered>();
  /** Counts config swaps: the prefix index is rebuilt after any, or after the registry changed. */
  private configGeneration = 0;
  private index: PrefixIndex | undefined;
  /**
   * Names of apps being created: claimed in the synchronous step that checks the name and held
   * until the registry shows the row, so two creates that interleave at an await cannot take it both.
   */
  private readonly creating = new Set<string>();
  private readonly admission: PrefixAdmission;

  constructor(private readonly o: AppServiceOptions) {
    this.appsDir = path.join(o.dataDir, "apps");
    o.configs.onChange(() => this.configGeneration++);
    this.admission = new PrefixAdmission({
      known: () => this.prefixes().entries.map((e) => ({ app: e.app.name, prefix: e.prefix })),
      store: o.store,
      configs: o.configs,
      lock: o.prefixLock,
    });
    // Every config write that would move an app's prefix onto another's rooms is refused.
    const request = (app: string, next: AppConfig): PrefixRequest => ({ app, prefix: next.room_prefix ?? app, field: "yaml.room_prefix", existing: true });
    o.configs.admitWith(
      (app, next) => this.admission.check(request(app, next)),
      (app, next, write) => this.admission.admit(request(app, next), write),
    );
  }

  view(app: AppRow): AppView {
    return this.render(app).view;
  }

  /**
   * The app's record as JSON. Lists render every visible app on every request, so each record is
   * kept with what it was made from (the registry row, the live config, the secret flag) and made
   * again only when one of them is a different value.
   */
  viewJson(app: AppRow): string {
    try {
      return this.render(app).json;
    } catch (err) {
      if (!(err instanceof AppUnavailableError)) throw err;
      // Still listed, so operators see which app is down and why; its own routes answer 503.
      const { message } = appUnavailableProblem(err);
      return JSON.stringify({ id: app.id, name: app.name, tenantId: app.teamId, createdAt: app.createdAt, updatedAt: app.updatedAt, unavailable: { check: err.check, message } });
    }
  }

  private render(app: AppRow): Rendered {
    const config = this.o.configs.get(app.name);
    // An app whose database is damaged is still listed (its own routes answer 503).
    const secretSet = unlessUnavailable(false, () => this.o.secrets.has(app.name, "callbacks.secret"));
    const hit = this.rendered.get(app);
    if (hit && hit.config === config && hit.secretSet === secretSet) return hit;
    const view = this.build(app, config, secretSet);
    const made = { config, secretSet, view, json: JSON.stringify(view) };
    this.rendered.set(app, made);
    return made;
  }

  private build(app: AppRow, config: AppConfig, secretSet: boolean): AppView {
    return {
      id: app.id,
      name: app.name,
      displayName: config.display_name,
      roomPrefix: config.room_prefix ?? app.name,
      tenantId: app.teamId,
      createdAt: app.createdAt,
      updatedAt: app.updatedAt,
      recordingEnabled: config.recording.enabled,
      splitMinutes: config.recording.split_minutes,
      snapshotSeconds: config.recording.snapshot_seconds,
      features: config.features,
      callbackUrl: config.callbacks.url,
      callbackSecretSet: secretSet,
    };
  }

  findByName(name: string): AppRow | undefined {
    return this.o.store.findByName(name);
  }

  config(app: AppRef): AppConfig {
    return this.o.configs.get(app.name);
  }

  roomPrefix(app: AppRef): string {
    return this.o.configs.get(app.name).room_prefix ?? app.name;
  }

  /**
   * Every app with its room prefix; an app whose config.yaml is damaged has none known and is left
   * out. Rooms are resolved on every token, player page and media-server event, so this is kept
   * until the registry or a config changes rather than walked per request.
   */
  private prefixes(): PrefixIndex {
    const registry = this.o.store.snapshot();
    if (this.index?.registry === registry && this.index.generation === this.configGeneration) return this.index;
    const entries: Array<{ app: AppRow; prefix: string }> = [];
    const byPrefix = new Map<string, AppRow[]>();
    for (const app of [...registry].sort((a, b) => a.id - b.id)) {
      const prefix = unlessUnavailable(undefined, () => this.roomPrefix(app));
      if (prefix === undefined) continue;
      entries.push({ app, prefix });
      byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), app]);
    }
    this.index = { registry, generation: this.configGeneration, entries, byPrefix };
    return this.index;
  }

  /**
   * The app a media-server room belongs to: the one whose prefix owns it (the prefix itself or
   * `<prefix>-…`). Prefixes cannot overlap any more, but apps made before that rule can: then the
   * longest prefix wins, and on equal prefixes the older app (lower id).
   */
  appForRoom(room: string): AppRow | undefined {
    const { byPrefix } = this.prefixes();
    for (const prefix of prefixesOwning(room)) {
      const owners = byPrefix.get(prefix);
      if (owners) return owners[0];
    }
    return undefined;
  }

  /**
   * The room an app asks for, namespaced (SPEC 1), or 409 when that room belongs to another app:
   * only possible between apps whose prefixes overlapped before they had to be apart. Every route
   * that turns a requested room into a media-server room goes through here.
   */
  roomOf(app: AppRef, requested: string | undefined, maxLength?: number): string | Problem {
    const room = namespaceRoom(this.roomPrefix(app), requested, maxLength);
    if (typeof room !== "string") return room;
    const owner = this.appForRoom(room);
    if (owner && owner.id !== app.id) {
      return problem("conflict", `room "${room}" belongs to another app whose room prefix overlaps this app's; choose another room or change this app's roomPrefix`, {
        details: [{ path: "room", message: "owned by another app's room prefix" }],
      });
    }
    return room;
  }

  /** Pairs of apps whose prefixes overlap, from before prefixes had to be apart (logged at start, shown in db/health). */
  prefixOverlaps(): PrefixOverlap[] {
    const all = this.prefixes().entries;
    return all.flatMap((a, i) =>
      all.slice(i + 1).filter((b) => prefixesOverlap(a.prefix, b.prefix)).map((b) => ({ apps: [a.app.name, b.app.name] as const, prefixes: [a.prefix, b.prefix] as const })),
    );
  }

  /**
   * Said once at start, at error level: the operator has to act (the service runs, and each room
   * goes to the app with the longer prefix, or the older one; the other app's requests for it get 409).
   */
  logPrefixOverlaps(): void {
    for (const overlap of this.prefixOverlaps()) {
      const [a, b] = overlap.apps;
      this.o.logger.error(
        { apps: overlap.apps, prefixes: overlap.prefixes, check: "room_prefix" },
        `apps ${a} and ${b} have overlapping room prefixes ("${overlap.prefixes[0]}", "${overlap.prefixes[1]}"): give one of them another roomPrefix (PATCH /api/v1/apps/{name})`,
      );
    }
  }

  /**
   * SPEC 1's tenancy rule: global tokens and superadmins see every app; app tokens and people
   * see their tenant's. An app token of a platform-owned app sees just its own.
   */
  visible(caller: Principal): AppRow[] {
    return this.visibility(caller).apps;
  }

  /** `visible`, with a key naming the scope: callers with the same key see the same list. */
  visibility(caller: Principal): { key: string; apps: AppRow[] } {
    if (isPlatform(caller)) return { key: "all", apps: this.o.store.list({ all: true }) };
    const tenant = tenantOf(caller);
    if (tenant !== null) return { key: `team:${tenant}`, apps: this.o.store.list({ teamId: tenant }) };
    if (caller.kind === "token" && caller.scope === "app") {
      const own = this.o.store.findById(caller.appId);
      return { key: `app:${caller.appId}`, apps: own ? [own] : [] };
    }
    return { key: "none", apps: [] };
  }

  /**
   * Creates the registry row, the app's storage with its first config (`app.db` and `config.yaml`,
   * or its PostgreSQL schema) and `<data>/apps/<name>/` with `recordings/`, `snapshots/` and
   * `samples/`, all or nothing: the folder is built under `.staging/` and renamed into place
   * inside the transaction that inserts the row.
   */
  async create(caller: Principal, body: CreateAppBody): Promise<AppView | Problem> {
    if (this.o.store.findByName(body.name) || this.creating.has(body.name)) return nameTaken(body.name);
    if (existsSync(path.join(this.appsDir, body.name))) {
      return problem("conflict", `a folder for "${body.name}" is already in the data dir; remove or rename it first`);
    }
    const tenant = isPlatform(caller) ? null : tenantOf(caller);
    if (!isPlatform(caller) && tenant === null && !(caller.kind === "token")) {
      return problem("forbidden", "this account belongs to no team, so it cannot own an app");
    }
    const prefix = body.roomPrefix ?? body.name;
    const initial = this.o.configs.initial(body.displayName ?? body.name, prefix);
    // Nothing is created unless the first config is one the app can live by.
    const checked = this.o.configs.check(initial);
    if ("kind" in checked) return checked;
    // Claimed in the same synchronous step as the name's check (see `creating`).
    this.creating.add(body.name);
    try {
      const made = await this.admission.admit({ app: body.name, prefix, field: "roomPrefix", existing: false }, () => this.scaffold(body.name, tenant, initial));
      if (made === undefined) return nameTaken(body.name);
      if (isProblem(made) && body.roomPrefix === undefined) return { ...made, message: `${made.message} (it defaults to the app's name)` };
      return made;
    } finally {
      this.creating.delete(body.name);
    }
  }

  /**
   * `create`'s writes, once admitted: resolves once the registry shows the app and its config is
   * live; undefined when another node inserted the name first (the registry's index decided).
   */
  private async scaffold(name: string, tenant: number | null, initial: string): Promise<AppView | undefined> {
    const final = path.join(this.appsDir, name);
    const staging = path.join(this.appsDir, ".staging", `${name}-${randomBytes(6).toString("hex")}`);
    try {
      mkdirSync(staging, { recursive: true });
      for (const folder of FOLDERS) mkdirSync(path.join(staging, folder));
      const row = await this.o.store.insert(name, tenant, {
        // The first config goes in with the app's storage, so no app is ever left without one.
        storage: async (trx) => {
          await this.o.databases.createApp(name, { staging, trx });
          await this.o.configs.create(name, initial, { staging, trx });
        },
        files: () => {
          renameSync(staging, final);
          // A deleted app of the same name may have left what was known of its config (its missing file).
          this.o.configs.forget(name);
        },
      }).catch((err: unknown) => {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      });
      if (!row) return undefined;
      await Promise.all([this.o.configs.load(name), this.o.secrets.load(name)]);
      this.o.logger.info({ app: name, tenant }, "app created");
      return this.view(row);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }

  /** Edits top-level fields; they live in config.yaml, so this is a config write with a backup. */
  async patch(app: AppRow, body: PatchAppBody): Promise<AppView | Problem> {
    // Checked here first against what this node knows, to fail early; the config write is what decides.
    const request = body.roomPrefix === undefined ? undefined : { app: app.name, prefix: body.roomPrefix, field: "roomPrefix", existing: true };
    const conflict = request && this.admission.check(request);
    if (conflict) return conflict;
    const edits = editsFrom([
      [["display_name"], body.displayName],
      [["room_prefix"], body.roomPrefix],
      [["recording", "enabled"], body.recordingEnabled],
      [["recording", "split_minutes"], body.splitMinutes],
      [["recording", "snapshot_seconds"], body.snapshotSeconds],
      [["callbacks", "url"], body.callbackUrl],
      ...Object.entries(body.features ?? {}).map(([flag, value]) => [["features", flag], value] as const),
    ]);
    if (edits.length > 0) {
      const updated = await this.o.configs.update(app.name, edits);
      // The write's only conflict is the prefix rule's; named after this API's field, as above.
      if ("kind" in updated) return updated.code === "conflict" && body.roomPrefix !== undefined ? prefixConflict(body.roomPrefix, "roomPrefix") : updated;
    }
    if (body.callbackSecret !== undefined) {
      await this.o.secrets.set(app.name, "callbacks.secret", body.callbackSecret === "" ? undefined : body.callbackSecret);
    }
    await this.o.store.touch(app.id);
    return this.view(this.o.store.findById(app.id) ?? app);
  }

  /** Called when an app is being deleted, before its database closes. */
  onDelete(listener: (app: string, deletion: AppDeletion) => void | Promise<void>): void {
    this.deleteListeners.push(listener);
  }

  /**
   * Removes the app. Its folder (recordings included) moves to `<data>/deleted/<name>-<time>/`
   * unless `deleteVods` asks for the VODs to be purged too, in which case it is removed; the VOD
   * domain purges their S3 objects through the same flag.
   */
  async delete(app: AppRow, deleteVods: boolean): Promise<{ deleted: true; name: string }> {
    // Live parts (streams, connections) wind down first, while the app's database is still open.
    for (const listener of this.deleteListeners) await listener(app.name, { deleteVods });
    const folder = path.join(this.appsDir, app.name);
    await this.o.store.remove(app.id, {
      storage: (trx) => this.o.databases.dropApp(app.name, trx),
      // In the step that moves the folder and drops the row from the registry, so nothing opens the
      // database or reads the config again in between.
      files: () => {
        this.o.databases.closeApp(app.name);
        this.o.configs.forget(app.name);
        this.o.secrets.forget(app.name);
        if (!existsSync(folder)) return;
        if (deleteVods) {
          rmSync(folder, { recursive: true, force: true });
        } else {
          const graveyard = path.join(this.o.dataDir, "deleted");
          mkdirSync(graveyard, { recursive: true });
          renameSync(folder, path.join(graveyard, `${app.name}-${new Date().toISOString().replace(/[:.]/g, "")}`));
        }
      },
    });
    this.o.logger.info({ app: app.name, deleteVods }, "app deleted");
    return { deleted: true, name: app.name };
  }

  /** Where `sizes` gets VOD totals from: the VOD domain, which comes after this one. */
  countVodsWith(totals: (app: string) => Promise<{ count: number; bytes: number }>): void {
    this.vodTotals.push(totals);
  }

  /** The app's tables' size (its database file with its WAL, or its schema), and its VODs' count and bytes. */
  async sizes(app: AppRow): Promise<{ appDbBytes: number; vodBytes: number; vodCount: number }> {
    const [appDbBytes, ...vods] = await Promise.all([this.o.databases.appBytes(app.name), ...this.vodTotals.map((totals) => totals(app.name))]);
    const sum = (key: "count" | "bytes") => vods.reduce((n, t) => n + t[key], 0);
    return { appDbBytes, vodBytes: sum("bytes"), vodCount: sum("count") };
  }
}
