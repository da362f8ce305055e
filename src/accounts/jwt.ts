import { createSecretKey, type KeyObject } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

const ISSUER = "service-core";
/** SPEC 2.3: a sign-in is good for about 12 hours. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

export interface SessionClaims {
  readonly userId: number;
  /** Null for tokens minted before sessions existed; they stay valid until they expire. */
  readonly sessionId: string | null;
}

/** HS256 JWTs for humans, signed with SERVICE_JWT_SECRET. */
export class SessionTokens {
  /** A KeyObject, so jose does not import the raw secret again on every signature and check. */
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, "utf8"));
  }

  sign(claims: { userId: number; sessionId: string }): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** Undefined for a bad signature, another algorithm, an expired token or a malformed subject. */
  async verify(token: string): Promise<SessionClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], issuer: ISSUER });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0) return undefined;
      const sid = payload["sid"];
      return { userId, sessionId: typeof sid === "string" ? sid : null };
    } catch {
      return undefined;
    }
  }
}
