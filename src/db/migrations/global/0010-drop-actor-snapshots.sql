-- Actor snapshots (0007) were never used by any machine: every owner rebuilds its actors from its
-- own rows at start, so the mechanism and its table are gone.
DROP TABLE IF EXISTS actor_snapshots;
