-- The camera timeline, second part (issue 34): where a segment went once uploaded to the app's S3
-- (object_key, NULL while it is only on its node), and the room's events: a label seen by a
-- detector (kind object), motion, or the camera connecting and disconnecting, each over a span,
-- with its best score and box and a thumbnail of the frame it was seen on.
ALTER TABLE timeline_segments ADD COLUMN object_key TEXT;
CREATE TABLE timeline_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  room TEXT NOT NULL,
  kind TEXT NOT NULL,
  label TEXT NOT NULL,
  score REAL NOT NULL,
  box TEXT,
  started_at TEXT NOT NULL,
  ended_at TEXT NOT NULL,
  thumbnail_path TEXT,
  node TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX timeline_events_by_room ON timeline_events(room, started_at, id);
CREATE INDEX timeline_events_by_label ON timeline_events(room, label, started_at, id);
