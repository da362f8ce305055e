-- Identifies this deployment in /health and logs; one row, written on first start.
CREATE TABLE instance (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  instance_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
