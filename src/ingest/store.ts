import type { Db } from "../db/open.ts";
import { perDatabase } from "../db/per-database.ts";

export type IngressInputType = "rtmp" | "whip" | "url";

/** What we keep of an ingress beside LiveKit's own record: its room, key and sealed password. */
export interface IngressRow {
  readonly ingress_id: string;
  readonly input_type: IngressInputType;
  readonly room: string;
  readonly participant_identity: string;
  readonly stream_key: string;
  readonly password_sealed: string | null;
  readonly authorized_at: string | null;
  /** Set while the ingress is disabled (issue 19): LiveKit refuses new connections, and so does `validate`. */
  readonly disabled_at: string | null;
  /** When its stream password was last reset. */
  readonly rotated_at: string | null;
}

/** One app's ingress rows (in its own database); use `ingressStore(db)`, which prepares them once per connection. */
export class IngressStore {
  private readonly insert;
  private readonly all;
  private readonly byId;
  private readonly remove;
  private readonly authorize;
  private readonly disable;
  private readonly rotate;

  constructor(db: Db) {
    this.insert = db.prepare<[string, IngressInputType, string, string, string, string | null, string]>(
      "INSERT INTO ingresses (ingress_id, input_type, room, participant_identity, stream_key, password_sealed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    this.all = db.prepare<[], IngressRow>("SELECT * FROM ingresses ORDER BY created_at DESC, ingress_id");
    this.byId = db.prepare<[string], IngressRow>("SELECT * FROM ingresses WHERE ingress_id = ?");
    this.remove = db.prepare<[string]>("DELETE FROM ingresses WHERE ingress_id = ?");
    this.authorize = db.prepare<[string, string]>("UPDATE ingresses SET authorized_at = ? WHERE ingress_id = ?");
    this.disable = db.prepare<[string | null, string]>("UPDATE ingresses SET disabled_at = ? WHERE ingress_id = ?");
    // A new password forgets the connection the old one authorized.
    this.rotate = db.prepare<[string, string, string]>("UPDATE ingresses SET password_sealed = ?, rotated_at = ?, authorized_at = NULL WHERE ingress_id = ?");
  }

  add(row: Omit<IngressRow, "authorized_at" | "disabled_at" | "rotated_at">, createdAt: string): void {
    this.insert.run(row.ingress_id, row.input_type, row.room, row.participant_identity, row.stream_key, row.password_sealed, createdAt);
  }

  /** Newest first. */
  list(): IngressRow[] {
    return this.all.all();
  }

  get(id: string): IngressRow | undefined {
    return this.byId.get(id);
  }

  delete(id: string): void {
    this.remove.run(id);
  }

  markAuthorized(id: string, at: string): void {
    this.authorize.run(at, id);
  }

  /** `at` disables it from then; null enables it. */
  setDisabled(id: string, at: string | null): void {
    this.disable.run(at, id);
  }

  setPassword(id: string, sealed: string, at: string): void {
    this.rotate.run(sealed, at, id);
  }
}

export const ingressStore = perDatabase((db) => new IngressStore(db));
