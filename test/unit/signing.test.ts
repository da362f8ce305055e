import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { describe, it } from "node:test";
import { deliveryHeaders, serviceSignature, standardSignature } from "../../src/events/signing.ts";

describe("webhook signing", () => {
  it("matches GitHub's published sha256= test vector, which uses the same scheme", () => {
    // docs.github.com, "Validating webhook deliveries": secret and payload with the expected header.
    assert.equal(serviceSignature("It's a Secret to Everybody", "Hello, World!"), "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");
  });

  it("signs Standard Webhooks' id.timestamp.body with the same secret, base64", () => {
    const expected = createHmac("sha256", "s3cret").update("msg_1.1700000000.{\"a\":1}").digest("base64");
    assert.equal(standardSignature("s3cret", "msg_1", 1700000000, '{"a":1}'), `v1,${expected}`);
  });

  it("sends both signatures with a secret and neither without one", () => {
    const d = { id: "6f1c", event: "stream_started", emittedAt: "2026-11-21T00:00:00.000Z", body: "{}" };
    const signed = deliveryHeaders(d, "k", 1_700_000_000_123);
    assert.equal(signed["x-service-delivery"], "6f1c");
    assert.equal(signed["webhook-id"], "6f1c");
    assert.equal(signed["webhook-timestamp"], "1700000000");
    assert.equal(signed["user-agent"], "service-core/callbacks");
    assert.match(signed["x-service-signature"] ?? "", /^sha256=[0-9a-f]{64}$/);
    assert.match(signed["webhook-signature"] ?? "", /^v1,[A-Za-z0-9+/]+=*$/);
    const unsigned = deliveryHeaders(d, undefined, 0);
    assert.equal(unsigned["x-service-signature"], undefined);
    assert.equal(unsigned["webhook-signature"], undefined);
  });
});
