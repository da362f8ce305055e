import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import type { BackupInfo } from "../../src/apps/config/storage.ts";
import type { AppView } from "../../src/apps/service.ts";
import type { AppRow } from "../../src/apps/store.ts";
import { dataOf } from "./envelope.ts";
import { storedBackups, storedConfig } from "./stored-config.ts";
import type { TestResponse, TestServer } from "./server.ts";

/** Apps through the API, and what they keep on disk, as the registry and config tests see them. */

/** The app's folder, `<data>/apps/<name>/`. */
export function appDir(server: TestServer, name: string): string {
  return path.join(server.dataDir, "apps", name);
}

export function configFile(server: TestServer, app: string): string {
  return path.join(appDir(server, app), "config.yaml");
}

export function backupsDir(server: TestServer, app: string): string {
  return path.join(appDir(server, app), "config-backups");
}

/** Every file under `dir`, recursively, as paths relative to it; none when it does not exist. */
export function filesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

/** Every file in the app folder except the database, which is binary and holds no YAML. */
export function textFilesOf(server: TestServer, app: string): string[] {
  return filesUnder(appDir(server, app))
    .filter((f) => !/app\.db(-wal|-shm)?$/.test(f))
    .map((f) => path.join(appDir(server, app), f));
}

/** `POST /apps` with `credential` (the installer's global token by default); expects 201. */
export async function createApp(server: TestServer, body: Record<string, unknown>, credential = server.rootToken): Promise<AppView> {
  const res = await server.request("POST", "/api/v1/apps", { token: credential, body });
  assert.equal(res.status, 201, res.text);
  return dataOf<AppView>(res);
}

export async function getApp(server: TestServer, name: string, credential = server.rootToken): Promise<AppView> {
  const res = await server.request("GET", `/api/v1/apps/${name}`, { token: credential });
  assert.equal(res.status, 200, res.text);
  return dataOf<AppView>(res);
}

/** The names of the apps `credential` sees, sorted. */
export async function listNames(server: TestServer, credential: string): Promise<string[]> {
  const res = await server.request("GET", "/api/v1/apps", { token: credential });
  assert.equal(res.status, 200, res.text);
  return dataOf<AppView[]>(res)
    .map((a) => a.name)
    .sort();
}

export async function putRaw(server: TestServer, app: string, yaml: string): Promise<TestResponse> {
  return server.request("PUT", `/api/v1/apps/${app}/config/raw`, { token: server.rootToken, body: { yaml } });
}

export async function listBackups(server: TestServer, app: string): Promise<BackupInfo[]> {
  const res = await server.request("GET", `/api/v1/apps/${app}/config/backups`, { token: server.rootToken });
  assert.equal(res.status, 200, res.text);
  return dataOf<BackupInfo[]>(res);
}

export async function readBackup(server: TestServer, app: string, ts: string): Promise<string> {
  const res = await server.request("GET", `/api/v1/apps/${app}/config/backups/${ts}`, { token: server.rootToken });
  assert.equal(res.status, 200, res.text);
  const data = dataOf<{ ts: string; yaml: string }>(res);
  assert.equal(data.ts, ts);
  return data.yaml;
}

/** A small valid config.yaml whose display name tells the writes apart. */
export function configWith(displayName: string, extra = ""): string {
  return `# edited by the config tests\ndisplay_name: ${JSON.stringify(displayName)}\nroom_prefix: cfg\nrecording:\n  enabled: true\n  split_minutes: 15\n${extra}`;
}

/** What a refused config write must not change. */
export interface ConfigState {
  readonly file: Buffer;
  readonly backups: BackupInfo[];
  readonly files: string[];
  readonly displayName: string;
}

export async function stateOf(server: TestServer, app: string): Promise<ConfigState> {
  return {
    file: Buffer.from(await storedConfig(server, app)),
    backups: await listBackups(server, app),
    files: await storedBackups(server, app),
    displayName: (await getApp(server, app)).displayName,
  };
}

export async function assertUnchanged(server: TestServer, app: string, before: ConfigState, label: string): Promise<void> {
  const now = await stateOf(server, app);
  assert.ok(now.file.equals(before.file), `${label}: the stored config changed`);
  assert.deepEqual(now.backups, before.backups, `${label}: backups changed`);
  assert.deepEqual(now.files, before.files, `${label}: stored backups changed`);
  assert.equal(now.displayName, before.displayName, `${label}: live config changed`);
}

/** The keys of the app record (`AppView`), sorted: list, get, create and PATCH answer exactly these. */
export const RECORD_KEYS = [
  "callbackSecretSet",
  "callbackUrl",
  "createdAt",
  "displayName",
  "features",
  "id",
  "name",
  "recordingEnabled",
  "roomPrefix",
  "snapshotSeconds",
  "splitMinutes",
  "tenantId",
  "updatedAt",
];

/** The features of a new app: all off. */
export const NO_FEATURES = { publicPlayback: false, hiddenQc: false, rtmpPassword: false, chat: false, reactions: false };

/**
 * An app in the registry with its storage (database file or PostgreSQL schema) but no config, for
 * tests that need an app owned by a given team without going through `POST /apps`.
 */
export async function registerApp(server: TestServer, name: string, teamId: number | null): Promise<AppRow> {
  const folder = appDir(server, name);
  mkdirSync(folder, { recursive: true });
  return server.app.apps.insert(name, teamId, {
    storage: (trx) => server.app.databases.createApp(name, { staging: folder, trx }),
    files: () => {},
  });
}
