-- The camera timeline (issue 34): one row per continuous-recording segment of a camera room, as
-- it was written: its room, its span by the wall clock (a camera offline is a gap between rows,
-- not a row), its size and video, where its file is, and the node that wrote it.
CREATE TABLE timeline_segments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  room TEXT NOT NULL,
  started_at TEXT NOT NULL,
  ended_at TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  codec TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  local_path TEXT NOT NULL,
  node TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX timeline_segments_by_room ON timeline_segments(room, started_at, id);
