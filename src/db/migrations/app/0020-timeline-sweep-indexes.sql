-- The timeline pruner's sweeps over a fleet's rows (bench:timeline: 100 cameras x 30 days, 4.3 M
-- segments). On SQLite every query runs on the service's main thread, so a scan in a sweep held
-- up every request of every app, for seconds, every 30 s.
-- Segments not uploaded, by id across every node (a single node asks without one): the partial
-- index by (node, id) could not serve that, and the table was scanned (1 s of CPU per sweep).
CREATE INDEX timeline_segments_not_uploaded ON timeline_segments(id) WHERE object_key IS NULL;
-- The app's totals (twice a sweep, and its stats): the count and the sum are read from this
-- index, a sixth of the table, instead of the table (1.3 s of CPU to 0.2 s).
CREATE INDEX timeline_segments_sizes ON timeline_segments(bytes);
-- Events past their retention, oldest end first: the table was scanned and sorted each sweep.
CREATE INDEX timeline_events_by_end ON timeline_events(ended_at, id);
