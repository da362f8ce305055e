-- The audit log of security and configuration changes: who (actor kind, id and a label such as
-- an email or a token's name, captured when the entry is written), when, from where (client IP),
-- and what (action, target, a summary with no secret in it). Entries about one app carry its
-- name and id, so a later app of the same name does not see the deleted one's history.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  action TEXT NOT NULL,
  app TEXT,
  app_id INTEGER,
  actor_kind TEXT NOT NULL,
  actor_id TEXT,
  actor_label TEXT,
  ip TEXT,
  request_id TEXT,
  target TEXT,
  summary_json TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_by_time ON audit_log(at, id);
CREATE INDEX audit_log_by_app ON audit_log(app_id, at);
CREATE INDEX audit_log_by_action ON audit_log(action, at);
