-- The last persisted snapshot of each actor spawned with `persist`, so a restart brings it back in
-- the state it was in (a restream destination retrying, a plugin worker running). `machine` guards
-- against restoring a snapshot into a different machine that reuses the id.
CREATE TABLE actor_snapshots (
  id TEXT PRIMARY KEY,
  machine TEXT NOT NULL,
  snapshot TEXT NOT NULL,
  saved_at INTEGER NOT NULL
);
