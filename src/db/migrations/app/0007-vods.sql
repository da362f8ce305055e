-- Recordings and what became of them (SPEC 2.7, 3.1). A row is inserted the moment a recording
-- starts and moves recording -> uploading -> ready | failed; `source` says who writes the file
-- (`camera`: our own ffmpeg on the MJPEG hub; `egress`: the media server). `part` numbers the
-- pieces of a recording cut by split_minutes (0 for an uncut one). Times are ISO-8601 UTC, so
-- text order is time order and since/until filters use the started_at index.
CREATE TABLE vods (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  room TEXT NOT NULL,
  stream_id TEXT,
  egress_id TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL CHECK (source IN ('camera', 'egress')),
  part INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('recording', 'uploading', 'ready', 'failed')),
  local_path TEXT,
  file_key TEXT,
  s3_url TEXT,
  snapshot_key TEXT,
  size_bytes INTEGER,
  duration_s REAL,
  width INTEGER,
  height INTEGER,
  format TEXT,
  codec TEXT,
  failure_reason TEXT,
  failure_detail TEXT,
  started_at TEXT NOT NULL,
  ended_at TEXT,
  ready_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX vods_by_started ON vods(started_at, id);
CREATE INDEX vods_by_room ON vods(room, started_at);
CREATE INDEX vods_by_status ON vods(status, started_at);
CREATE INDEX vods_by_size ON vods(size_bytes, id);
