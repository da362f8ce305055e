/**
 * Every permission named in the endpoint tables of SPEC 4, plus `team:manage` for invites and
 * tokens and `audit:read` for an app's audit log (who changed its credentials and config).
 */
export const PERMISSIONS = [
  "app:read",
  "app:create",
  "app:delete",
  "config:read",
  "config:write",
  "s3:read",
  "s3:write",
  "stream:read",
  "stream:write",
  "stream:stop",
  "ingress:read",
  "ingress:create",
  "ingress:write",
  "ingress:delete",
  "recording:start",
  "recording:stop",
  "vod:read",
  "vod:write",
  "vod:delete",
  "broadcast:read",
  "broadcast:start",
  "broadcast:stop",
  "usage:read",
  "team:manage",
  "audit:read",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];

const READ: readonly Permission[] = [
  "app:read",
  "config:read",
  "s3:read",
  "stream:read",
  "ingress:read",
  "vod:read",
  "broadcast:read",
  "usage:read",
];

/**
 * The one role table. Owners do everything in their tenant; admins everything but deleting apps;
 * members read, and run the live side (join tokens, streams, recordings, restreams) without
 * touching configuration, credentials or ingest endpoints.
 */
const GRANTS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set(PERMISSIONS.filter((p) => p !== "app:delete")),
  member: new Set<Permission>([
    ...READ,
    "stream:write",
    "stream:stop",
    "recording:start",
    "recording:stop",
    "broadcast:start",
    "broadcast:stop",
  ]),
};

export function roleGrants(role: Role, permission: Permission): boolean {
  return GRANTS[role].has(permission);
}

/** For the docs (identity and access) and the authorization tests. */
export function grantsOf(role: Role): Permission[] {
  return PERMISSIONS.filter((p) => GRANTS[role].has(p));
}
