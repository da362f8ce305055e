import { createHmac } from "node:crypto";

/**
 * SPEC 6.1's signature: `sha256=` and the hex HMAC-SHA256 of the exact bytes sent, keyed with the
 * app's `callbacks.secret`. GitHub signs its webhooks the same way, so receivers can reuse their
 * verifiers.
 */
export function serviceSignature(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * The Standard Webhooks signature (standardwebhooks.com): `v1,` and the base64 HMAC-SHA256 of
 * `<id>.<unix seconds>.<body>`. The spec's own signature covers the body alone, so a captured
 * delivery could be replayed forever; this one binds the attempt's time, and receivers reject
 * timestamps outside a tolerance. The key is the secret's UTF-8 bytes (Standard Webhooks
 * libraries take it base64-encoded: pass them `base64(secret)`).
 */
export function standardSignature(secret: string, id: string, unixSeconds: number, body: string | Buffer): string {
  const mac = createHmac("sha256", secret).update(`${id}.${unixSeconds}.`).update(body).digest("base64");
  return `v1,${mac}`;
}

/** Every header of one delivery attempt (SPEC 6.1 plus Standard Webhooks); unsigned without a secret. */
export function deliveryHeaders(d: { id: string; event: string; emittedAt: string; body: string }, secret: string | undefined, attemptAt: number): Record<string, string> {
  const seconds = Math.floor(attemptAt / 1000);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "service-core/callbacks",
    "x-service-event": d.event,
    "x-service-delivery": d.id,
    "x-service-timestamp": d.emittedAt,
    "webhook-id": d.id,
    "webhook-timestamp": String(seconds),
  };
  if (secret) {
    headers["x-service-signature"] = serviceSignature(secret, d.body);
    headers["webhook-signature"] = standardSignature(secret, d.id, seconds, d.body);
  }
  return headers;
}
