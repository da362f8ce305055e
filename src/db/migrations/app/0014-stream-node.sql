-- The node that recorded a stream's start (issue 32): for a camera (WebSocket MJPEG), the node it
-- is connected to, where calls about its room (recording, snapshots, restreaming) are served.
ALTER TABLE streams ADD COLUMN node TEXT;
