-- Records which app a database file belongs to, so a misplaced file is refused instead of used.
CREATE TABLE app_meta (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  app_name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
