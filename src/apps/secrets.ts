import type { Logger } from "pino";
import { AppUnavailableError, unlessUnavailableAsync } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import { BackgroundLoads } from "../lib/background-loads.ts";
import type { SecretBox } from "../secrets/box.ts";
import { secretRows, type AppSecretName, type SecretRows } from "./store.ts";

export type { AppSecretName } from "./store.ts";

/** Told after a secret is stored or removed. */
/** Told of each change before `set` resolves; one that returns a promise (the audit entry) is awaited. */
type SecretListener = (app: string, name: AppSecretName, change: "set" | "removed") => void | Promise<void>;

/** The route that stores a secret, for the operator told to set a damaged one again. */
function whereSet(app: string, name: AppSecretName): string {
  const base = `/api/v1/apps/${app}`;
  if (name.startsWith("s3.")) return `PUT ${base}/s3`;
  if (name === "mqtt.password") return `PUT ${base}/mqtt`;
  if (name === "media_server.secret") return `PUT ${base}/media-server`;
  if (name === "callbacks.secret") return `PATCH ${base} (callbackSecret)`;
  return `PATCH ${base}/plugins/${name.split(".")[1] ?? ""} (its config)`;
}

/**
 * Per-app secrets in the app's own database (table `secrets`), sealed under the master key and
 * bound to the app and the secret's name. Reads answer plaintext to the code that needs it; the
 * API only ever says whether one is set.
 */
export class AppSecrets {
  private readonly listeners: SecretListener[] = [];
  private readonly elsewhere: Array<(app: string, name: AppSecretName) => void> = [];

  private readonly databases: Databases;
  private readonly box: SecretBox;
  private readonly logger: Logger;
  /** `app:name` of the secrets found damaged and logged, so each is logged once until set again. */
  private readonly logged = new Set<string>();
  /** Each app's sealed secrets as last read, with the handle read through and which read it was. */
  private readonly known = new Map<string, { rows: SecretRows; read: number; sealed: ReadonlyMap<AppSecretName, string> }>();
  /** Numbers reads as they start, so one that started before a later one landed is dropped. */
  private reads = 0;
  /** Deleted apps, with the read number at deletion: reads that started before it are dropped. */
  private readonly forgotten = new Map<string, number>();
  /** Apps read again in the background (a write heard of, an app not read yet). */
  private readonly reloads: BackgroundLoads<string>;

  constructor(options: { readonly databases: Databases; readonly box: SecretBox; readonly logger: Logger }) {
    this.databases = options.databases;
    this.box = options.box;
    this.logger = options.logger.child({ component: "app-secrets" });
    this.reloads = new BackgroundLoads(
      (app) => this.reload(app),
      (app, err) => {
        if (!(err instanceof AppUnavailableError)) this.logger.error({ err, app }, "reading the app's secrets failed: serving what was read before");
      },
    );
  }

  /**
   * The plaintext, or undefined when none is stored. A stored value that cannot be opened (its
   * ciphertext was changed, or it was sealed under another master key) throws
   * `AppUnavailableError` (check `secrets`): what needs it answers 503 instead of running as if
   * the secret were unset, and the row is left as it is for the operator.
   */
  get(app: string, name: AppSecretName): string | undefined {
    const sealed = this.sealed(app).get(name);
    if (sealed === undefined) return undefined;
    const value = this.box.open("app-secrets", `app:${app}:${name}`, sealed);
    if (value === undefined) throw this.refuse(app, name);
    return value;
  }

  /** The stored secrets of the app that cannot be opened, each with what to do. */
  damaged(app: string): { name: AppSecretName; error: AppUnavailableError }[] {
    return [...this.sealed(app)]
      .filter(([name, value]) => this.box.open("app-secrets", `app:${app}:${name}`, value) === undefined)
      .map(([name]) => ({ name, error: this.refuse(app, name) }));
  }

  /** Whether a secret is stored, without unsealing it. */
  has(app: string, name: AppSecretName): boolean {
    return this.sealed(app).has(name);
  }

  /** Stores a value, or removes it for undefined; what `get` answers changes before this resolves. */
  async set(app: string, name: AppSecretName, value: string | undefined): Promise<void> {
    const rows = secretRows(this.databases.appSql(app));
    if (value === undefined) await rows.remove(name);
    else await rows.put(name, this.box.seal("app-secrets", `app:${app}:${name}`, value), new Date().toISOString());
    await this.load(app);
    this.logged.delete(`${app}:${name}`);
    for (const listener of this.listeners) await listener(app, name, value === undefined ? "removed" : "set");
  }

