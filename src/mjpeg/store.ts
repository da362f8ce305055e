import type { Db } from "../db/open.ts";
import { perDatabase } from "../db/per-database.ts";

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

const COLUMNS = "id, room, identity, created_at, revoked_at, disabled_at, rotated_at";

/** The SQL over one app's `ws_ingest_keys`, prepared once per connection (`cameraKeyRows(db)`). */
export class CameraKeyRows {
  private readonly s;

  constructor(db: Db) {
    this.s = {
      insert: db.prepare<[string, string, string, string, string]>("INSERT INTO ws_ingest_keys (id, key_hash, room, identity, created_at) VALUES (?, ?, ?, ?, ?)"),
      liveByHash: db.prepare<[string], CameraKeyRow>(`SELECT ${COLUMNS} FROM ws_ingest_keys WHERE key_hash = ? AND revoked_at IS NULL`),
      liveById: db.prepare<[string], CameraKeyRow>(`SELECT ${COLUMNS} FROM ws_ingest_keys WHERE id = ? AND revoked_at IS NULL`),
      liveAll: db.prepare<[], CameraKeyRow>(`SELECT ${COLUMNS} FROM ws_ingest_keys WHERE revoked_at IS NULL ORDER BY created_at DESC, id`),
      revoke: db.prepare<[string, string]>("UPDATE ws_ingest_keys SET revoked_at = ? WHERE id = ?"),
      rotate: db.prepare<[string, string, string]>("UPDATE ws_ingest_keys SET key_hash = ?, rotated_at = ? WHERE id = ? AND revoked_at IS NULL"),
      setDisabledAt: db.prepare<[string | null, string]>("UPDATE ws_ingest_keys SET disabled_at = ? WHERE id = ? AND revoked_at IS NULL"),
    };
  }

  insert(row: CameraKeyRow, keyHash: string): void {
    this.s.insert.run(row.id, keyHash, row.room, row.identity, row.created_at);
  }

  liveByHash(keyHash: string): CameraKeyRow | undefined {
    return this.s.liveByHash.get(keyHash);
  }

  liveById(id: string): CameraKeyRow | undefined {
    return this.s.liveById.get(id);
  }

  /** Unrevoked keys, newest first. */
  liveAll(): CameraKeyRow[] {
    return this.s.liveAll.all();
  }

  revoke(id: string, at: string): void {
    this.s.revoke.run(at, id);
  }

  rotate(id: string, keyHash: string, at: string): void {
    this.s.rotate.run(keyHash, at, id);
  }

  setDisabledAt(id: string, at: string | null): void {
    this.s.setDisabledAt.run(at, id);
  }
}

export const cameraKeyRows = perDatabase((db) => new CameraKeyRows(db));
