import type { Kysely } from "kysely";
import { perDatabase } from "../db/per-database.ts";
import type { SqlDb } from "../db/sql.ts";

/** A camera key row (`ws_ingest_keys`) without its hash: the key itself is never stored. */
export interface CameraKeyRow {
  id: string;
  room: string;
  identity: string;
  created_at: string;
  revoked_at: string | null;
  disabled_at: string | null;
  rotated_at: string | null;
}

/** `ws_ingest_keys` (app migrations 0005 and 0011). */
interface WsIngestKeysTable extends CameraKeyRow {
  key_hash: string;
}

type Q = Kysely<{ ws_ingest_keys: WsIngestKeysTable }>;

const COLUMNS = ["id", "room", "identity", "created_at", "revoked_at", "disabled_at", "rotated_at"] as const;

/** The SQL over one app's `ws_ingest_keys`, one per handle (`cameraKeyRows(db)`). */
export class CameraKeyRows {
  private readonly db: Q;

  constructor(db: SqlDb) {
    this.db = db.withTables<{ ws_ingest_keys: WsIngestKeysTable }>();
  }

  async insert(row: CameraKeyRow, keyHash: string): Promise<void> {
    await this.db.insertInto("ws_ingest_keys").values({ ...row, key_hash: keyHash }).execute();
  }

  liveByHash(keyHash: string): Promise<CameraKeyRow | undefined> {
    return this.live().where("key_hash", "=", keyHash).executeTakeFirst();
  }

  liveById(id: string): Promise<CameraKeyRow | undefined> {
    return this.live().where("id", "=", id).executeTakeFirst();
  }

  /** Unrevoked keys, newest first. */
  liveAll(): Promise<CameraKeyRow[]> {
    return this.live().orderBy("created_at", "desc").orderBy("id").execute();
  }

  async revoke(id: string, at: string): Promise<void> {
    await this.db.updateTable("ws_ingest_keys").set({ revoked_at: at }).where("id", "=", id).execute();
  }

  async rotate(id: string, keyHash: string, at: string): Promise<void> {
    await this.db.updateTable("ws_ingest_keys").set({ key_hash: keyHash, rotated_at: at }).where("id", "=", id).where("revoked_at", "is", null).execute();
  }

  async setDisabledAt(id: string, at: string | null): Promise<void> {
    await this.db.updateTable("ws_ingest_keys").set({ disabled_at: at }).where("id", "=", id).where("revoked_at", "is", null).execute();
  }

  private live() {
    return this.db.selectFrom("ws_ingest_keys").select(COLUMNS).where("revoked_at", "is", null);
  }
}

export const cameraKeyRows = perDatabase((db: SqlDb) => new CameraKeyRows(db));
