-- As SQLite's app migration 0019: the timeline pruner's indexes.
CREATE INDEX timeline_segments_by_age ON timeline_segments(started_at, id);
CREATE INDEX timeline_segments_to_upload ON timeline_segments(node, id) WHERE object_key IS NULL;
