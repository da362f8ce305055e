import type { Kysely } from "kysely";
import { perDatabase } from "../db/per-database.ts";
import type { SqlDb } from "../db/sql.ts";

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

/** `ingresses` (app migrations 0004 and 0011). */
interface IngressesTable extends IngressRow {
  readonly created_at: string;
}

const COLUMNS = ["ingress_id", "input_type", "room", "participant_identity", "stream_key", "password_sealed", "authorized_at", "disabled_at", "rotated_at"] as const;

/** One app's ingress rows (in its own database); use `ingressStore(db)`, one per handle. */
export class IngressStore {
  private readonly db: Kysely<{ ingresses: IngressesTable }>;

  constructor(db: SqlDb) {
    this.db = db.withTables<{ ingresses: IngressesTable }>();
  }

  async add(row: Omit<IngressRow, "authorized_at" | "disabled_at" | "rotated_at">, createdAt: string): Promise<void> {
    await this.db
      .insertInto("ingresses")
      .values({ ...row, authorized_at: null, disabled_at: null, rotated_at: null, created_at: createdAt })
      .execute();
  }

  /** Newest first. */
  list(): Promise<IngressRow[]> {
    return this.db.selectFrom("ingresses").select(COLUMNS).orderBy("created_at", "desc").orderBy("ingress_id").execute();
  }

  get(id: string): Promise<IngressRow | undefined> {
    return this.db.selectFrom("ingresses").select(COLUMNS).where("ingress_id", "=", id).executeTakeFirst();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("ingresses").where("ingress_id", "=", id).execute();
  }

  async markAuthorized(id: string, at: string): Promise<void> {
    await this.db.updateTable("ingresses").set({ authorized_at: at }).where("ingress_id", "=", id).execute();
  }

  /** `at` disables it from then; null enables it. */
  async setDisabled(id: string, at: string | null): Promise<void> {
    await this.db.updateTable("ingresses").set({ disabled_at: at }).where("ingress_id", "=", id).execute();
  }

  /** A new password forgets the connection the old one authorized. */
  async setPassword(id: string, sealed: string, at: string): Promise<void> {
    await this.db.updateTable("ingresses").set({ password_sealed: sealed, rotated_at: at, authorized_at: null }).where("ingress_id", "=", id).execute();
  }
}

export const ingressStore = perDatabase((db: SqlDb) => new IngressStore(db));
