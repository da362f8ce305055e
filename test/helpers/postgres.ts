import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./ports.ts";

/** Where Debian's server binaries are (`postgresql-NN`), the newest major version installed. */
export function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) throw new Error(`no PostgreSQL server under ${root}: install Debian's postgresql package`);
  return path.join(root, newest, "bin");
}

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  /** A new empty database on the cluster, as a URL: one per test keeps them apart. */
  database(): Promise<string>;
  stop(): Promise<void>;
}

let databases = 0;
let shared: Promise<Pick<TestPostgres, "url" | "database">> | undefined;

/** Set by `npm test` (test/run.ts) for the test files it runs: the one cluster they all share. */
export const SHARED_POSTGRES_ENV = "SERVICE_TEST_POSTGRES_URL";

/**
 * One cluster for the whole run: the one `npm test` started for every test file (each file runs in
 * a process of its own), or, for a file run alone, one started on first use and stopped when its
 * process exits (its stop is synchronous underneath: pg_ctl, rm). Tests keep apart by taking a
 * `database()` each; `stop()` leaves the cluster to its owner.
 */
export function sharedPostgres(): Promise<TestPostgres> {
  const given = process.env[SHARED_POSTGRES_ENV];
  shared ??= given
    ? Promise.resolve({ url: given, database: () => databaseOn(given) })
    : startPostgres().then((started) => {
        process.once("exit", () => void started.stop());
        return started;
      });
  return shared.then((cluster) => ({ url: cluster.url, database: () => cluster.database(), stop: async () => undefined }));
}

/** A new empty database on the cluster at `url` (its `postgres` database), as a URL. */
async function databaseOn(url: string): Promise<string> {
  const name = `t${process.pid}_${++databases}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return url.replace(/\/postgres$/, `/${name}`);
}

/**
 * A throwaway PostgreSQL cluster of the tests' own: `initdb` in a temp dir, `pg_ctl start` on a
 * free loopback port, never the machine's own server. PostgreSQL refuses to run as root, so as root
 * the binaries run as the `postgres` user Debian's package creates. Durability settings are off
 * (fsync, synchronous_commit): the tests kill service nodes, never this server. `settings` adds
 * server settings (`-c name=value`), such as the benches' `shared_preload_libraries`.
 */
export async function startPostgres(settings: Readonly<Record<string, string>> = {}): Promise<TestPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-pg-"));
  const data = path.join(dir, "data");
  const asOwner = (cmd: string, args: string[]): void => {
    const root = process.getuid?.() === 0;
    execFileSync(root ? "runuser" : path.join(bin, cmd), root ? ["-u", "postgres", "--", path.join(bin, cmd), ...args] : args, {
      stdio: ["ignore", "pipe", "pipe"],
    });
  };
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  try {
    asOwner("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"]);
    const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off", "-c max_connections=300", ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)];
    asOwner("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", options.join(" "), "-w", "-t", "30", "start"]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start a test PostgreSQL in ${dir}: ${(err as { stderr?: Buffer }).stderr?.toString() ?? String(err)}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    database: () => databaseOn(url),
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        asOwner("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "30", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new Error("no postgres user: install Debian's postgresql package");
  }
}
