import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BACKUP_TS, backupStamp, MAX_BACKUPS, type BackupInfo, type ConfigStorage } from "./storage.ts";

/** Writes `text` to `file` atomically: a temp file, fsynced, renamed over, and the folder fsynced. */
export function writeFileAtomic(file: string, text: string): void {
  const temp = `${file}.tmp-${process.pid}-${Date.now()}`;
  const fd = openSync(temp, "w", 0o640);
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  const dir = openSync(path.dirname(file), "r");
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/**
 * The SQLite backend's config storage: an app's `config.yaml` and its backups in
 * `config-backups/<ts>.yaml` beside it, read synchronously, written atomically.
 */
export class ConfigFiles implements ConfigStorage {
  constructor(private readonly appsDir: string) {}

  configPath(app: string): string {
    return path.join(this.appsDir, app, "config.yaml");
  }

  readonly readNow = (app: string): string | undefined => {
    try {
      return readFileSync(this.configPath(app), "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  };

  async read(app: string): Promise<string | undefined> {
    return this.readNow(app);
  }

  /** Backs up the current file (when there is one), then writes the new text atomically. */
  async write(app: string, text: string): Promise<string | undefined> {
    const backup = this.backup(app);
    writeFileAtomic(this.configPath(app), text);
    return backup;
  }

  async create(_app: string, text: string, { staging }: { readonly staging: string }): Promise<void> {
    writeFileAtomic(path.join(staging, "config.yaml"), text);
  }

  changedElsewhere(): boolean {
    return false;
  }

  /** Files have one node. */
  readAgainElsewhere(): void {}

  place(app: string): { where: string; repair: string } {
    return { where: this.configPath(app), repair: `fix or restore ${this.configPath(app)} (earlier versions are in config-backups/ beside it), then POST /api/v1/apps/${app}/reload` };
  }

  /** Copies the current file to a new backup; answers its `ts`. */
  private backup(app: string): string | undefined {
    const current = this.readNow(app);
    if (current === undefined) return undefined;
    const dir = this.backupsDir(app);
    mkdirSync(dir, { recursive: true });
    const base = backupStamp(new Date());
    let ts = base;
    for (let n = 1; this.exists(app, ts); n++) ts = `${base}-${n}`;
    writeFileAtomic(path.join(dir, `${ts}.yaml`), current);
    this.prune(app);
    return ts;
  }

  async listBackups(app: string): Promise<BackupInfo[]> {
    return this.backupsOnDisk(app);
  }

  /** Newest first. */
  private backupsOnDisk(app: string): BackupInfo[] {
    let files: string[];
    try {
      files = readdirSync(this.backupsDir(app));
    } catch {
      return [];
    }
    return files
      .filter((f) => f.endsWith(".yaml") && BACKUP_TS.test(f.slice(0, -5)))
      .map((f) => ({ ts: f.slice(0, -5), sizeBytes: statSync(path.join(this.backupsDir(app), f)).size }))
      .sort((a, b) => compareTs(b.ts, a.ts));
  }

  async readBackup(app: string, ts: string): Promise<string | undefined> {
    return this.backupText(app, ts);
  }

  private backupText(app: string, ts: string): string | undefined {
    if (!BACKUP_TS.test(ts)) return undefined;
    try {
      return readFileSync(path.join(this.backupsDir(app), `${ts}.yaml`), "utf8");
    } catch {
      return undefined;
    }
  }

  private exists(app: string, ts: string): boolean {
    return this.backupText(app, ts) !== undefined;
  }

  private backupsDir(app: string): string {
    return path.join(this.appsDir, app, "config-backups");
  }

  private prune(app: string): void {
    for (const old of this.backupsOnDisk(app).slice(MAX_BACKUPS)) {
      rmSync(path.join(this.backupsDir(app), `${old.ts}.yaml`), { force: true });
    }
  }
}

/** Timestamps sort as text, and `-N` suffixes by their number. */
function compareTs(a: string, b: string): number {
  const [baseA = "", nA = "0"] = a.split("-");
  const [baseB = "", nB = "0"] = b.split("-");
  return baseA === baseB ? Number(nA) - Number(nB) : baseA < baseB ? -1 : 1;
}
