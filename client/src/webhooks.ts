/**
 * Checks the `X-Service-Signature` of a webhook delivery (SPEC 6.1): `sha256=` and the hex
 * HMAC-SHA256 of the exact bytes received, keyed with the app's `callbacks.secret`. Pass the raw
 * body, never JSON parsed and serialized again: any byte of difference fails the check. Uses Web
 * Crypto, whose verify compares in constant time, so it runs in Node 20+, Deno, Bun, browsers and
 * edge workers alike.
 */
export async function verifyWebhook(delivery: {
  readonly secret: string;
  readonly body: string | Uint8Array;
  /** The `X-Service-Signature` header; absent when the app has no secret. */
  readonly signature: string | null | undefined;
}): Promise<boolean> {
  const mac = /^sha256=([0-9a-f]{64})$/i.exec(delivery.signature ?? "")?.[1];
  if (mac === undefined) return false;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(delivery.secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const body = typeof delivery.body === "string" ? encoder.encode(delivery.body) : delivery.body;
  const expected = Uint8Array.from(mac.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  return crypto.subtle.verify("HMAC", key, expected, body);
}
