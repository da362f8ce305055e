import { createTwoFilesPatch } from "diff";
import type { Logger } from "pino";
import { Document, isCollection, parseDocument } from "yaml";
import type { AuditApi } from "../../audit/service.ts";
import { AppUnavailableError } from "../../db/app-unavailable.ts";
import { changedPaths } from "../../lib/changed-paths.ts";
import { problem, type Problem } from "../../lib/problem.ts";
import type { AppLocks, ConfigFiles } from "./files.ts";
import { appConfigSchema, type AppConfig } from "./schema.ts";
import { parseBoundedYaml, stripInlineMqttPassword } from "./yaml.ts";

/** A config that passed every check, with the exact text to store. */
export interface Checked {
  readonly config: AppConfig;
  readonly text: string;
  readonly warnings: string[];
}

/** One change to the YAML: set `path` to `value`, or delete it when `value` is undefined. */
export interface Edit {
  readonly path: readonly string[];
  readonly value: unknown;
}

/** What an edit did: the configs either side and the text diff. */
export interface Updated {
  readonly reloaded: true;
  readonly warnings: string[];
  readonly before: AppConfig;
  readonly after: AppConfig;
  readonly diff: string;
}

/** The edits for the fields a partial update actually sets: undefined means "leave as is". */
export function editsFrom(fields: ReadonlyArray<readonly [readonly string[], unknown]>): Edit[] {
  return fields.filter(([, value]) => value !== undefined).map(([path, value]) => ({ path, value }));
}

/** How a config write is recorded in the audit log. */
interface ConfigChange {
  readonly action: "config.write" | "config.revert" | "config.reload";
  readonly backup?: string;
}

export type ConfigListener = (app: string, config: AppConfig) => void;

/** A rule a new config must pass that the file alone cannot tell (a room prefix no other app uses). */
export type ConfigAdmission = (app: string, next: AppConfig) => Problem | undefined;

/**
 * The per-app config as the service lives by it. `config.yaml` is the source of truth; every
 * write validates, backs the current file up, writes atomically under the app's lock, swaps the
 * live config and tells listeners (S3 and MQTT clients re-initialise from it).
 */
export class AppConfigService {
  private readonly live = new Map<string, AppConfig>();
  /** Apps whose config.yaml on disk was refused, with why; kept until a write, revert or reload succeeds. */
  private readonly damaged = new Map<string, AppUnavailableError>();
  private readonly listeners: ConfigListener[] = [];
  private admission: ConfigAdmission = () => undefined;

  private readonly files: ConfigFiles;
  private readonly locks: AppLocks;
  private readonly logger: Logger;
  private readonly audit: AuditApi | undefined;

  constructor(options: { readonly files: ConfigFiles; readonly locks: AppLocks; readonly logger: Logger; readonly audit?: AuditApi }) {
    this.files = options.files;
    this.locks = options.locks;
    this.logger = options.logger;
    this.audit = options.audit;
  }

  onChange(listener: ConfigListener): void {
    this.listeners.push(listener);
  }

  /**
   * The apps service's rule on every write, revert, reload and dry run. It runs in the same
   * synchronous step as the write, so two apps' writes cannot both pass it and both land.
   */
  admitWith(rule: ConfigAdmission): void {
    this.admission = rule;
  }

  /** Parses and validates a document without touching anything. */
  check(text: string): Checked | Problem {
    const parsed = parseBoundedYaml(text);
    if (!parsed.ok) {
      return problem("bad_request", `YAML parse error${parsed.line ? ` at line ${parsed.line}` : ""}: ${parsed.message}`, {
        details: [{ path: "yaml", line: parsed.line ?? null, message: parsed.message }],
      });
    }
    const warnings: string[] = [];
    let finalText = text;
    let value = parsed.value;
    if (stripInlineMqttPassword(parsed.doc)) {
      warnings.push("mqtt.password is ignored: secrets never live in the YAML; set it with PUT /mqtt or name a variable in mqtt.password_env");
      finalText = parsed.doc.toString();
      value = parsed.doc.toJS({ maxAliasCount: 50 }) ?? {};
    }
    const result = appConfigSchema.safeParse(value);
    if (!result.success) {
      const details = result.error.issues.map((i) => ({ path: ["yaml", ...i.path.map(String)].join("."), message: i.message, code: i.code }));
      const first = details[0];
      return problem("validation_failed", first ? `${first.path}: ${first.message}` : "invalid config", { details });
    }
    return { config: result.data, text: finalText, warnings };
  }

