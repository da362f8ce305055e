-- Live streams as the media server reports them: a publishing participant (`<room>/<identity>`)
-- or an ingress (its id). `last_event_at` is the media server's event time, so events that
-- arrive out of order cannot undo newer ones; an 'ended' row doubles as that memory.
CREATE TABLE streams (
  id INTEGER PRIMARY KEY,
  stream_id TEXT NOT NULL,
  type TEXT NOT NULL,
  room TEXT NOT NULL,
  participant TEXT,
  status TEXT NOT NULL CHECK (status IN ('active', 'ended')),
  started_at TEXT NOT NULL,
  ended_at TEXT,
  last_event_at INTEGER NOT NULL,
  last_stats_json TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX streams_by_stream_id ON streams(stream_id, id);
CREATE INDEX streams_active ON streams(status, room);
