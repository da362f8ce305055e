import type { Db } from "../db/open.ts";
import { perDatabase } from "../db/per-database.ts";
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

/** One app's camera keys, in its own database; use `cameraKeys(db)`, which prepares them once per connection. */
export class CameraKeyStore {
  private readonly insert;
  private readonly liveByHash;
  private readonly liveById;
  private readonly liveAll;
  private readonly revokeRow;

  constructor(db: Db) {
    this.insert = db.prepare<[string, string, string, string, string]>("INSERT INTO ws_ingest_keys (id, key_hash, room, identity, created_at) VALUES (?, ?, ?, ?, ?)");
    this.liveByHash = db.prepare<[string], Row>("SELECT * FROM ws_ingest_keys WHERE key_hash = ? AND revoked_at IS NULL");
    this.liveById = db.prepare<[string], Row>("SELECT * FROM ws_ingest_keys WHERE id = ? AND revoked_at IS NULL");
    this.liveAll = db.prepare<[], Row>("SELECT * FROM ws_ingest_keys WHERE revoked_at IS NULL ORDER BY created_at DESC, id");
    this.revokeRow = db.prepare<[string, string]>("UPDATE ws_ingest_keys SET revoked_at = ? WHERE id = ?");
  }

  /** Stores a new key for `room`; answers the record and the plaintext key, which is never kept. */
  create(room: string, identity: string): { key: CameraKey; secret: string } {
    const secret = CAMERA_KEY.generate();
    const row: Row = { id: `wsi_${randomBase62(20)}`, room, identity, created_at: new Date().toISOString(), revoked_at: null };
    this.insert.run(row.id, hashSecret(secret), row.room, row.identity, row.created_at);
    return { key: view(row), secret };
  }

  /** The live (unrevoked) key a device presents, or undefined. */
  verify(secret: string): CameraKey | undefined {
    if (!CAMERA_KEY.isWellFormed(secret)) return undefined;
    const row = this.liveByHash.get(hashSecret(secret));
    return row && view(row);
  }

  /** Unrevoked keys, newest first. */
  list(): CameraKey[] {
    return this.liveAll.all().map(view);
  }

  /** Answers the key it revoked, or undefined when there is no such live key. */
  revoke(id: string): CameraKey | undefined {
    const row = this.liveById.get(id);
    if (!row) return undefined;
    this.revokeRow.run(new Date().toISOString(), id);
    return view(row);
  }
}

export const cameraKeys = perDatabase((db) => new CameraKeyStore(db));
