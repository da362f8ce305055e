/**
 * The client's examples, each one call a new integration makes. The integration test
 * `test/integration/client.test.ts` runs every one of them against a real service, so they stay
 * true. Run them all against a server of your own with
 * `SERVICE_URL=http://localhost:8080 SERVICE_TOKEN=sk_… node --import tsx client/examples/quickstart.ts`.
 */
import { createServiceClient, unwrap, verifyWebhook, type ServiceClient } from "../src/index.ts";

/** An app: the tenant unit every room, camera and recording belongs to. */
export async function createApp(api: ServiceClient, name: string) {
  return unwrap(await api.POST("/api/v1/apps", { body: { name, displayName: `The ${name} app` } }));
}

/** A LiveKit join token for one person in one room (the app needs a media server configured). */
export async function mintJoinToken(api: ServiceClient, app: string, room: string, identity: string) {
  return unwrap(await api.POST("/api/v1/apps/{app}/tokens", { params: { path: { app } }, body: { room, identity, canPublish: true } }));
}

/** A camera: a key an MJPEG camera streams into over WebSocket; its `streamKey` is shown this once. */
export async function addCamera(api: ServiceClient, app: string, room: string) {
  return unwrap(await api.POST("/api/v1/apps/{app}/ws-ingest", { params: { path: { app } }, body: { room } }));
}

/** One page of the app's recordings: `{ data, total, limit, offset }`. */
export async function listVods(api: ServiceClient, app: string) {
  return (await api.GET("/api/v1/apps/{app}/vods", { params: { path: { app }, query: { limit: 20 } } })).data;
}

/**
 * A webhook receiver's first step: refuse a delivery whose signature does not match the raw body
 * (read the body as bytes; a framework's parsed JSON is not what was signed).
 */
export async function acceptWebhook(secret: string, rawBody: Uint8Array, headers: Headers) {
  if (!(await verifyWebhook({ secret, body: rawBody, signature: headers.get("x-service-signature") }))) return undefined;
  return JSON.parse(new TextDecoder().decode(rawBody)) as { id: string; event: string; app: string; room: string; data: Record<string, unknown> };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const api = createServiceClient({ baseUrl: process.env["SERVICE_URL"] ?? "http://localhost:8080", token: process.env["SERVICE_TOKEN"] });
  const name = `example-${Date.now().toString(36)}`;
  console.log("app", await createApp(api, name));
  console.log("camera", await addCamera(api, name, "front-door"));
  console.log("vods", await listVods(api, name));
  console.log("join token", await mintJoinToken(api, name, "lobby", "alice").catch((err: Error) => err.message));
}
