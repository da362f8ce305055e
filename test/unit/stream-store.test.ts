import assert from "node:assert/strict";
import { it } from "node:test";
import { StreamStore } from "../../src/streams/store.ts";
import { describeEachBackend, type BackendUnderTest } from "../helpers/backends.ts";

/** A stream store on a new app's tables, and the number of rows in them. */
async function appStore(backend: BackendUnderTest) {
  const t = await backend.open();
  await t.registerApp("streams-app");
  const db = t.databases.appSql("streams-app");
  const rows = async () =>
    (
      await db
        .withTables<{ streams: { stream_id: string } }>()
        .selectFrom("streams")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
  return { store: new StreamStore(db), rows };
}

const stream = { streamId: "room/alice", type: "webrtc", room: "room", participant: "alice" } as const;

describeEachBackend("StreamStore", (backend) => {
  it("starts a stream once when its webhooks race, and ends it once", async () => {
    const { store, rows } = await appStore(backend);
    const started = await Promise.all([1, 2, 3].map((at) => store.start({ ...stream, at, stats: {} })));
    assert.equal(started.filter(Boolean).length, 1, `one start wins: ${started.join(", ")}`);
    assert.equal((await store.active()).length, 1);
    const ended = await Promise.all([store.end({ ...stream, at: 4 }), store.end({ ...stream, at: 5 })]);
    assert.equal(ended.filter(Boolean).length, 1, `one end wins: ${ended.join(", ")}`);
    assert.deepEqual(await store.active(), []);
    assert.equal(Number(await rows()), 1);
  });

  it("keeps an end that came first, so the late start it beat does not revive the stream", async () => {
    const { store } = await appStore(backend);
    assert.equal(await store.end({ ...stream, at: 10 }), false);
    assert.equal(await store.start({ ...stream, at: 9, stats: {} }), false);
    assert.equal((await store.find("room/alice"))?.status, "ended");
  });

  it("answers a read that comes during a write with the rows after it, and every read after it", async () => {
    const { store } = await appStore(backend);
    assert.deepEqual(await store.active(), []);
    const start = store.start({ ...stream, at: 1, stats: {} });
    const during = store.active();
    await start;
    // SQLite's one connection queues the read behind the write; PostgreSQL's pool runs it beside
    // the uncommitted write, which may answer either way, so only what follows is checked there.
    if (backend.name === "sqlite") assert.equal((await during).length, 1);
    else await during;
    assert.equal((await store.active()).length, 1, "the list cached before the write is not kept");
  });
});
