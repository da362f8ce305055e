-- Edge nodes of the cluster registry (SPEC 2.9, 4.6): one row per node name (join is idempotent
-- by name), with the stats of its last heartbeat. `stale` is derived at read time from
-- last_heartbeat_at, never stored.
CREATE TABLE cluster_nodes (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  ip TEXT NOT NULL,
  region TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'active',
  stats_json TEXT,
  joined_at TEXT NOT NULL,
  last_heartbeat_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
