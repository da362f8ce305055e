-- Cameras the service pulls itself (issue 33): an ingress row with its source URL sealed like
-- the app's other secrets (the URL may carry the camera's password), the URL as answers show it
-- (credentials masked), and RTSP's transport. LiveKit's own ingresses leave all three null.
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
