-- A publisher token holds a slot of its tenant's max_concurrent_streams for a short while after
-- it is minted, until its participant is seen publishing (then the stream row holds the slot).
CREATE TABLE stream_reservations (
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  app TEXT NOT NULL,
  identity TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (team_id, app, identity)
);
