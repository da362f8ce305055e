import type { Db } from "../db/open.ts";
import { hashSecret, randomBase62, secretFormat } from "../lib/secret-format.ts";

/** Camera keys: `wsk_` + 36 base62 characters + a CRC32 checksum, like API tokens. */
export const CAMERA_KEY = secretFormat("wsk_");

/** A camera key as stored: never the key itself. */
export interface CameraKey {
  readonly id: string;
  readonly room: string;
  readonly identity: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

interface Row {
  id: string;
  room: string;
  identity: string;
  created_at: string;
  revoked_at: string | null;
}

const view = (r: Row): CameraKey => ({ id: r.id, room: r.room, identity: r.identity, createdAt: r.created_at, revokedAt: r.revoked_at });

/** One app's camera keys, in its own database. */
export class CameraKeyStore {
  constructor(private readonly db: Db) {}

  /** Stores a new key for `room`; answers the record and the plaintext key, which is never kept. */
  create(room: string, identity: string): { key: CameraKey; secret: string } {
    const secret = CAMERA_KEY.generate();
    const row: Row = { id: `wsi_${randomBase62(20)}`, room, identity, created_at: new Date().toISOString(), revoked_at: null };
    this.db
      .prepare("INSERT INTO ws_ingest_keys (id, key_hash, room, identity, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(row.id, hashSecret(secret), row.room, row.identity, row.created_at);
    return { key: view(row), secret };
  }

  /** The live (unrevoked) key a device presents, or undefined. */
  verify(secret: string): CameraKey | undefined {
    if (!CAMERA_KEY.isWellFormed(secret)) return undefined;
    const row = this.db.prepare<[string], Row>("SELECT * FROM ws_ingest_keys WHERE key_hash = ? AND revoked_at IS NULL").get(hashSecret(secret));
    return row && view(row);
  }

  /** Unrevoked keys, newest first. */
  list(): CameraKey[] {
    return this.db.prepare<[], Row>("SELECT * FROM ws_ingest_keys WHERE revoked_at IS NULL ORDER BY created_at DESC, id").all().map(view);
  }

  /** Answers the key it revoked, or undefined when there is no such live key. */
  revoke(id: string): CameraKey | undefined {
    const row = this.db.prepare<[string], Row>("SELECT * FROM ws_ingest_keys WHERE id = ? AND revoked_at IS NULL").get(id);
    if (!row) return undefined;
    this.db.prepare("UPDATE ws_ingest_keys SET revoked_at = ? WHERE id = ?").run(new Date().toISOString(), id);
    return view(row);
  }
}
