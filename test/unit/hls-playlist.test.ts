import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parsePlaylist, windowPlaylist } from "../../src/lib/hls-playlist.ts";

describe("live HLS playlists", () => {
  it("reads the segments an egress playlist lists, and whether it ended", () => {
    const text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.000000,\nseg_00000.ts\n#EXTINF:1.5,\r\nseg_00001.ts\n#EXTINF:2,\n";
    assert.deepEqual(parsePlaylist(text), { segments: [{ uri: "seg_00000.ts", seconds: 2 }, { uri: "seg_00001.ts", seconds: 1.5 }], ended: false });
    assert.equal(parsePlaylist(`${text}seg_00002.ts\n#EXT-X-ENDLIST\n`).ended, true);
    assert.deepEqual(parsePlaylist("not a playlist\n"), { segments: [], ended: false });
    // Read mid-write: the unfinished last line is not a segment yet.
    assert.deepEqual(parsePlaylist(`${text}seg_000`).segments.length, 2);
  });

  it("publishes the last segments as a sliding window with its media sequence", () => {
    const segments = [0, 1, 2, 3, 4].map((i) => ({ uri: `seg_0000${i}.ts`, seconds: 1.2 }));
    const live = windowPlaylist(segments, 3, false);
    assert.match(live, /#EXT-X-MEDIA-SEQUENCE:2\n/);
    assert.match(live, /#EXT-X-TARGETDURATION:2\n/);
    assert.deepEqual(live.match(/seg_\d+\.ts/g), ["seg_00002.ts", "seg_00003.ts", "seg_00004.ts"]);
    assert.doesNotMatch(live, /ENDLIST/);
    assert.match(windowPlaylist(segments, 3, true), /#EXT-X-ENDLIST\n$/);
    assert.match(windowPlaylist([], 3, false), /#EXT-X-MEDIA-SEQUENCE:0\n/);
  });
});
