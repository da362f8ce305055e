import assert from "node:assert/strict";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { after, before, describe, it } from "node:test";
import { sql } from "kysely";
import type { VodView } from "../../src/vods/service.ts";
import { vodStore } from "../../src/vods/store.ts";
import { dataOf, errorOf, pageOf } from "../helpers/envelope.ts";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { appRows } from "../helpers/rows.ts";

/**
 * SPEC 4.12's read routes over VOD rows. Recording (which makes the rows) is issue 13's next part,
 * so rows are written here through the store the lifecycle uses; the S3 URLs are checked against a
 * real MinIO.
 */
describe("VOD list and detail", () => {
  let server: TestServer;
  let minio: Minio;
  const get = async (p: string) => server.request("GET", `/api/v1/apps/vodapp${p}`, { token: server.rootToken });
  const page = async (q: string) => {
    const res = await get(`/vods${q}`);
    assert.equal(res.status, 200, res.text);
    return pageOf<VodView>(res);
  };
  const ids = async (q: string) => (await page(q)).data.map((v) => v.id);

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("vods");
    server = await startServer({ SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "vodapp" } })).status, 201);
    const store = vodStore(server.app.databases.appSql("vodapp"));
    const rooms = ["lobby", "stage", "lobby", "stage", "lobby"];
    for (const [i, room] of rooms.entries()) {
      await store.insert({ room, stream_id: null, egress_id: `cam_${i}`, source: "camera", part: 0, local_path: null, started_at: `2026-01-0${i + 1}T10:00:00.000Z` });
    }
    // Two rows move on so the status filter has something to tell apart.
    await appRows(server, "vodapp", (t) => sql`UPDATE ${t("vods")} SET status = 'ready', size_bytes = id * 100, file_key = 'vodapp/recordings/' || id || '.mp4' WHERE id IN (2, 4)`);
    await appRows(server, "vodapp", (t) => sql`UPDATE ${t("vods")} SET status = 'failed', size_bytes = 50, failure_reason = 'upload_failed', failure_detail = 'bucket missing' WHERE id = 5`);
  });
  after(async () => {
    await server?.close();
    await minio?.close();
  });

  it("lists newest id first by default, with total, limit and offset", async () => {
    const p = await page("");
    assert.deepEqual(p.data.map((v) => v.id), [5, 4, 3, 2, 1]);
    assert.deepEqual([p.total, p.limit, p.offset], [5, 200, 0]);
    assert.deepEqual(await ids("?limit=2&offset=1"), [4, 3]);
    assert.equal((await page("?limit=2&offset=1")).total, 5);
  });

  it("filters by room and status, and by started_at with both bounds inclusive", async () => {
    assert.deepEqual(await ids("?room=lobby"), [5, 3, 1]);
    assert.deepEqual(await ids("?status=ready"), [4, 2]);
    assert.deepEqual(await ids("?room=stage&status=ready"), [4, 2]);
    assert.deepEqual(await ids("?since=2026-01-02T10:00:00Z&until=2026-01-04T10:00:00Z"), [4, 3, 2]);
    // An offset is the same instant: 12:00+02:00 is 10:00Z.
    assert.deepEqual(await ids(`?until=${encodeURIComponent("2026-01-02T12:00:00+02:00")}`), [2, 1]);
  });

  it("orders by started_at, size_bytes or id in either direction", async () => {
    assert.deepEqual(await ids("?order=started_at&dir=asc"), [1, 2, 3, 4, 5]);
    // NULL sizes sort first ascending in SQLite; ties break on id.
    assert.deepEqual(await ids("?order=size_bytes&dir=asc"), [1, 3, 5, 2, 4]);
    assert.deepEqual(await ids("?order=size_bytes"), [4, 2, 5, 3, 1]);
  });

  it("clamps limit to 1..1000 and returns every match with all=1", async () => {
    assert.equal((await page("?limit=0")).limit, 1);
    assert.equal((await page("?limit=5000")).limit, 1000);
    const all = await page("?all=1&limit=2");
    assert.deepEqual([all.data.length, all.total, all.limit, all.offset], [5, 5, 5, 0]);
  });

  it("refuses bad filters with 400 validation_failed and a message naming the field", async () => {
    for (const q of ["?status=done", "?since=yesterday", "?order=name", "?dir=up", "?all=yes", "?offset=-1", "?since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z"]) {
      const res = await get(`/vods${q}`);
      assert.equal(res.status, 400, q);
      assert.equal(errorOf(res).code, "validation_failed", q);
    }
    assert.equal((await get("/vods/abc")).status, 400);
    assert.equal((await get("/vods/0")).status, 400);
  });

  it("answers 404 for a VOD the app does not have", async () => {
    const res = await get("/vods/999");
    assert.equal(res.status, 404);
    assert.equal(errorOf(res).code, "not_found");
  });

  it("shows a failure's reason and detail", async () => {
    const vod = dataOf<VodView>(await get("/vods/5"));
    assert.deepEqual(vod.failure, { reason: "upload_failed", detail: "bucket missing" });
    assert.equal(vod.url, null);
  });

  it("presigns a detail URL that downloads the object from the app's bucket", async () => {
    assert.equal((await server.request("PUT", "/api/v1/apps/vodapp/s3", {
      token: server.rootToken,
      body: { provider: "s3-compatible", bucket: "vods", region: minio.region, endpoint: minio.endpoint, key: minio.accessKey, secret: minio.secretKey },
    })).status, 200);
    await minio.s3.send(new PutObjectCommand({ Bucket: "vods", Key: "vodapp/recordings/2.mp4", Body: "not really an mp4" }));
    const vod = dataOf<VodView>(await get("/vods/2"));
    assert.ok(vod.presignedUrl?.startsWith(`${minio.endpoint}/vods/vodapp/recordings/2.mp4?`), String(vod.presignedUrl));
    assert.equal(vod.url, vod.presignedUrl);
    assert.equal(vod.publicUrl, null);
    const download = await fetch(vod.presignedUrl ?? "");
    assert.equal(download.status, 200);
    assert.equal(await download.text(), "not really an mp4");
    // The list does not presign (a page of 1000 would sign 1000 URLs); the detail does.
    assert.equal((await page("?status=ready")).data[0]?.presignedUrl, null);
  });

  it("uses <public_url>/<key> as the URL once the app has a public URL", async () => {
    assert.equal((await server.request("PUT", "/api/v1/apps/vodapp/s3", { token: server.rootToken, body: { public_url: "https://cdn.example.com/media/", confirmPublic: true } })).status, 200);
    const vod = dataOf<VodView>(await get("/vods/4"));
    assert.equal(vod.publicUrl, "https://cdn.example.com/media/vodapp/recordings/4.mp4");
    assert.equal(vod.url, vod.publicUrl);
    assert.equal((await page("?status=ready")).data[0]?.url, "https://cdn.example.com/media/vodapp/recordings/4.mp4");
  });

  it("streams /raw whole (200) and as a range (206) with the pipeline's X-Request-Id and X-RateLimit-* headers", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const file = join(mkdtempSync(join(tmpdir(), "vod-raw-")), "rec-lobby.mp4");
    const bytes = Buffer.from(Array.from({ length: 600_000 }, (_, i) => i % 251));
    writeFileSync(file, bytes);
    await appRows(server, "vodapp", (t) => sql`UPDATE ${t("vods")} SET local_path = ${file} WHERE id = 2`);
    const raw = async (headers: Record<string, string>) => {
      const res = await fetch(`${server.url}/api/v1/apps/vodapp/vods/2/raw`, { headers: { authorization: `Bearer ${server.rootToken}`, ...headers } });
      return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
    };

    const whole = await raw({ "x-request-id": "raw-whole-1" });
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get("x-request-id"), "raw-whole-1");
    assert.equal(whole.headers.get("content-disposition"), 'attachment; filename="rec-lobby.mp4"; filename*=UTF-8\'\'rec-lobby.mp4');
    assert.equal(Buffer.compare(whole.body, bytes), 0, "the whole file");
    const part = await raw({ "x-request-id": "raw-range-1", range: "bytes=100-199" });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get("x-request-id"), "raw-range-1");
    assert.equal(part.headers.get("content-range"), `bytes 100-199/${bytes.length}`);
    assert.equal(Buffer.compare(part.body, bytes.subarray(100, 200)), 0);
    for (const res of [whole, part]) {
      assert.ok(Number(res.headers.get("x-ratelimit-limit")) > 0, "X-RateLimit-Limit");
      assert.ok(Number(res.headers.get("x-ratelimit-reset")) >= 1, "X-RateLimit-Reset");
    }
    assert.equal(Number(part.headers.get("x-ratelimit-remaining")), Number(whole.headers.get("x-ratelimit-remaining")) - 1);
    // A generated id when the caller sends none, as on every answer.
    assert.match((await raw({})).headers.get("x-request-id") ?? "", /^[0-9a-f]{12}-/);
  });
});
