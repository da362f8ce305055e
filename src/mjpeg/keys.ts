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
  /** Set while the key is disabled: the device is refused at connect, and the key works again once enabled. */
  readonly disabledAt: string | null;
  /** When the key was last reset (a new secret replaced the old one). */
  readonly rotatedAt: string | null;
}

interface Row {
  id: string;
  room: string;
  identity: string;
  created_at: string;
  revoked_at: string | null;
  disabled_at: string | null;
  rotated_at: string | null;
}

const view = (r: Row): CameraKey => ({
  id: r.id,
  room: r.room,
  identity: r.identity,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
  disabledAt: r.disabled_at,
  rotatedAt: r.rotated_at,
});

/** One app's camera keys, in its own database; use `cameraKeys(db)`, which prepares them once per connection. */
export class CameraKeyStore {
  private readonly insert;
  private readonly liveByHash;
  private readonly liveById;
  private readonly liveAll;
  private readonly revokeRow;
  private readonly rotateRow;
  private readonly disableRow;

  constructor(db: Db) {
    this.insert = db.prepare<[string, string, string, string, string]>("INSERT INTO ws_ingest_keys (id, key_hash, room, identity, created_at) VALUES (?, ?, ?, ?, ?)");
    this.liveByHash = db.prepare<[string], Row>("SELECT * FROM ws_ingest_keys WHERE key_hash = ? AND revoked_at IS NULL");
    this.liveById = db.prepare<[string], Row>("SELECT * FROM ws_ingest_keys WHERE id = ? AND revoked_at IS NULL");
    this.liveAll = db.prepare<[], Row>("SELECT * FROM ws_ingest_keys WHERE revoked_at IS NULL ORDER BY created_at DESC, id");
    this.revokeRow = db.prepare<[string, string]>("UPDATE ws_ingest_keys SET revoked_at = ? WHERE id = ?");
    this.rotateRow = db.prepare<[string, string, string]>("UPDATE ws_ingest_keys SET key_hash = ?, rotated_at = ? WHERE id = ? AND revoked_at IS NULL");
    this.disableRow = db.prepare<[string | null, string]>("UPDATE ws_ingest_keys SET disabled_at = ? WHERE id = ? AND revoked_at IS NULL");
  }

  /** Stores a new key for `room`; answers the record and the plaintext key, which is never kept. */
  create(room: string, identity: string): { key: CameraKey; secret: string } {
    const secret = CAMERA_KEY.generate();
    const row: Row = { id: `wsi_${randomBase62(20)}`, room, identity, created_at: new Date().toISOString(), revoked_at: null, disabled_at: null, rotated_at: null };
    this.insert.run(row.id, hashSecret(secret), row.room, row.identity, row.created_at);
    return { key: view(row), secret };
  }

  /** The live (unrevoked) key a device presents, or undefined; a disabled key is answered too, with `disabledAt` set. */
  verify(secret: string): CameraKey | undefined {
    if (!CAMERA_KEY.isWellFormed(secret)) return undefined;
    const row = this.liveByHash.get(hashSecret(secret));
    return row && view(row);
  }

  /** Unrevoked keys, newest first, disabled ones included. */
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

  /** Replaces the key's secret: the old one stops working at once. Answers the record and the new plaintext key, or undefined. */
  reset(id: string): { key: CameraKey; secret: string } | undefined {
    const row = this.liveById.get(id);
    if (!row) return undefined;
    const secret = CAMERA_KEY.generate();
    const at = new Date().toISOString();
    this.rotateRow.run(hashSecret(secret), at, id);
    return { key: view({ ...row, rotated_at: at }), secret };
  }

  /** Disables (`disabled` true) or enables a live key; answers the updated record, or undefined. */
  setDisabled(id: string, disabled: boolean): CameraKey | undefined {
    const row = this.liveById.get(id);
    if (!row) return undefined;
    // Disabling twice keeps the first moment.
    const at = disabled ? (row.disabled_at ?? new Date().toISOString()) : null;
    this.disableRow.run(at, id);
    return view({ ...row, disabled_at: at });
  }
}

export const cameraKeys = perDatabase((db) => new CameraKeyStore(db));
