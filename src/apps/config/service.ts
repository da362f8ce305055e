import { createTwoFilesPatch } from "diff";
import type { Logger } from "pino";
import { Document, isCollection, parseDocument } from "yaml";
import type { AuditApi } from "../../audit/service.ts";
import type { SqlDb } from "../../db/sql.ts";
import { AppUnavailableError } from "../../db/app-unavailable.ts";
import { BackgroundLoads } from "../../lib/background-loads.ts";
import { changedPaths } from "../../lib/changed-paths.ts";
import type { InTurn } from "../../lib/in-turn.ts";
import { problem, type Problem } from "../../lib/problem.ts";
import { appConfigSchema, type AppConfig } from "./schema.ts";
import type { BackupInfo, ConfigStorage } from "./storage.ts";
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

/** A rule a new config must pass that the text alone cannot tell (a room prefix no other app uses). */
export type ConfigAdmission = (app: string, next: AppConfig) => Problem | undefined;

/**
 * How a write the rule admits lands: runs `write` (it stores the text and swaps the live config)
 * once `next` passes the rule, as one step against every other write the rule admits, under
 * whatever lock the rule needs; or answers why not.
 */
export type AdmittedWrite = <T>(app: string, next: AppConfig, write: () => Promise<T>) => Promise<T | Problem>;

type Done = { reloaded: true; warnings: string[] } | Problem;

/** The in-process lock a reload, and a write whose rule brings no `AdmittedWrite`, takes from its rule to its swap (no app is named ""). */
const ADMISSION = "";

/**
 * The per-app config as the service lives by it. The stored text (`config.yaml`, or its row on
 * PostgreSQL: `ConfigStorage`) is the source of truth; every write validates, backs the current
 * text up, stores the new one under the app's lock, swaps the live config and tells listeners (S3
 * and MQTT clients re-initialise from it). Reads are synchronous (many domains ask per request):
 * files are read on first use, as ever; a database's configs are read ahead (`loadAll` before the
 * port opens, `load` for a new app) and read again in the background when another node wrote.
 */
export class AppConfigService {
  /** Each app's config in force, with the stored text it came from. */
  private readonly live = new Map<string, { readonly config: AppConfig; readonly text: string }>();
  /** Apps whose stored config was refused, with why and the text refused; kept until a write, revert or reload succeeds. */
  private readonly damaged = new Map<string, { readonly error: AppUnavailableError; readonly text: string | undefined }>();
  /** Apps read again in the background (a write heard of, an app not read yet). */
  private readonly reloads: BackgroundLoads<string>;
  private readonly listeners: ConfigListener[] = [];
  private admission: ConfigAdmission = () => undefined;
  private admitted: AdmittedWrite = (app, next, write) => this.locks.run(ADMISSION, async () => this.admission(app, next) ?? write());

  private readonly storage: ConfigStorage;
  private readonly locks: InTurn<string>;
  private readonly logger: Logger;
  private readonly audit: AuditApi | undefined;

  constructor(options: { readonly storage: ConfigStorage; readonly locks: InTurn<string>; readonly logger: Logger; readonly audit?: AuditApi }) {
    this.storage = options.storage;
    this.locks = options.locks;
    this.logger = options.logger;
    this.reloads = new BackgroundLoads(
      (app) => this.load(app),
      (app, err) => {
        if (!(err instanceof AppUnavailableError)) this.logger.error({ err, app }, "reading the app's config failed: serving what was read before");
      },
    );
    this.audit = options.audit;
  }

  onChange(listener: ConfigListener): void {
    this.listeners.push(listener);
  }

