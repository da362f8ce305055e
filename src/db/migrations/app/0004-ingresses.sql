-- Ingresses created through us: what LiveKit does not keep (the RTMP stream password, sealed,
-- and whether a connection was authorized with it).
CREATE TABLE ingresses (
  ingress_id TEXT PRIMARY KEY,
  input_type TEXT NOT NULL CHECK (input_type IN ('rtmp', 'whip', 'url')),
  room TEXT NOT NULL,
  participant_identity TEXT NOT NULL,
  stream_key TEXT NOT NULL,
  password_sealed TEXT,
  authorized_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX ingresses_by_room ON ingresses(room);
