-- The node that wrote a VOD's local file (issue 32): a failed VOD's retry, which needs that file,
-- is relayed there from whichever node the call reached.
ALTER TABLE vods ADD COLUMN node TEXT;
