import type { Databases } from "../db/databases.ts";
import { ExternalWrites } from "../db/external-writes.ts";
import { perDatabase } from "../db/per-database.ts";
import type { SecretBox } from "../secrets/box.ts";

/** A plugin's secret config field is `plugin.<id>.<field>`. */
export type AppSecretName = "s3.key" | "s3.secret" | "callbacks.secret" | "mqtt.password" | "media_server.secret" | `plugin.${string}.${string}`;

/**
 * Prepared once per app connection: `get` runs whenever a media-server client is looked up. Which
 * secrets are set is kept too (`has` runs for every app a list renders), dropped on every write
 * here and whenever another connection has committed.
 */
const statements = perDatabase((db) => ({
  get: db.prepare<[AppSecretName], { value: string }>("SELECT value FROM secrets WHERE name = ?"),
  names: db.prepare<[], AppSecretName>("SELECT name FROM secrets").pluck(),
  external: new ExternalWrites(db),
  present: undefined as Set<AppSecretName> | undefined,
  remove: db.prepare<[AppSecretName]>("DELETE FROM secrets WHERE name = ?"),
  put: db.prepare<[AppSecretName, string, string]>(
    "INSERT INTO secrets (name, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
  ),
}));

/**
 * Per-app secrets in the app's own database (table `secrets`), sealed under the master key and
 * bound to the app and the secret's name. Reads answer plaintext to the code that needs it; the
 * API only ever says whether one is set.
 */
export class AppSecrets {
  private readonly listeners: ((app: string, name: AppSecretName) => void)[] = [];

  private readonly databases: Databases;
  private readonly box: SecretBox;

  constructor(options: { readonly databases: Databases; readonly box: SecretBox }) {
    this.databases = options.databases;
    this.box = options.box;
  }

  get(app: string, name: AppSecretName): string | undefined {
    const row = statements(this.databases.app(app)).get.get(name);
    return row && this.box.open("app-secrets", `app:${app}:${name}`, row.value);
  }

  /** Whether a secret is stored, without reading or unsealing it. */
  has(app: string, name: AppSecretName): boolean {
    const q = statements(this.databases.app(app));
    if (q.external.happened() || !q.present) q.present = new Set(q.names.all());
    return q.present.has(name);
  }

  /** Stores a value, or removes it for undefined. */
  set(app: string, name: AppSecretName, value: string | undefined): void {
    const q = statements(this.databases.app(app));
    if (value === undefined) q.remove.run(name);
    else q.put.run(name, this.box.seal("app-secrets", `app:${app}:${name}`, value), new Date().toISOString());
    q.present = undefined;
    for (const listener of this.listeners) listener(app, name);
  }

  /** Called after a secret is stored or removed, so holders of a copy (a live client) refresh it. */
  onChange(listener: (app: string, name: AppSecretName) => void): void {
    this.listeners.push(listener);
  }
}
