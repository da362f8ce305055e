import { createHash } from "node:crypto";
import { AccessToken } from "livekit-server-sdk";

/**
 * The headers LiveKit signs a webhook body with: a JWT from its API key whose `sha256` claim
 * covers the exact bytes. Tests use it to send the events a worker they cannot run (LiveKit's
 * ingress, a recorder) would make LiveKit send.
 */
export async function webhookHeaders(apiKey: string, apiSecret: string, body: string): Promise<Record<string, string>> {
  const token = new AccessToken(apiKey, apiSecret);
  token.sha256 = createHash("sha256").update(body).digest("base64");
  return { authorization: await token.toJwt(), "content-type": "application/webhook+json" };
}

/** Posts one signed event to the service's LiveKit webhook and returns the status it answered. */
export async function postWebhook(serviceUrl: string, apiKey: string, apiSecret: string, event: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify(event);
  const res = await fetch(`${serviceUrl}/webhooks/livekit`, { method: "POST", body, headers: await webhookHeaders(apiKey, apiSecret, body) });
  await res.arrayBuffer();
  return res.status;
}
