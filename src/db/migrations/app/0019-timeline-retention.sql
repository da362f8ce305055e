-- The camera timeline's retention (issue 34): the pruner reads an app's segments oldest first
-- across its rooms, and each node the segments it wrote that are not uploaded yet.
CREATE INDEX timeline_segments_by_age ON timeline_segments(started_at, id);
CREATE INDEX timeline_segments_to_upload ON timeline_segments(node, id) WHERE object_key IS NULL;
