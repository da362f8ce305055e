import type { SqlDb } from "../db/sql.ts";
import { perDatabase } from "../db/per-database.ts";
import { hashSecret, randomBase62, secretFormat } from "../lib/secret-format.ts";
import { cameraKeyRows, type CameraKeyRow, type CameraKeyRows } from "./store.ts";

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

const view = (r: CameraKeyRow): CameraKey => ({
  id: r.id,
  room: r.room,
  identity: r.identity,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
  disabledAt: r.disabled_at,
  rotatedAt: r.rotated_at,
});

/** One app's camera keys: key format, hashing and views over the rows in the app's own database (mjpeg/store.ts). */
export class CameraKeyStore {
  private readonly rows: CameraKeyRows;

  constructor(db: SqlDb) {
    this.rows = cameraKeyRows(db);
  }

  /** Stores a new key for `room`; answers the record and the plaintext key, which is never kept. */
  async create(room: string, identity: string): Promise<{ key: CameraKey; secret: string }> {
    const secret = CAMERA_KEY.generate();
    const row: CameraKeyRow = { id: `wsi_${randomBase62(20)}`, room, identity, created_at: new Date().toISOString(), revoked_at: null, disabled_at: null, rotated_at: null };
    await this.rows.insert(row, hashSecret(secret));
    return { key: view(row), secret };
  }

  /** The live (unrevoked) key a device presents, or undefined; a disabled key is answered too, with `disabledAt` set. */
  async verify(secret: string): Promise<CameraKey | undefined> {
    if (!CAMERA_KEY.isWellFormed(secret)) return undefined;
    const row = await this.rows.liveByHash(hashSecret(secret));
    return row && view(row);
  }

  /** Unrevoked keys, newest first, disabled ones included. */
  async list(): Promise<CameraKey[]> {
    return (await this.rows.liveAll()).map(view);
  }

  /** The live (unrevoked) key `id`, disabled or not, or undefined. */
  async get(id: string): Promise<CameraKey | undefined> {
    const row = await this.rows.liveById(id);
    return row && view(row);
  }

  /** Answers the key it revoked, or undefined when there is no such live key. */
  async revoke(id: string): Promise<CameraKey | undefined> {
    const row = await this.rows.liveById(id);
    if (!row) return undefined;
    await this.rows.revoke(id, new Date().toISOString());
    return view(row);
  }

  /** Replaces the key's secret: the old one stops working at once. Answers the record and the new plaintext key, or undefined. */
  async reset(id: string): Promise<{ key: CameraKey; secret: string } | undefined> {
    const row = await this.rows.liveById(id);
    if (!row) return undefined;
    const secret = CAMERA_KEY.generate();
    const at = new Date().toISOString();
    await this.rows.rotate(id, hashSecret(secret), at);
    return { key: view({ ...row, rotated_at: at }), secret };
  }

  /** Disables (`disabled` true) or enables a live key; answers the updated record, or undefined. */
  async setDisabled(id: string, disabled: boolean): Promise<CameraKey | undefined> {
    const row = await this.rows.liveById(id);
    if (!row) return undefined;
    // Disabling twice keeps the first moment.
    const at = disabled ? (row.disabled_at ?? new Date().toISOString()) : null;
    await this.rows.setDisabledAt(id, at);
    return view({ ...row, disabled_at: at });
  }
}

export const cameraKeys = perDatabase((db: SqlDb) => new CameraKeyStore(db));
