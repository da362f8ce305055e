-- As SQLite's app migration 0020: the indexes the timeline pruner's sweeps read instead of scanning.
CREATE INDEX timeline_segments_not_uploaded ON timeline_segments(id) WHERE object_key IS NULL;
CREATE INDEX timeline_segments_sizes ON timeline_segments(bytes);
CREATE INDEX timeline_events_by_end ON timeline_events(ended_at, id);
