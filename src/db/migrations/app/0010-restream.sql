-- Restream destinations (SPEC 2.15, 4.14): one row per destination the user started, kept after
-- it stops (state 'stopped') for its history. `id` is the first egress id (the media server's
-- for LiveKit rooms, our own RS_ for camera rooms); `egress_id` the current one, which a retry
-- of a LiveKit push replaces. `target` is the URL with its key, sealed by the app-secrets box.
CREATE TABLE restream_destinations (
  id TEXT PRIMARY KEY,
  stream_id TEXT NOT NULL,
  room TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('camera', 'egress')),
  platform TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  layout TEXT NOT NULL DEFAULT '',
  masked_url TEXT NOT NULL,
  target TEXT NOT NULL,
  egress_id TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('starting', 'active', 'failed', 'stopped')),
  since TEXT NOT NULL,
  last_error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  stopped_at TEXT
);
CREATE INDEX restream_by_stream ON restream_destinations (stream_id, state);
CREATE INDEX restream_live ON restream_destinations (state) WHERE state <> 'stopped';
