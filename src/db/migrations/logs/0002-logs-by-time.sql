-- Lines are listed by time (ts, then id), the order every node of a cluster shares, so a merged
-- page and its `before` cursor mean the same on each node. The app and source filters were indexed
-- by id: sorted by time, SQLite sorted every line of the app. By (app, ts) and (source, ts), each
-- entry ending in its rowid, a page of one app's lines is read in order, from its cursor on.
DROP INDEX logs_app;
DROP INDEX logs_source;
CREATE INDEX logs_app ON logs (app, ts);
CREATE INDEX logs_source ON logs (source, ts);
