import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { signup } from "../helpers/identity.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { freePort } from "../helpers/ports.ts";
import { eventually, join, leaveAll, type Participant } from "../helpers/rtc.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { globalRows } from "../helpers/rows.ts";

describe("max_concurrent_streams for publisher tokens (free plan: 5)", () => {
  let livekit: LiveKit;
  let server: TestServer;
  let owner: string;
  const participants: Participant[] = [];
  const mint = (body: Record<string, unknown>) => server.request("POST", "/api/v1/apps/tenant-app/tokens", { token: owner, body });

  before(async () => {
    const port = await freePort();
    livekit = await startLiveKit({ webhookUrl: `http://127.0.0.1:${port}/webhooks/livekit` });
    server = await startServer({ ...livekit.env, SERVICE_PORT: String(port), SERVICE_ALLOW_SIGNUP: "on" });
    owner = await signup(server, "owner@quota.example", "Quota");
    assert.equal((await server.request("POST", "/api/v1/apps", { token: owner, body: { name: "tenant-app" } })).status, 201);
  });
  after(async () => {
    await leaveAll(participants);
    await server?.close();
    await livekit?.stop();
  });

  it("refuses the sixth publisher with 429 quota_exceeded; subscribers and re-mints take no slot", async () => {
    for (let i = 1; i <= 5; i++) assert.equal((await mint({ identity: `pub-${i}` })).status, 200, `pub-${i}`);
    const sixth = await mint({ identity: "pub-6" });
    assert.equal(sixth.status, 429);
    const error = errorOf<{ limit: number; used: number }>(sixth);
    assert.equal(error.code, "quota_exceeded");
    assert.deepEqual([error.details?.limit, error.details?.used], [5, 5]);
    assert.equal((await mint({ identity: "watcher", canPublish: false })).status, 200);
    assert.equal((await mint({ identity: "pub-3" })).status, 200);
  });

  it("releases a reservation that was never used once it expires", async () => {
    await globalRows(server, sql`UPDATE stream_reservations SET expires_at = 0 WHERE identity = 'pub-5'`);
    assert.equal((await mint({ identity: "pub-6" })).status, 200);
  });

  it("holds the slot by the participant's presence and frees it when they leave", async () => {
    await globalRows(server, sql`UPDATE stream_reservations SET expires_at = 0`);
    const res = await mint({ identity: "live-1", room: "stage" });
    const p = await join(livekit.wsUrl, dataOf<{ token: string }>(res).token);
    participants.push(p);
    await p.publishAudio();
    await eventually(
      async () => ((await server.request("GET", "/api/v1/apps/tenant-app/streams", { token: owner })).json as unknown[]).length === 1,
      15_000,
      "the stream to be live",
    );
    await globalRows(server, sql`UPDATE stream_reservations SET expires_at = 0`);
    for (let i = 1; i <= 4; i++) assert.equal((await mint({ identity: `more-${i}` })).status, 200);
    assert.equal((await mint({ identity: "more-5" })).status, 429, "the live publisher still holds a slot");
    await p.leave();
    await eventually(
      async () => ((await server.request("GET", "/api/v1/apps/tenant-app/streams", { token: owner })).json as unknown[]).length === 0,
      15_000,
      "the stream to end",
    );
    assert.equal((await mint({ identity: "more-5" })).status, 200);
  });
});
