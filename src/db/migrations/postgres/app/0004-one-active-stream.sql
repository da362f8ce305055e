-- At most one active row per stream (issue 32): two nodes, or two connections of one node's
-- PostgreSQL pool, can both read "no active row" and both insert; the index makes the second
-- insert a conflict the store answers as "already active". Duplicates a race left are ended first.
UPDATE streams SET status = 'ended', ended_at = started_at
  WHERE status = 'active' AND id NOT IN (SELECT max(id) FROM streams WHERE status = 'active' GROUP BY stream_id);
CREATE UNIQUE INDEX streams_one_active ON streams (stream_id) WHERE status = 'active';
