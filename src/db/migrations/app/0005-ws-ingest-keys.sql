-- WebSocket MJPEG camera keys: the key itself is shown once and only its SHA-256 is kept.
-- A revoked key keeps its row (revoked_at set) so lists and audits can still name it.
CREATE TABLE ws_ingest_keys (
  id TEXT PRIMARY KEY,
  key_hash TEXT NOT NULL UNIQUE,
  room TEXT NOT NULL,
  identity TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX ws_ingest_keys_by_room ON ws_ingest_keys(room);
