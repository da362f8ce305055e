-- Issue 19: camera keys and ingress stream passwords can be reset and disabled without deleting them.
-- A disabled camera key keeps its hash (enabling it again restores the same key); a reset replaces
-- the hash, so the old key stops working at once.
ALTER TABLE ws_ingest_keys ADD COLUMN disabled_at TEXT;
ALTER TABLE ws_ingest_keys ADD COLUMN rotated_at TEXT;
ALTER TABLE ingresses ADD COLUMN disabled_at TEXT;
ALTER TABLE ingresses ADD COLUMN rotated_at TEXT;