  /**
   * Reads the app's sealed secrets into memory: for every app before the service takes requests
   * (`loadAll`), for a new app before its creation resolves, and after each write here.
   */
  async load(app: string): Promise<void> {
    const rows = secretRows(this.databases.appSql(app));
    const read = ++this.reads;
    const all = await rows.all();
    const newer = this.known.get(app)?.read ?? this.forgotten.get(app) ?? 0;
    if (newer > read) return;
    this.forgotten.delete(app);
    this.known.set(app, { rows, read, sealed: new Map(all.map((row) => [row.name, row.value])) });
  }

  /**
   * `load` when another node wrote the app's tables: each secret it stored or removed there is told
   * to the `onChangeElsewhere` listeners (a live client built from the old value is made again).
   */
  private async reload(app: string): Promise<void> {
    const before = this.known.get(app)?.sealed;
    await this.load(app);
    const after = this.known.get(app)?.sealed;
    if (!before || !after || before === after) return;
    for (const name of new Set([...before.keys(), ...after.keys()])) {
      if (before.get(name) !== after.get(name)) for (const listener of this.elsewhere) listener(app, name);
    }
  }

  /**
   * Resolves once what is held of the app's secrets is what is stored, as far as this node has
   * heard: a read asked for because another node wrote has run. At once when there is none.
   */
  async current(app: string): Promise<void> {
    try {
      this.sealed(app);
    } catch (err) {
      // Its database refused, or its first read just asked for: the caller meets either itself.
      if (!(err instanceof AppUnavailableError)) throw err;
    }
    await this.reloads.settled(app);
  }

  /** `load` for each app; one whose database is unavailable is skipped (its routes answer 503). */
  async loadAll(apps: readonly string[]): Promise<void> {
    await Promise.all(apps.map((app) => unlessUnavailableAsync(undefined, () => this.load(app))));
  }

  /** The app was deleted: what was read of its secrets goes with it. */
  forget(app: string): void {
    this.known.delete(app);
    // A read still in flight must not bring them back for a new app of the same name.
    this.forgotten.set(app, ++this.reads);
  }

  /**
   * What was read of the app's secrets. Reads are synchronous (a live client is built from them
   * mid-request), so they are served from memory and read again in the background when the
   * database was written elsewhere or reopened: about a second stale at worst, as the registry.
   * An app not read yet (created by another process) answers 503 until its read lands.
   */
  private sealed(app: string): ReadonlyMap<AppSecretName, string> {
    // Throws AppUnavailableError while the app's database is refused or closed for maintenance.
    const rows = secretRows(this.databases.appSql(app));
    const known = this.known.get(app);
    if (known === undefined || known.rows !== rows || rows.changedElsewhere()) this.reloads.request(app);
    if (known === undefined) throw new AppUnavailableError(app, "secrets", "its secrets are being read", "retry in a moment");
    return known.sealed;
  }

  private refuse(app: string, name: AppSecretName): AppUnavailableError {
    const action = `set it again with ${whereSet(app, name)}, or restore the app's database together with the master key it was sealed under`;
    const refused = new AppUnavailableError(app, "secrets", `its stored secret ${name} cannot be opened (changed on disk, or sealed under another master key)`, action);
    if (!this.logged.has(`${app}:${name}`)) {
      this.logged.add(`${app}:${name}`);
      this.logger.error(
        { app, secret: name, check: "secrets", file: this.databases.files?.appDbPath(app) ?? `schema of app ${app}` },
        `the secret ${name} of app ${app} cannot be opened with this master key: what needs it answers 503 app_unavailable while every other app runs, and the row is left untouched. Check SERVICE_MASTER_KEY, or ${action}`,
      );
    }
    return refused;
  }

  /** Called after a secret is stored or removed, so holders of a copy (a live client) refresh it. */
  onChange(listener: SecretListener): void {
    this.listeners.push(listener);
  }

  /** Called when a secret another node stored or removed is read here (never for this node's own `set`). */
  onChangeElsewhere(listener: (app: string, name: AppSecretName) => void): void {
    this.elsewhere.push(listener);
  }
}
