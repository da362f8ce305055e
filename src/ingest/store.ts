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
  /** A camera the service pulls itself (issue 33): its source URL, sealed; null for LiveKit's ingresses. */
  readonly source_sealed: string | null;
  /** That URL with its credentials masked, as answers show it. */
  readonly source_masked: string | null;
  /** RTSP's transport for a pulled camera. */
  readonly transport: "tcp" | "udp" | null;
  /** A pulled camera's last state as its actor reported it (see `PullState`); null until it starts. */
  readonly pull_state: string | null;
  readonly pull_failure: string | null;
  readonly pull_error: string | null;
  /** JSON of the media it carries (codec, size, rate), once it was live. */
  readonly pull_media: string | null;
  /** The node that runs its actor. */
  readonly pull_node: string | null;
}

/** What a pulled camera's actor writes on each state change. */
export interface PullState {
  readonly pull_state: string;
  readonly pull_failure: string | null;
  readonly pull_error: string | null;
  readonly pull_media: string | null;
  readonly pull_node: string;
}

const PULL_COLUMNS = ["pull_state", "pull_failure", "pull_error", "pull_media", "pull_node"] as const;

/** `ingresses` (app migrations 0004 and 0011). */
interface IngressesTable extends IngressRow {
  readonly created_at: string;
}

const COLUMNS = [
  "ingress_id",
  "input_type",
  "room",
  "participant_identity",
  "stream_key",
  "password_sealed",
  "authorized_at",
  "disabled_at",
  "rotated_at",
  "source_sealed",
  "source_masked",
  "transport",
  ...PULL_COLUMNS,
] as const;

/** What a new row is given; a LiveKit ingress leaves the pulled camera's fields out. */
export type NewIngressRow = Omit<IngressRow, "authorized_at" | "disabled_at" | "rotated_at" | "source_sealed" | "source_masked" | "transport" | (typeof PULL_COLUMNS)[number]> &
  Partial<Pick<IngressRow, "source_sealed" | "source_masked" | "transport">>;

/** One app's ingress rows (in its own database); use `ingressStore(db)`, one per handle. */
export class IngressStore {
  private readonly db: Kysely<{ ingresses: IngressesTable }>;

  constructor(db: SqlDb) {
    this.db = db.withTables<{ ingresses: IngressesTable }>();
  }

  async add(row: NewIngressRow, createdAt: string): Promise<void> {
    await this.db
      .insertInto("ingresses")
      .values({
        source_sealed: null,
        source_masked: null,
        transport: null,
        ...row,
        authorized_at: null,
        disabled_at: null,
        rotated_at: null,
        pull_state: null,
        pull_failure: null,
        pull_error: null,
        pull_media: null,
        pull_node: null,
        created_at: createdAt,
      })
      .execute();
  }

  /** The cameras the service pulls itself, oldest first (the order they are started in). */
  pulled(): Promise<IngressRow[]> {
    return this.db.selectFrom("ingresses").select(COLUMNS).where("source_sealed", "is not", null).orderBy("created_at").orderBy("ingress_id").execute();
  }

  /** The pulled camera of a room, if any: a room has one source the service pulls. */
  pulledIn(room: string): Promise<IngressRow | undefined> {
    return this.db.selectFrom("ingresses").select(COLUMNS).where("source_sealed", "is not", null).where("room", "=", room).executeTakeFirst();
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

  /** A pulled camera's state change; a row deleted meanwhile is left deleted. */
  async setPullState(id: string, state: PullState): Promise<void> {
    await this.db.updateTable("ingresses").set(state).where("ingress_id", "=", id).execute();
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
