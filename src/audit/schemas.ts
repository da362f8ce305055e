import { z } from "zod";
import { clampedLimit } from "../lib/clamped-limit.ts";
import { isoInstant } from "../lib/iso-instant.ts";

/** Every action the audit log records; a new one is added here first. */
export const AUDIT_ACTIONS = [
  "token.create",
  "token.revoke",
  "invite.create",
  "invite.accept",
  "account.password_change",
  "account.2fa_enable",
  "account.2fa_disable",
  "config.write",
  "config.revert",
  "config.reload",
  "s3.credentials_change",
  "mqtt.credentials_change",
  "secret.change",
  "app.delete",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A summary's values: plain facts (names, ids, flags, changed key paths), never a secret. */
export type AuditSummary = Readonly<Record<string, string | number | boolean | null | readonly string[]>>;

/** What a service says when it records a change; who and from where come from the request. */
export interface AuditRecord {
  readonly action: AuditAction;
  /** The app the change is about, by name; its id is looked up while it still exists. */
  readonly app?: string;
  /** What was changed: `token:12`, `user:7`, `config.yaml`, `s3.secret`. */
  readonly target?: string;
  readonly summary?: AuditSummary;
  /** Who acts when the request carries no credential yet: the person an invite just signed up. */
  readonly actorUserId?: number;
}

/** One entry as the API shows it. */
export interface AuditEntry {
  readonly id: number;
  readonly at: string;
  readonly action: string;
  readonly app: string | null;
  readonly actor: { readonly kind: string; readonly id: string | null; readonly label: string | null };
  readonly ip: string | null;
  readonly requestId: string | null;
  readonly target: string | null;
  readonly summary: AuditSummary;
}

const common = {
  action: z.enum(AUDIT_ACTIONS).optional(),
  since: isoInstant.optional(),
  until: isoInstant.optional(),
  limit: clampedLimit(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

const ordered = (q: { since?: string | undefined; until?: string | undefined }) =>
  q.since === undefined || q.until === undefined || Date.parse(q.since) <= Date.parse(q.until);

/** `GET /audit`: every entry, filtered. */
export const auditQuery = z
  .object({ app: z.string().min(1).max(64).optional(), ...common })
  .refine(ordered, { path: ["until"], message: "until is before since" });

/** `GET /apps/{app}/audit`: that app's entries. */
export const appAuditQuery = z.object(common).refine(ordered, { path: ["until"], message: "until is before since" });

export type AuditQuery = z.output<typeof auditQuery>;

/** What the audit routes answer: a page of `AuditEntry`. */
export const auditEntriesResponse = z.array(
  z.strictObject({
    id: z.number().int(),
    at: z.string(),
    action: z.string(),
    app: z.string().nullable(),
    actor: z.strictObject({ kind: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
    ip: z.string().nullable(),
    requestId: z.string().nullable(),
    target: z.string().nullable(),
    summary: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())])),
  }),
);
