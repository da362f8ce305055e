-- Which node runs each long-lived actor (a VOD's upload, a restream push, a room's latency latch):
-- one row per actor id, written by the node that claimed it. The owner pushes `expires_at` ahead
-- with every heartbeat; a row past it belongs to a node that stopped, and another node adopts it.
CREATE TABLE actor_leases (
  key TEXT PRIMARY KEY,
  node TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX actor_leases_node ON actor_leases (node);
CREATE INDEX actor_leases_expires ON actor_leases (expires_at);
