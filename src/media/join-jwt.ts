import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { claimsToJwtPayload, type ClaimGrants, type VideoGrant } from "livekit-server-sdk";

/** `{"alg":"HS256"}`, the protected header livekit-server-sdk's AccessToken writes. */
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256" })).toString("base64url");

export interface JoinClaims {
  readonly identity: string;
  readonly name?: string;
  readonly metadata?: string;
  readonly attributes?: Record<string, string>;
  readonly ttlSeconds: number;
  readonly grant: VideoGrant;
}

/**
 * Signs a LiveKit join token synchronously with one HMAC. It writes the claims AccessToken
 * writes, in its key order (metadata, attributes, name, video, then iss, exp, nbf, sub, as
 * `AccessToken.toJwt` sets them on jose's SignJWT), so the token is byte for byte the one the
 * SDK makes in the same second; a unit test holds it to that. The SDK's own path costs an async
 * key import and several objects per token, which dominated minting.
 */
export class JoinTokenSigner {
  private readonly key: KeyObject;

  constructor(
    private readonly apiKey: string,
    apiSecret: string,
  ) {
    this.key = createSecretKey(Buffer.from(apiSecret, "utf8"));
  }

  sign(claims: JoinClaims, nowSeconds = Math.floor(Date.now() / 1000)): string {
    const grants: ClaimGrants = {};
    if (claims.metadata) grants.metadata = claims.metadata;
    if (claims.attributes) grants.attributes = claims.attributes;
    if (claims.name) grants.name = claims.name;
    grants.video = { ...claims.grant };
    const payload = { ...claimsToJwtPayload(grants), iss: this.apiKey, exp: nowSeconds + claims.ttlSeconds, nbf: nowSeconds, sub: claims.identity };
    const signed = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
    return `${signed}.${createHmac("sha256", this.key).update(signed).digest("base64url")}`;
  }
}
