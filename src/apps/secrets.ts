import type { Logger } from "pino";
import { AppUnavailableError } from "../db/app-unavailable.ts";
import type { Databases } from "../db/databases.ts";
import type { SecretBox } from "../secrets/box.ts";
import { secretRows, type AppSecretName } from "./store.ts";

export type { AppSecretName } from "./store.ts";

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
  private readonly listeners: ((app: string, name: AppSecretName) => void)[] = [];

  private readonly databases: Databases;
  private readonly box: SecretBox;
  private readonly logger: Logger;
  /** `app:name` of the secrets found damaged and logged, so each is logged once until set again. */
  private readonly logged = new Set<string>();

  constructor(options: { readonly databases: Databases; readonly box: SecretBox; readonly logger: Logger }) {
    this.databases = options.databases;
    this.box = options.box;
    this.logger = options.logger.child({ component: "app-secrets" });
  }

  /**
   * The plaintext, or undefined when none is stored. A stored value that cannot be opened (its
   * ciphertext was changed, or it was sealed under another master key) throws
   * `AppUnavailableError` (check `secrets`): what needs it answers 503 instead of running as if
   * the secret were unset, and the row is left as it is for the operator.
   */
  get(app: string, name: AppSecretName): string | undefined {
    const sealed = secretRows(this.databases.app(app)).sealed(name);
    if (sealed === undefined) return undefined;
    const value = this.box.open("app-secrets", `app:${app}:${name}`, sealed);
    if (value === undefined) throw this.refuse(app, name);
    return value;
  }

  /** The stored secrets of the app that cannot be opened, each with what to do. */
  damaged(app: string): { name: AppSecretName; error: AppUnavailableError }[] {
    return secretRows(this.databases.app(app))
      .all()
      .filter((row) => this.box.open("app-secrets", `app:${app}:${row.name}`, row.value) === undefined)
      .map((row) => ({ name: row.name, error: this.refuse(app, row.name) }));
  }

  /** Whether a secret is stored, without reading or unsealing it. */
  has(app: string, name: AppSecretName): boolean {
    return secretRows(this.databases.app(app)).names().has(name);
  }

  /** Stores a value, or removes it for undefined. */
  set(app: string, name: AppSecretName, value: string | undefined): void {
    const rows = secretRows(this.databases.app(app));
    if (value === undefined) rows.remove(name);
    else rows.put(name, this.box.seal("app-secrets", `app:${app}:${name}`, value), new Date().toISOString());
    this.logged.delete(`${app}:${name}`);
    for (const listener of this.listeners) listener(app, name);
  }

  private refuse(app: string, name: AppSecretName): AppUnavailableError {
    const action = `set it again with ${whereSet(app, name)}, or restore the app's database together with the master key it was sealed under`;
    const refused = new AppUnavailableError(app, "secrets", `its stored secret ${name} cannot be opened (changed on disk, or sealed under another master key)`, action);
    if (!this.logged.has(`${app}:${name}`)) {
      this.logged.add(`${app}:${name}`);
      this.logger.error(
        { app, secret: name, check: "secrets", file: this.databases.appDbPath(app) },
        `the secret ${name} of app ${app} cannot be opened with this master key: what needs it answers 503 app_unavailable while every other app runs, and the row is left untouched. Check SERVICE_MASTER_KEY, or ${action}`,
      );
    }
    return refused;
  }

  /** Called after a secret is stored or removed, so holders of a copy (a live client) refresh it. */
  onChange(listener: (app: string, name: AppSecretName) => void): void {
    this.listeners.push(listener);
  }
}
