import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Backups kept per app; older ones are pruned on each write. */
export const MAX_BACKUPS = 50;
const TS = /^\d{8}T\d{9}Z(?:-\d{1,4})?$/;

export interface BackupInfo {
  readonly ts: string;
  readonly sizeBytes: number;
}

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

function stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(".", "");
}

/**
 * An app's `config.yaml` and its backups in `config-backups/<ts>.yaml`. Callers serialize writers
 * per app (see `AppLocks`); this class only does the file work.
 */
export class ConfigFiles {
  constructor(private readonly appsDir: string) {}

  configPath(app: string): string {
    return path.join(this.appsDir, app, "config.yaml");
  }

  read(app: string): string {
    return readFileSync(this.configPath(app), "utf8");
  }

  /** Backs up the current file (when there is one), then writes the new text atomically. */
  write(app: string, text: string): string | undefined {
    const backup = this.backup(app);
    writeFileAtomic(this.configPath(app), text);
    return backup;
  }

  /** Copies the current file to a new backup; answers its `ts`. */
  backup(app: string): string | undefined {
    let current: string;
    try {
      current = this.read(app);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
    const dir = this.backupsDir(app);
    mkdirSync(dir, { recursive: true });
    const base = stamp(new Date());
    let ts = base;
    for (let n = 1; this.exists(app, ts); n++) ts = `${base}-${n}`;
    writeFileAtomic(path.join(dir, `${ts}.yaml`), current);
    this.prune(app);
    return ts;
  }

  /** Newest first. */
  listBackups(app: string): BackupInfo[] {
    let files: string[];
    try {
      files = readdirSync(this.backupsDir(app));
    } catch {
      return [];
    }
    return files
      .filter((f) => f.endsWith(".yaml") && TS.test(f.slice(0, -5)))
      .map((f) => ({ ts: f.slice(0, -5), sizeBytes: statSync(path.join(this.backupsDir(app), f)).size }))
      .sort((a, b) => compareTs(b.ts, a.ts));
  }

  readBackup(app: string, ts: string): string | undefined {
    if (!TS.test(ts)) return undefined;
    try {
      return readFileSync(path.join(this.backupsDir(app), `${ts}.yaml`), "utf8");
    } catch {
      return undefined;
    }
  }

  private exists(app: string, ts: string): boolean {
    return this.readBackup(app, ts) !== undefined;
  }

  private backupsDir(app: string): string {
    return path.join(this.appsDir, app, "config-backups");
  }

  private prune(app: string): void {
    for (const old of this.listBackups(app).slice(MAX_BACKUPS)) {
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

/** One writer at a time per app: config writes queue behind each other instead of interleaving. */
export class AppLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(app: string, work: () => Promise<T> | T): Promise<T> {
    const previous = this.tails.get(app) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.tails.set(app, tail);
    try {
      return await next;
    } finally {
      if (this.tails.get(app) === tail) this.tails.delete(app);
    }
  }
}
