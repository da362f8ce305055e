import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AccessToken, TrackSource, type VideoGrant } from "livekit-server-sdk";
import { JoinTokenSigner, type JoinClaims } from "../../src/media/join-jwt.ts";

const KEY = "APIkey123";
const SECRET = "a-secret-that-is-long-enough-for-hs256-signing";

/** The SDK's token for the same claims, made within the same wall-clock second as ours. */
async function sameSecond(claims: JoinClaims): Promise<{ ours: string; sdk: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const second = Math.floor(Date.now() / 1000);
    const token = new AccessToken(KEY, SECRET, { identity: claims.identity, name: claims.name, metadata: claims.metadata, attributes: claims.attributes, ttl: claims.ttlSeconds });
    token.addGrant(claims.grant);
    const sdk = await token.toJwt();
    const ours = new JoinTokenSigner(KEY, SECRET).sign(claims, second);
    if (Math.floor(Date.now() / 1000) === second) return { ours, sdk };
  }
  throw new Error("the clock kept crossing a second boundary");
}

const grant: VideoGrant = { room: "demo-lobby", roomJoin: true, canPublish: true, canSubscribe: true, canPublishData: true, hidden: false, recorder: false };

describe("join-token signer", () => {
  const cases: Array<[string, JoinClaims]> = [
    ["a bare subscriber", { identity: "viewer-1", ttlSeconds: 600, grant: { room: "r", roomJoin: true, canPublish: false, canSubscribe: true } }],
    ["a publisher with name, metadata and attributes", { identity: "cam-1", name: "Camera", metadata: '{"seat":4}', attributes: { "service.app": "demo", "service.role": "publisher" }, ttlSeconds: 21600, grant }],
    ["an audio-only publisher (track sources become strings)", { identity: "mic", ttlSeconds: 60, grant: { ...grant, canPublishSources: [TrackSource.MICROPHONE] } }],
    ["unicode in every free-text claim", { identity: "ünï-😀", name: "Zoë", metadata: "“quoted”", ttlSeconds: 3600, grant }],
  ];
  for (const [label, claims] of cases) {
    it(`writes byte for byte the token livekit-server-sdk writes: ${label}`, async () => {
      const { ours, sdk } = await sameSecond(claims);
      assert.equal(ours, sdk);
    });
  }

  it("does not change the grant it was given", () => {
    const given: VideoGrant = { ...grant, canPublishSources: [TrackSource.CAMERA] };
    new JoinTokenSigner(KEY, SECRET).sign({ identity: "x", ttlSeconds: 10, grant: given });
    assert.deepEqual(given.canPublishSources, [TrackSource.CAMERA]);
  });
});