  /**
   * The live config, loaded from disk on first use. A file that cannot be read, parsed or
   * validated throws `AppUnavailableError` (check `config`) now and on every later call until a
   * write, revert or reload succeeds: that app answers 503 `app_unavailable`, every other app runs,
   * and the file is left exactly as it was for the operator.
   */
  get(app: string): AppConfig {
    const cached = this.live.get(app);
    if (cached) return cached;
    const known = this.damaged.get(app);
    if (known) throw known;
    let text: string;
    try {
      text = this.files.read(app);
    } catch (err) {
      throw this.refuse(app, `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    const checked = this.check(text);
    if ("kind" in checked) throw this.refuse(app, `is invalid: ${checked.message}`);
    this.live.set(app, checked.config);
    return checked.config;
  }

  /** Why the app's config.yaml cannot be used, or undefined when it loads. */
  damage(app: string): AppUnavailableError | undefined {
    try {
      this.get(app);
      return undefined;
    } catch (err) {
      if (err instanceof AppUnavailableError) return err;
      throw err;
    }
  }

  raw(app: string): string {
    return this.files.read(app);
  }

  /** Validates, backs up, writes and hot-reloads. On any problem nothing is written. */
  put(app: string, text: string): Promise<{ reloaded: true; warnings: string[] } | Problem> {
    return this.locks.run(app, () => this.commit(app, text));
  }

  /** Applies edits to the current document, keeping its comments and layout. */
  update(app: string, edits: readonly Edit[]): Promise<Updated | Problem> {
    return this.locks.run(app, () => {
      const before = this.get(app);
      const beforeText = this.files.read(app);
      const parsed = parseDocument(beforeText);
      // An empty or null document (`~`, `---`) is a valid config of defaults but has no collection to edit in.
      const doc = isCollection(parsed.contents) ? parsed : new Document({});
      for (const edit of edits) {
        if (edit.value === undefined) doc.deleteIn(edit.path);
        else doc.setIn(edit.path, doc.createNode(edit.value));
      }
      const committed = this.commit(app, doc.toString());
      if ("kind" in committed) return committed;
      return { ...committed, before, after: this.get(app), diff: createTwoFilesPatch("config.yaml", "config.yaml", beforeText, this.files.read(app), "before", "after") };
    });
  }

  /** The dry run: what a write would change, as a unified diff, and its warnings. */
  validate(app: string, text: string): { valid: true; warnings: string[]; diff: string } | Problem {
    const checked = this.admit(app, text);
    if ("kind" in checked) return checked;
    return { valid: true, warnings: checked.warnings, diff: createTwoFilesPatch("config.yaml", "config.yaml", this.raw(app), checked.text, "current", "proposed") };
  }

  /** Restores a backup as the live config; the current file is backed up first. */
  revert(app: string, ts: string): Promise<{ reloaded: true; warnings: string[] } | Problem> {
    return this.locks.run(app, () => {
      const text = this.files.readBackup(app, ts);
      if (text === undefined) return problem("not_found", `no backup ${ts} for app ${app}`);
      return this.commit(app, text, { action: "config.revert", backup: ts });
    });
  }

  /** Re-reads the file (edited by hand, say) and re-initialises what depends on it. */
  reload(app: string): Promise<{ reloaded: true; warnings: string[] } | Problem> {
    return this.locks.run(app, () => {
      const checked = this.admit(app, this.files.read(app));
      if ("kind" in checked) return checked;
      const before = this.previous(app);
      this.swap(app, checked.config);
      this.recordChange(app, before, checked.config, { action: "config.reload" });
      return { reloaded: true as const, warnings: checked.warnings };
    });
  }

  /** Writes a first config for a new app, without backup or listeners. */
  initial(displayName: string, roomPrefix: string): string {
    // Quoted: a prefix such as `123` or `true` must stay a string, not become a YAML number or boolean.
    return `# App configuration; every key is in docs/apps.md (config.yaml).\ndisplay_name: ${JSON.stringify(displayName)}\nroom_prefix: ${JSON.stringify(roomPrefix)}\n`;
  }

  forget(app: string): void {
    this.live.delete(app);
    this.damaged.delete(app);
  }

  private refuse(app: string, why: string): AppUnavailableError {
    const file = this.files.configPath(app);
    const action =
      `fix or restore ${file} (earlier versions are in config-backups/ beside it), then POST /api/v1/apps/${app}/reload, ` +
      `or write a valid one with PUT /api/v1/apps/${app}/config/raw or revert to a backup with POST /api/v1/apps/${app}/config/backups/{ts}/revert`;
    const refused = new AppUnavailableError(app, "config", `its config.yaml ${why}`.slice(0, 400), action);
    this.damaged.set(app, refused);
    this.logger.error(
      { app, file, check: "config", detail: refused.detail },
      `the config.yaml of app ${app} ${why.slice(0, 300)}: the app answers 503 app_unavailable while every other app runs, and the file is left untouched. To repair it: ${action}`,
    );
    return refused;
  }

  /** `check`, then the apps service's rule. */
  private admit(app: string, text: string): Checked | Problem {
    const checked = this.check(text);
    if ("kind" in checked) return checked;
    return this.admission(app, checked.config) ?? checked;
  }

  private commit(app: string, text: string, change: ConfigChange = { action: "config.write" }): { reloaded: true; warnings: string[] } | Problem {
    const checked = this.admit(app, text);
    if ("kind" in checked) return checked;
    const before = this.previous(app);
    this.files.write(app, checked.text);
    this.recordChange(app, before, checked.config, change);
    this.swap(app, checked.config);
    return { reloaded: true, warnings: checked.warnings };
  }

  /** Which keys changed, never their values: config.yaml holds no secrets, but it is not ours to copy. */
  private recordChange(app: string, before: AppConfig | undefined, after: AppConfig, change: ConfigChange): void {
    const { action, backup } = change;
    this.audit?.record({ action, app, target: "config.yaml", summary: { changed: changedPaths(before, after), ...(backup ? { backup } : {}) } });
  }

  /** The config in force before a write, for the audit entry; undefined when none could be read. */
  private previous(app: string): AppConfig | undefined {
    if (!this.audit) return undefined;
    const live = this.live.get(app);
    if (live) return live;
    try {
      const checked = this.check(this.files.read(app));
      return "kind" in checked ? undefined : checked.config;
    } catch {
      return undefined;
    }
  }

  private swap(app: string, config: AppConfig): void {
    this.live.set(app, config);
    this.damaged.delete(app);
    for (const listener of this.listeners) {
      try {
        listener(app, config);
      } catch (err) {
        this.logger.error({ err, app }, "config listener failed");
      }
    }
  }
}
