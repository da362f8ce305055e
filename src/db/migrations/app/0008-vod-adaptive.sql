-- Adaptive VOD (SPEC 4.15 vodAdaptive): the HLS ladder made after a VOD is ready. Status null
-- means none was asked for; 'pending' is resumed at start; `adaptive_json` holds the master
-- playlist's key and the variants ({ name, height, bitrateKbps, key }).
ALTER TABLE vods ADD COLUMN adaptive_status TEXT CHECK (adaptive_status IN ('pending', 'ready', 'failed'));
ALTER TABLE vods ADD COLUMN adaptive_json TEXT;
