import { internalTarget } from "../lib/outbound.ts";
import { isProblem, type Problem } from "../lib/problem.ts";
import type { SsrfAllowlist } from "../lib/ssrf.ts";
import { editsFrom, type AppConfigService } from "./config/service.ts";
import type { AppSecretName, AppSecrets } from "./secrets.ts";

/**
 * What makes one settings block (S3, MQTT, the app's own media server) different from the others:
 * how it is shown, which body fields land where, and what it checks first. Every field of a body
 * is optional: undefined leaves the stored value as it is.
 */
export interface SettingsBlockSpec<B, V> {
  /** What GET answers, and PUT after a write: never a secret, only whether one is set. */
  readonly view: (app: string) => V;
  /** A rule the body schema cannot state (it depends on the app, or on two fields); runs first. */
  readonly check?: (app: string, body: B) => Problem | undefined;
  /** Tenant-supplied endpoints, refused at write time when the outbound policy would refuse them: `[field path, URL]`. */
  readonly endpoints?: (body: B) => ReadonlyArray<readonly [string, string | undefined]>;
  /** config.yaml paths and the body values for them (`editsFrom`). */
  readonly edits: (body: B) => ReadonlyArray<readonly [readonly string[], unknown]>;
  /** Secrets the body carries: a value stores it, "" removes it, undefined keeps it. */
  readonly secrets?: (body: B) => ReadonlyArray<readonly [AppSecretName, string | undefined]>;
  /** Drops what was built from the old settings (a live client), after a write. */
  readonly reset?: (app: string) => void;
}

/**
 * One settings block of an app's config: a view, and a partial update that checks, then writes the
 * config edits in one validated, backed-up config.yaml write, then the secrets, then resets what
 * depends on them. A refused check or config write stores nothing.
 */
export class SettingsBlock<B, V> {
  private readonly configs: AppConfigService;
  private readonly secrets: AppSecrets;
  private readonly ssrf: SsrfAllowlist;
  private readonly spec: SettingsBlockSpec<B, V>;

  constructor(options: { readonly configs: AppConfigService; readonly secrets: AppSecrets; readonly ssrf: SsrfAllowlist; readonly spec: SettingsBlockSpec<B, V> }) {
    this.configs = options.configs;
    this.secrets = options.secrets;
    this.ssrf = options.ssrf;
    this.spec = options.spec;
  }

  view(app: string): V {
    return this.spec.view(app);
  }

  async update(app: string, body: B): Promise<V | Problem> {
    const refused = this.spec.check?.(app, body);
    if (refused) return refused;
    for (const [field, url] of this.spec.endpoints?.(body) ?? []) {
      const internal = url ? await internalTarget(field, url, this.ssrf) : undefined;
      if (internal) return internal;
    }
    const edits = editsFrom(this.spec.edits(body));
    if (edits.length > 0) {
      const updated = await this.configs.update(app, edits);
      if (isProblem(updated)) return updated;
    }
    for (const [name, value] of this.spec.secrets?.(body) ?? []) {
      if (value !== undefined) await this.secrets.set(app, name, value === "" ? undefined : value);
    }
    this.spec.reset?.(app);
    return this.spec.view(app);
  }
}
