import assert from "node:assert/strict";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { after, before, describe, it } from "node:test";
import { startMinio, type Minio } from "../helpers/minio.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * The app's S3 block against a real S3-compatible server: the client the service builds from the
 * block and its stored keys reaches the bucket, and a change of keys takes effect without a
 * restart. The recording and VOD tests build on the same MinIO helper.
 */
describe("S3 block against MinIO", () => {
  let minio: Minio;
  let server: TestServer;
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });

  before(async () => {
    minio = await startMinio();
    await minio.createBucket("vods");
    server = await startServer({ SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    assert.equal((await call("POST", "/api/v1/apps", { name: "stored" })).status, 201);
  });
  after(async () => {
    await server?.close();
    await minio?.close();
  });

  it("writes and reads an object through the client built from the block and its stored keys", async () => {
    const res = await call("PUT", "/api/v1/apps/stored/s3", {
      provider: "s3-compatible",
      bucket: "vods",
      region: minio.region,
      endpoint: minio.endpoint,
      key: minio.accessKey,
      secret: minio.secretKey,
    });
    assert.equal(res.status, 200, res.text);
    const s3 = server.app.s3.get("stored");
    assert.ok(s3);
    await s3.client.send(new PutObjectCommand({ Bucket: "vods", Key: "probe/hello.txt", Body: "hello" }));
    const got = await s3.client.send(new GetObjectCommand({ Bucket: "vods", Key: "probe/hello.txt" }));
    assert.equal(await got.Body?.transformToString(), "hello");
    assert.deepEqual(await minio.keys("vods"), ["probe/hello.txt"]);
  });

  it("uses new keys at once: a wrong secret is refused by the server on the next call", async () => {
    assert.equal((await call("PUT", "/api/v1/apps/stored/s3", { secret: "not-the-right-secret" })).status, 200);
    const s3 = server.app.s3.get("stored");
    assert.ok(s3);
    await assert.rejects(
      s3.client.send(new PutObjectCommand({ Bucket: "vods", Key: "probe/refused.txt", Body: "no" })),
      (err: Error) => err.name === "SignatureDoesNotMatch",
    );
    assert.equal((await call("PUT", "/api/v1/apps/stored/s3", { secret: minio.secretKey })).status, 200);
    await server.app.s3.get("stored")?.client.send(new PutObjectCommand({ Bucket: "vods", Key: "probe/again.txt", Body: "yes" }));
    assert.deepEqual(await minio.keys("vods", "probe/"), ["probe/again.txt", "probe/hello.txt"]);
  });

  it("sees an outage and the recovery: MinIO stopped and started on the same port and data", async () => {
    const s3 = server.app.s3.get("stored");
    assert.ok(s3);
    await minio.stop();
    await assert.rejects(s3.client.send(new GetObjectCommand({ Bucket: "vods", Key: "probe/hello.txt" })));
    await minio.start();
    const got = await s3.client.send(new GetObjectCommand({ Bucket: "vods", Key: "probe/hello.txt" }));
    assert.equal(await got.Body?.transformToString(), "hello");
  });
});