  /**
   * The apps service's rule on every write, revert, reload and dry run. A write passes it and lands
   * as one step (`write`; by default one lock from the rule to the swap), so two apps' writes
   * cannot both pass it and both land. Reloads and dry runs store nothing, and check `rule` alone.
   */
  admitWith(rule: ConfigAdmission, write?: AdmittedWrite): void {
    this.admission = rule;
    if (write) this.admitted = write;
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
   * The live config. A stored text that is missing, cannot be parsed or is invalid throws
   * `AppUnavailableError` (check `config`) now and on every later call until a write, revert or
   * reload succeeds: that app answers 503 `app_unavailable`, every other app runs, and the text is
   * left exactly as it was for the operator. On a database, an app not read yet (made by another
   * node a moment ago) answers 503 until its read lands.
   */
  /**
   * The live config when there is one, without reading or asking for anything: for the log's own
   * subscribers, whose lines must never start a read (a failed read logs a line about the app,
   * whose publishing would ask again, for ever).
   */
  peek(app: string): AppConfig | undefined {
    return this.live.get(app)?.config;
  }

  /**
   * Resolves once the live config is the stored one as far as this node has heard: a read asked
   * for because another node wrote the app's tables has run. At once when there is none.
   */
  async current(app: string): Promise<void> {
    if (this.storage.changedElsewhere(app)) this.reloads.request(app);
    await this.reloads.settled(app);
  }

  get(app: string): AppConfig {
    if (this.storage.changedElsewhere(app)) this.reloads.request(app);
    const cached = this.live.get(app);
    if (cached) return cached.config;
    const known = this.damaged.get(app);
    if (known) throw known.error;
    const readNow = this.storage.readNow;
    if (readNow === undefined) {
      this.reloads.request(app);
      throw new AppUnavailableError(app, "config", "its config is being read", "retry in a moment");
    }
    let text: string | undefined;
    try {
      text = readNow(app);
    } catch (err) {
      throw this.refuse(app, `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, undefined);
    }
    // Either live or refused now: the second call answers one or throws the other.
    this.accept(app, text);
    return this.get(app);
  }

  /**
   * Reads the app's stored config into memory, under its lock: for every app before the port
   * opens (`loadAll`), for a new app once created, and when another node wrote. A text that
   * changed swaps the live config and tells listeners; one that cannot be used is refused.
   */
  load(app: string): Promise<void> {
    return this.locks.run(app, async () => this.accept(app, await this.storage.read(app)));
  }

  /** `load` for each app. */
  async loadAll(apps: readonly string[]): Promise<void> {
    await Promise.all(apps.map((app) => this.load(app)));
  }

  /**
   * Tells the listeners of the app's live config as a write would, for an app another node created:
   * the modules start what its config asks for already (a plugin enabled there before this node
   * read the app would otherwise run nowhere here until a restart).
   */
  announce(app: string): void {
    const live = this.live.get(app);
    if (live) this.swap(app, live.config, live.text);
  }

  /** Why the app's config cannot be used, or undefined when it loads. */
  damage(app: string): AppUnavailableError | undefined {
    try {
      this.get(app);
      return undefined;
    } catch (err) {
      if (err instanceof AppUnavailableError) return err;
      throw err;
    }
  }

  /** The stored text, exactly. */
  async raw(app: string): Promise<string> {
    const text = await this.storage.read(app);
    if (text === undefined) throw this.refuse(app, "is missing", undefined);
    return text;
  }

  /**
   * The stored config as it is now, past the live one (another node may have written it a moment
   * ago); undefined when there is none or it is invalid. Only reads: the live config is `load`'s.
   */
  async stored(app: string): Promise<AppConfig | undefined> {
    const text = await this.storage.read(app);
    const checked = text === undefined ? undefined : this.check(text);
    return checked === undefined || "kind" in checked ? undefined : checked.config;
  }

  listBackups(app: string): Promise<BackupInfo[]> {
    return this.storage.listBackups(app);
  }

  readBackup(app: string, ts: string): Promise<string | undefined> {
    return this.storage.readBackup(app, ts);
  }

  /** Validates, backs up, writes and hot-reloads. On any problem nothing is written. */
  put(app: string, text: string): Promise<Done> {
    return this.locks.run(app, () => this.commit(app, text));
  }

  /** Applies edits to the current document, keeping its comments and layout. */
  update(app: string, edits: readonly Edit[]): Promise<Updated | Problem> {
    return this.locks.run(app, async () => {
      const before = this.get(app);
      const beforeText = await this.raw(app);
      const parsed = parseDocument(beforeText);
      // An empty or null document (`~`, `---`) is a valid config of defaults but has no collection to edit in.
      const doc = isCollection(parsed.contents) ? parsed : new Document({});
      for (const edit of edits) {
        if (edit.value === undefined) doc.deleteIn(edit.path);
        else doc.setIn(edit.path, doc.createNode(edit.value));
      }
      const committed = await this.commit(app, doc.toString());
      if ("kind" in committed) return committed;
      const after = this.live.get(app);
      return { ...committed, before, after: this.get(app), diff: createTwoFilesPatch("config.yaml", "config.yaml", beforeText, after?.text ?? "", "before", "after") };
    });
  }

  /** The dry run: what a write would change, as a unified diff, and its warnings. */
  async validate(app: string, text: string): Promise<{ valid: true; warnings: string[]; diff: string } | Problem> {
    const checked = this.admit(app, text);
    if ("kind" in checked) return checked;
    return { valid: true, warnings: checked.warnings, diff: createTwoFilesPatch("config.yaml", "config.yaml", await this.raw(app), checked.text, "current", "proposed") };
  }

  /** Restores a backup as the live config; the current text is backed up first. */
  revert(app: string, ts: string): Promise<Done> {
    return this.locks.run(app, async () => {
      const text = await this.storage.readBackup(app, ts);
      if (text === undefined) return problem("not_found", `no backup ${ts} for app ${app}`);
      return this.commit(app, text, { action: "config.revert", backup: ts });
    });
  }

  /** Re-reads the stored text (edited by hand, say) and re-initialises what depends on it. */
  reload(app: string): Promise<Done> {
    return this.locks.run(app, async () => {
      const text = await this.storage.read(app);
      if (text === undefined) return problem("bad_request", `app ${app} has no stored config to reload; write one with PUT /api/v1/apps/${app}/config/raw`);
      const before = await this.previous(app);
      // Nothing is stored, so the rule is checked against what this node knows; the other nodes
      // are asked to read the text again too, so every node serves what was edited by hand.
      return this.locks.run(ADMISSION, async () => {
        const checked = this.admit(app, text);
        if ("kind" in checked) return checked;
        this.swap(app, checked.config, text);
        this.storage.readAgainElsewhere(app);
        await this.recordChange(app, before, checked.config, { action: "config.reload" });
        return { reloaded: true as const, warnings: checked.warnings };
      });
    });
  }

  /** Stores a new app's first config inside the registry's transaction that creates its storage. */
  create(app: string, text: string, at: { readonly staging: string; readonly trx: SqlDb }): Promise<void> {
    return this.storage.create(app, text, at);
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

  /**
   * Makes `text` (as stored) the app's config: kept as it is when unchanged, swapped in (with the
   * listeners told) when it replaces a live one, refused when it is missing or invalid.
   */
  private accept(app: string, text: string | undefined): void {
    const live = this.live.get(app);
    if (live !== undefined && live.text === text) return;
    const known = this.damaged.get(app);
    if (known !== undefined && known.text === text) return;
    if (text === undefined) {
      this.live.delete(app);
      this.refuse(app, "is missing", text);
      return;
    }
    const checked = this.check(text);
    if ("kind" in checked) {
      this.live.delete(app);
      this.refuse(app, `is invalid: ${checked.message}`, text);
      return;
    }
    if (live === undefined) {
      this.live.set(app, { config: checked.config, text });
      this.damaged.delete(app);
    } else {
      this.swap(app, checked.config, text);
    }
  }

  private refuse(app: string, why: string, text: string | undefined): AppUnavailableError {
    const { where, repair } = this.storage.place(app);
    const action =
      `${repair}, ` +
      `or write a valid one with PUT /api/v1/apps/${app}/config/raw or revert to a backup with POST /api/v1/apps/${app}/config/backups/{ts}/revert`;
    const refused = new AppUnavailableError(app, "config", `its config.yaml ${why}`.slice(0, 400), action);
    this.damaged.set(app, { error: refused, text });
    this.logger.error(
      { app, file: where, check: "config", detail: refused.detail },
      `the config.yaml of app ${app} ${why.slice(0, 300)}: the app answers 503 app_unavailable while every other app runs, and the stored text is left untouched. To repair it: ${action}`,
    );
    return refused;
  }

  /** `check`, then the apps service's rule. */
  private admit(app: string, text: string): Checked | Problem {
    const checked = this.check(text);
    if ("kind" in checked) return checked;
    return this.admission(app, checked.config) ?? checked;
  }

  private async commit(app: string, text: string, change: ConfigChange = { action: "config.write" }): Promise<Done> {
    const before = await this.previous(app);
    const checked = this.check(text);
    if ("kind" in checked) return checked;
    return this.admitted(app, checked.config, async () => {
      await this.storage.write(app, checked.text);
      await this.recordChange(app, before, checked.config, change);
      this.swap(app, checked.config, checked.text);
      return { reloaded: true as const, warnings: checked.warnings };
    });
  }

  /**
   * Which keys changed, never their values: config.yaml holds no secrets, but it is not ours to
   * copy. Awaited before the write answers, so the entry is there for whoever reads next.
   */
  private async recordChange(app: string, before: AppConfig | undefined, after: AppConfig, change: ConfigChange): Promise<void> {
    const { action, backup } = change;
    await this.audit?.record({ action, app, target: "config.yaml", summary: { changed: changedPaths(before, after), ...(backup ? { backup } : {}) } });
  }

  /** The config in force before a write, for the audit entry; undefined when none could be read. */
  private async previous(app: string): Promise<AppConfig | undefined> {
    if (!this.audit) return undefined;
    const live = this.live.get(app);
    if (live) return live.config;
    return this.stored(app).catch(() => undefined);
  }

  private swap(app: string, config: AppConfig, text: string): void {
    this.live.set(app, { config, text });
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
