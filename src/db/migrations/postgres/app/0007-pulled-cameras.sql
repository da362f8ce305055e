-- As SQLite's app migration 0016: cameras the service pulls itself.
ALTER TABLE ingresses ADD COLUMN source_sealed TEXT;
ALTER TABLE ingresses ADD COLUMN source_masked TEXT;
ALTER TABLE ingresses ADD COLUMN transport TEXT;
-- What its actor last said (written on each state change by the node running it), so every node
-- answers a camera's state and a restart knows a camera that failed: `pull_state` (connecting,
-- live, reconnecting, stopped, failed), why it failed, its last error (masked), the media it
-- carries as JSON, and the node.
ALTER TABLE ingresses ADD COLUMN pull_state TEXT;
ALTER TABLE ingresses ADD COLUMN pull_failure TEXT;
ALTER TABLE ingresses ADD COLUMN pull_error TEXT;
ALTER TABLE ingresses ADD COLUMN pull_media TEXT;
ALTER TABLE ingresses ADD COLUMN pull_node TEXT;
