import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { acceptWebhook, addCamera, createApp, listVods, mintJoinToken } from "../../client/examples/quickstart.ts";
import { generatedSchema, SCHEMA_FILE } from "../../client/scripts/schema.ts";
import { createServiceClient, ServiceError, unwrap, verifyWebhook, type ServiceClient } from "../../client/src/index.ts";
import { serviceSignature } from "../../src/events/signing.ts";
import { Receiver } from "../helpers/receiver.ts";
import { startServer, UNREACHABLE_LIVEKIT, type TestServer } from "../helpers/server.ts";

describe("the typed client package (issue 31)", () => {
  let server: TestServer;
  let receiver: Receiver;
  let api: ServiceClient;

  before(async () => {
    receiver = await Receiver.start();
    server = await startServer({ ...UNREACHABLE_LIVEKIT, SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    api = createServiceClient({ baseUrl: server.url, token: server.rootToken });
  });
  after(async () => {
    await server.close();
    await receiver.close();
  });

  it("client/src/schema.d.ts is what `npm run client:generate` makes of the service as it is", async () => {
    const committed = readFileSync(SCHEMA_FILE, "utf8");
    assert.ok(committed === (await generatedSchema()), "client/src/schema.d.ts is stale: run `npm run client:generate` and commit the result");
  });

  it("runs the examples: an app, a camera, a join token, the VOD list", async () => {
    const app = (await createApp(api, "client-demo")) as { name: string };
    assert.equal(app.name, "client-demo");

    const camera = (await addCamera(api, "client-demo", "front-door")) as { room: string; streamKey: string };
    assert.equal(camera.room, "client-demo-front-door", "the app's room prefix applies");
    assert.match(camera.streamKey, /^\S{20,}$/);

    const join = (await mintJoinToken(api, "client-demo", "lobby", "alice")) as { token: string; room: string; identity: string };
    assert.deepEqual([join.room, join.identity], ["client-demo-lobby", "alice"]);
    assert.equal(join.token.split(".").length, 3, "a JWT");

    assert.deepEqual(await listVods(api, "client-demo"), { data: [], total: 0, limit: 20, offset: 0, error: null });
  });

  it("turns the service's error body into a ServiceError with its code, status and request id", async () => {
    await assert.rejects(createApp(api, "client-demo"), (err: unknown) => {
      assert.ok(err instanceof ServiceError);
      assert.equal(err.status, 409);
      assert.equal(err.code, "conflict");
      assert.match(err.requestId ?? "", /\S/);
      return true;
    });
    const anonymous = createServiceClient({ baseUrl: server.url });
    await assert.rejects(createApp(anonymous, "nobody"), { name: "ServiceError", status: 401, code: "unauthorized" });
    await assert.rejects(
      async () => unwrap(await api.POST("/api/v1/apps", { body: { name: "Not A Slug!" } })),
      (err: unknown) => err instanceof ServiceError && err.code === "validation_failed" && Array.isArray(err.details),
    );
  });

  it("verifies a real delivery's signature, and refuses a changed body, another secret or no signature", async () => {
    const secret = "client-test-secret";
    await createApp(api, "client-hooks");
    const path = { app: "client-hooks" };
    unwrap(await api.PUT("/api/v1/apps/{app}/config/raw", { params: { path }, body: { yaml: `callbacks:\n  url: ${receiver.url("/hooks")}\n` } }));
    unwrap(await api.PATCH("/api/v1/apps/{app}", { params: { path }, body: { callbackSecret: secret } }));
    server.app.events.emit("client-hooks", "chat_message", "lobby", { room: "lobby", from: "tester", message: "hi", ts: new Date().toISOString() });
    await receiver.until(() => receiver.received.length === 1);
    const delivery = receiver.received[0];
    assert.ok(delivery);
    const headers = new Headers(Object.entries(delivery.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])));

    const event = await acceptWebhook(secret, delivery.raw, headers);
    assert.deepEqual([event?.event, event?.app, event?.room], ["chat_message", "client-hooks", "lobby"]);
    const changed = Buffer.from(delivery.raw.toString("utf8").replace('"hi"', '"ho"'));
    assert.equal(await acceptWebhook(secret, changed, headers), undefined);
    assert.equal(await acceptWebhook("another-secret", delivery.raw, headers), undefined);
    assert.equal(await acceptWebhook(secret, delivery.raw, new Headers()), undefined);
    // A string body and the service's own signer agree with the bytes case.
    const text = '{"id":"x"}';
    assert.equal(await verifyWebhook({ secret, body: text, signature: serviceSignature(secret, text) }), true);
    assert.equal(await verifyWebhook({ secret, body: text, signature: serviceSignature(secret, text).replace("sha256=", "sha1=") }), false);
  });
});
