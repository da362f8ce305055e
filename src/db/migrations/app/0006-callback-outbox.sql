-- Webhook deliveries (SPEC 6.1), written before the first attempt so a crash or restart loses
-- none: pending rows resume on start with their original id. `body` is the exact JSON sent and
-- signed. Finished rows stay as the delivery log, pruned to a bounded number per app.
CREATE TABLE callback_deliveries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  event TEXT NOT NULL,
  room TEXT NOT NULL,
  body TEXT NOT NULL,
  emitted_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'dropped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_url TEXT,
  last_status INTEGER,
  last_error TEXT,
  finished_at TEXT
);
-- Only pending rows are indexed apart from the key: every status change would rewrite an index
-- on status, and the log's filters scan at most the bounded number of rows kept.
CREATE INDEX callback_deliveries_pending ON callback_deliveries(seq) WHERE status = 'pending';
