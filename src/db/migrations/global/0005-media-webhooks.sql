-- Ids of media-server webhooks already handled: a signed request can be replayed for minutes.
CREATE TABLE media_webhook_events (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
);
