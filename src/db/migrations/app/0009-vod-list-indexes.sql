-- The VOD list's default order is id: a status or room filter sorted by id needs these, or SQLite
-- sorts every matching row (bench:vods: status=failed over 100k rows took 25 ms before).
CREATE INDEX vods_by_status_id ON vods(status, id);
CREATE INDEX vods_by_room_id ON vods(room, id);
CREATE INDEX vods_by_room_status ON vods(room, status, started_at);
