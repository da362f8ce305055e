-- The queryable log store (its own file, logs.db): every line the service logs, newest last.
-- `level` is pino's number (10 trace .. 60 fatal) so "at least warn" is one range; `meta` holds
-- the line's other fields as JSON. The FTS5 index over `msg` is kept by triggers.
CREATE TABLE logs (
  id INTEGER PRIMARY KEY,
  ts TEXT NOT NULL,
  level INTEGER NOT NULL,
  app TEXT,
  source TEXT NOT NULL,
  msg TEXT NOT NULL,
  meta TEXT
);
CREATE INDEX logs_ts ON logs (ts);
CREATE INDEX logs_app ON logs (app, id);
CREATE INDEX logs_source ON logs (source, id);
CREATE VIRTUAL TABLE logs_fts USING fts5 (msg, content = 'logs', content_rowid = 'id');
CREATE TRIGGER logs_ai AFTER INSERT ON logs BEGIN
  INSERT INTO logs_fts (rowid, msg) VALUES (new.id, new.msg);
END;
CREATE TRIGGER logs_ad AFTER DELETE ON logs BEGIN
  INSERT INTO logs_fts (logs_fts, rowid, msg) VALUES ('delete', old.id, old.msg);
END;
