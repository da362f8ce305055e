-- The service's own nodes (not the media cluster's edge nodes): each heartbeats its row, so a
-- node knows its peers (cluster-wide reads) and whether it shares the database with another.
CREATE TABLE service_nodes (
  id TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  version TEXT NOT NULL,
  started_at TEXT NOT NULL,
  heartbeat_at BIGINT NOT NULL,
  draining BIGINT NOT NULL DEFAULT 0
);
