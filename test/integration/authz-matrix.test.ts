import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { appOf } from "../../src/auth/caller.ts";
import { ok } from "../../src/http/reply.ts";
import { defineRoute } from "../../src/http/route.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { acceptInvite, account, claimsOf, createToken, forgeJwt, invite, login, signup } from "../helpers/identity.ts";
import { assertCovered } from "../helpers/route-coverage.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * The authorization matrix: every route that exists, called with every kind of credential, and
 * the status each must get. Every route the service mounts needs a row here or a reason in EXEMPT:
 * a new route without either fails the coverage test below.
 */
const KINDS = [
  "anonymous",
  "revokedToken",
  "otherTenantAppToken",
  "appToken",
  "globalToken",
  "member",
  "owner",
  "superadmin",
  "revokedSession",
  "expiredJwt",
  "badSignatureJwt",
  "disallowedIpToken",
] as const;
type Kind = (typeof KINDS)[number];

/** Statuses in KINDS order. */
type Row = readonly [method: string, path: string, expected: readonly number[], body?: unknown];

// Probe routes exercise the guard alone, with handlers that cannot fail: tenancy through {app},
// and one route per role permission level.
const probeRoutes = [
  defineRoute({ method: "GET", path: "/api/v1/apps/{app}/probe", auth: "any", app: true, permission: "app:read", handler: async (ctx) => ok({ app: appOf(ctx).name }) }),
  defineRoute({ method: "POST", path: "/api/v1/apps/{app}/probe", auth: "any", app: true, permission: "config:write", handler: async (ctx) => ok({ app: appOf(ctx).name }) }),
  defineRoute({ method: "DELETE", path: "/api/v1/apps/{app}/probe", auth: "any", app: true, permission: "app:delete", handler: async (ctx) => ok({ app: appOf(ctx).name }) }),
];

//          anon revTok otherApp appTok global member owner super revSess expired badSig badIp
const ROUTES: Row[] = [
  ["GET", "/health", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/ready", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/api/v1/auth/config", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/auth/magic", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/api/v1/stats", [401, 401, 200, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/logs", [401, 401, 200, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/logs", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/debug/actors", [401, 401, 403, 403, 200, 403, 403, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/tokens", [401, 401, 200, 200, 200, 403, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/tokens", [401, 401, 404, 201, 201, 403, 201, 201, 401, 401, 401, 403], "appTokenForAlpha"],
  ["DELETE", "/api/v1/tokens/999999", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["GET", "/api/v1/auth/sessions", [401, 401, 403, 403, 403, 200, 200, 200, 401, 401, 401, 403]],
  ["DELETE", "/api/v1/auth/sessions/sess_unknown", [401, 401, 403, 403, 403, 404, 404, 404, 401, 401, 401, 403]],
  ["GET", "/api/v1/account", [401, 401, 403, 403, 403, 200, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/account/password", [401, 401, 403, 403, 403, 401, 401, 401, 401, 401, 401, 403], { currentPassword: "not it at all", newPassword: "irrelevant passphrase" }],
  ["POST", "/api/v1/account/2fa/enable", [401, 401, 403, 403, 403, 409, 409, 409, 401, 401, 401, 403], { code: "123456" }],
  ["GET", "/api/v1/tenant", [401, 401, 403, 403, 403, 200, 200, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/tenant/invites", [401, 401, 403, 403, 403, 403, 201, 403, 401, 401, 401, 403], "invite"],
  ["GET", "/api/v1/apps", [401, 401, 200, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps", [401, 401, 201, 201, 201, 403, 201, 201, 401, 401, 401, 403], "newApp"],
  ["GET", "/api/v1/apps/alpha", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/sizes", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["PATCH", "/api/v1/apps/alpha", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403], { displayName: "Alpha" }],
  ["GET", "/api/v1/apps/alpha/config/raw", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/config/raw/validate", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403], { yaml: "display_name: A\n" }],
  ["GET", "/api/v1/apps/alpha/config/backups", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/reload", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/presets", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/presets/low-latency/apply", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/s3", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["PUT", "/api/v1/apps/alpha/s3", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403], { region: "eu-west-1" }],
  ["GET", "/api/v1/apps/alpha/mqtt", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["PUT", "/api/v1/apps/alpha/mqtt", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403], { qos: 1 }],
  ["GET", "/api/v1/apps/alpha/config", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["PATCH", "/api/v1/apps/alpha/config", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403], { vodAdaptive: true }],
  ["GET", "/api/v1/apps/alpha/transcoding/layers", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/stats", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/beta", [401, 401, 200, 404, 200, 404, 404, 200, 401, 401, 401, 403]],
  // No media server in this run: a caller who passes the guard reaches the 503.
  ["POST", "/api/v1/apps/alpha/tokens", [401, 401, 404, 503, 503, 503, 503, 503, 401, 401, 401, 403], {}],
  ["GET", "/api/v1/apps/alpha/play-token/lobby", [404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404]],
  ["GET", "/api/v1/apps/alpha/radio/lobby/listen-token", [404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404]],
  ["GET", "/api/v1/apps/alpha/streams", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/streams/1", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["DELETE", "/api/v1/apps/alpha/streams/1", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/streams/1/restream", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403], { platform: "twitch", key: "live_123" }],
  ["GET", "/api/v1/apps/alpha/streams/1/restream", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["DELETE", "/api/v1/apps/alpha/streams/1/restream/RS_x", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/plugins", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/plugins/public", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/api/v1/apps/alpha/plugins/yolo", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/plugins/yolo/install", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403]],
  // deface is never installed here, and yolo never enabled: the allowed callers get the 409 that says so.
  ["PATCH", "/api/v1/apps/alpha/plugins/deface", [401, 401, 404, 409, 409, 403, 409, 409, 401, 401, 401, 403], { enabled: false }],
  ["DELETE", "/api/v1/apps/alpha/plugins/deface", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/plugins/yolo/worker/start", [401, 401, 404, 409, 409, 403, 409, 409, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/plugins/yolo/worker/stop", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/plugins/yolo/worker/status", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/plugins/yolo/logs", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/plugins/yolo/detections", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/hls/alpha-lobby-20261125T024901135Z/live.m3u8", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/streams/1/data", [401, 401, 404, 503, 503, 503, 503, 503, 401, 401, 401, 403], { type: "chat", message: "hi" }],
  ["POST", "/api/v1/apps/alpha/ingress", [401, 401, 404, 503, 503, 403, 503, 503, 401, 401, 401, 403], { inputType: "rtmp" }],
  // Listing needs no media server (LiveKit is asked only about ingresses of its, and there are none).
  ["GET", "/api/v1/apps/alpha/ingress", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/ingress/IN_x", [401, 401, 404, 503, 503, 503, 503, 503, 401, 401, 401, 403]],
  ["DELETE", "/api/v1/apps/alpha/ingress/IN_x", [401, 401, 404, 503, 503, 403, 503, 503, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/ingress/IN_x/validate", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403], { password: "x" }],
  ["POST", "/api/v1/apps/alpha/ws-ingest", [401, 401, 404, 201, 201, 403, 201, 201, 401, 401, 401, 403], { room: "door" }],
  ["GET", "/api/v1/apps/alpha/ws-ingest", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/callbacks/deliveries", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/callbacks/deliveries/00000000-0000-4000-8000-000000000000", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/callbacks/deliveries/00000000-0000-4000-8000-000000000000/redeliver", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["DELETE", "/api/v1/apps/alpha/ws-ingest/wsi_unknown", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/ws-ingest/live/door", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  // Public playback is off on alpha and no media server can verify play tokens: 401 for everyone.
  ["GET", "/live/alpha/alpha-door/mjpeg", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/live/alpha/alpha-door/frame.jpg", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/live/alpha/alpha-door/detections.json", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  // A pulled camera's LL-HLS (issue 33), under the same rule.
  ["GET", "/live/alpha/alpha-door/index.m3u8", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/live/alpha/alpha-door/hls/stream.m3u8", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/live/alpha/alpha-door/hls/init0.mp4", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/live/alpha/alpha-door/h264/stream.m3u8", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/live/alpha/alpha-door/h264/init0.mp4", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  // The camera timeline's rewind playlist (issue 34) and its files, under the same rule.
  ["GET", "/live/alpha/alpha-door/dvr.m3u8?since=-60", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/live/alpha/alpha-door/dvr/1.mp4", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/live/alpha/alpha-door/dvr/live/init0.mp4", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/play/alpha/alpha-door", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  // Public playback is off on alpha and no token is given: the player route says why, to everyone.
  ["GET", "/api/v1/apps/alpha/player/alpha-door", [401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]],
  ["GET", "/sdk/service-player.js", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/sdk/livekit-client.umd.js", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/api/v1/audit", [401, 401, 403, 403, 200, 403, 403, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/audit", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403]],
  // No media server is configured here: the allowed callers reach the ingress lookup's 503.
  ["POST", "/api/v1/apps/alpha/ingress/IN_x/reset", [401, 401, 404, 503, 503, 403, 503, 503, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/ingress/IN_x/disable", [401, 401, 404, 503, 503, 403, 503, 503, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/ingress/IN_x/enable", [401, 401, 404, 503, 503, 403, 503, 503, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/ws-ingest/wsi_unknown/reset", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/ws-ingest/wsi_unknown/disable", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/ws-ingest/wsi_unknown/enable", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["GET", "/api/v1/openapi.json", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/", [302, 302, 302, 302, 302, 302, 302, 302, 302, 302, 302, 302]],
  ["GET", "/console", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/console/assets/main.js", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/api/v1/docs", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/api/v1/docs/swagger-ui.css", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/embed/alpha/alpha-door", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["GET", "/api/v1/apps/alpha/media-server", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["PUT", "/api/v1/apps/alpha/media-server", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403], { apiKey: "" }],
  ["POST", "/webhooks/livekit", [503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503], "{}"],
  ["GET", "/api/v1/apps/alpha/probe", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/probe", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403]],
  ["DELETE", "/api/v1/apps/alpha/probe", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/beta/probe", [401, 401, 200, 404, 200, 404, 404, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/nonexistent/probe", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  // Public sign-in routes: a body that fails validation answers every kind the same 400, so the
  // row cannot lock an account out or send mail.
  ["POST", "/api/v1/auth/login", [400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400], {}],
  ["POST", "/api/v1/auth/signup", [400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400], {}],
  ["POST", "/api/v1/auth/magic/request", [400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400], {}],
  ["POST", "/api/v1/auth/magic/verify", [400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 400], {}],
  ["GET", "/metrics", [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]],
  ["POST", "/api/v1/webhooks/livekit", [503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503], "{}"],
  ["GET", "/api/v1/apps/alpha/config/backups/20000101T000000Z", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/config/backups/20000101T000000Z/revert", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["PUT", "/api/v1/apps/alpha/config/raw", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403], { yaml: "display_name: Alpha\n" }],
  // 2FA is off for everyone here: disable has nothing to turn off; setup (after enable's row)
  // leaves a pending secret only.
  ["POST", "/api/v1/account/2fa/disable", [401, 401, 403, 403, 403, 409, 409, 409, 401, 401, 401, 403], { code: "123456" }],
  ["POST", "/api/v1/account/2fa/setup", [401, 401, 403, 403, 403, 200, 200, 200, 401, 401, 401, 403]],
  ["DELETE", "/api/v1/auth/sessions", [401, 401, 403, 403, 403, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/system/settings", [401, 401, 403, 403, 200, 403, 403, 200, 401, 401, 401, 403]],
  // The matrix's server has no SERVICE_CLUSTER_TOKEN: the node routes answer 503 to everyone (cluster.test.ts covers the token).
  ["POST", "/api/v1/cluster/join", [503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503], { name: "edge", ip: "10.0.0.1" }],
  ["POST", "/api/v1/cluster/heartbeat", [503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503], { nodeId: "nd_x" }],
  ["GET", "/api/v1/cluster/info", [401, 401, 403, 403, 200, 403, 403, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/cluster/nodes", [401, 401, 403, 403, 200, 403, 403, 200, 401, 401, 401, 403]],
  ["PATCH", "/api/v1/cluster/nodes/nd_unknown", [401, 401, 403, 403, 404, 403, 403, 404, 401, 401, 401, 403], { status: "active-draining" }],
  ["DELETE", "/api/v1/cluster/nodes/nd_unknown", [401, 401, 403, 403, 404, 403, 403, 404, 401, 401, 401, 403]],
  ["GET", "/api/v1/system/gpu", [401, 401, 200, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/system/gpu/refresh", [401, 401, 200, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/system/db/health", [401, 401, 403, 403, 200, 403, 403, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/db/health", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/db/optimize", [401, 401, 404, 200, 200, 403, 200, 200, 401, 401, 401, 403]],
  // VODs (issue 13): alpha has none yet, so the detail is a 404 for every caller who may read it.
  ["GET", "/api/v1/apps/alpha/vods", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/vods/1", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/vods/1/download", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/vods/1/raw", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  // The camera timeline (issue 34): read like VODs; a room with none recorded is one gap.
  ["GET", "/api/v1/apps/alpha/cameras/lobby/timeline", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/cameras/lobby/events", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/cameras/lobby/events/1/thumbnail", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/cameras/lobby/thumbnails", [401, 401, 404, 200, 200, 200, 200, 200, 401, 401, 401, 403]],
  ["GET", "/api/v1/apps/alpha/cameras/lobby/thumbnails/2026-01-01T00:00:00.000Z", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  // A clip is made like a recording is started; nothing recorded in the range is 404.
  ["POST", "/api/v1/apps/alpha/cameras/lobby/clips", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403], { since: "2026-01-01T00:00:00.000Z", until: "2026-01-01T00:01:00.000Z" }],
  ["POST", "/api/v1/apps/alpha/vods/1/probe", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/vods/1/retry", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  ["DELETE", "/api/v1/apps/alpha/vods/1", [401, 401, 404, 404, 404, 403, 404, 404, 401, 401, 401, 403]],
  // Recording is off on alpha: whoever may start one hears so (409); stopping an unknown one is a 404.
  ["POST", "/api/v1/apps/alpha/recording/start", [401, 401, 404, 409, 409, 409, 409, 409, 401, 401, 401, 403], { roomName: "lobby" }],
  ["POST", "/api/v1/apps/alpha/recording/1/stop", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/streams/1/record/start", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/streams/1/record/stop", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403]],
  ["POST", "/api/v1/apps/alpha/snapshots", [401, 401, 404, 404, 404, 404, 404, 404, 401, 401, 401, 403], { room: "lobby" }],
  // {fresh} is a new app of alpha's team made for each kind, so a delete that succeeds leaves the
  // rows above untouched: the app token is alpha's, so it does not see it.
  ["DELETE", "/api/v1/apps/{fresh}", [401, 401, 404, 404, 200, 403, 200, 200, 401, 401, 401, 403]],
];

/** Routes without a row, each with the reason; a reason is not a way to skip a route that has none. */
const EXEMPT: Readonly<Record<string, string>> = {};

describe("authorization matrix", () => {
  let server: TestServer;
  const credentials = new Map<Kind, string | undefined>();
  let alphaId = 0;
  let inviteCount = 0;
  let freshApp: (name: string) => Promise<string>;

  before(async () => {
    server = await startServer(
      { SERVICE_ALLOW_SIGNUP: "on", SERVICE_ADMIN_USERNAME: "root", SERVICE_ADMIN_PASSWORD: "root password, long enough" },
      { routes: probeRoutes },
    );
    const owner = await signup(server, "owner@alpha.example", "Alpha");
    const teamA = (await account(server, owner)).teamId;
    const ownerB = await signup(server, "owner@beta.example", "Beta");
    const teamB = (await account(server, ownerB)).teamId;
    const created = async (jwt: string, name: string) => {
      const res = await server.request("POST", "/api/v1/apps", { token: jwt, body: { name } });
      assert.equal(res.status, 201, res.text);
      return dataOf<{ id: number; tenantId: number }>(res);
    };
    freshApp = async (name) => {
      await created(owner, name);
      return name;
    };
    const alpha = await created(owner, "alpha");
    const beta = await created(ownerB, "beta");
    assert.deepEqual([alpha.tenantId, beta.tenantId], [teamA, teamB]);
    alphaId = alpha.id;
    const betaId = beta.id;

    const member = await acceptInvite(server, "member@alpha.example", await invite(server, owner, "member@alpha.example"));

    const revoked = await createToken(server, server.rootToken, { scope: "global" });
    await server.request("DELETE", `/api/v1/tokens/${revoked.id}`, { token: server.rootToken });

    const doomed = await login(server, "owner@alpha.example");
    await server.request("DELETE", `/api/v1/auth/sessions/${claimsOf(doomed).sid}`, { token: owner });

    const ownerId = String((await account(server, owner)).id);
    credentials.set("anonymous", undefined);
    credentials.set("revokedToken", revoked.token);
    credentials.set("otherTenantAppToken", (await createToken(server, server.rootToken, { scope: "app", appId: betaId })).token);
    credentials.set("appToken", (await createToken(server, server.rootToken, { scope: "app", appId: alphaId })).token);
    credentials.set("globalToken", server.rootToken);
    credentials.set("member", member);
    credentials.set("owner", owner);
    credentials.set("superadmin", await login(server, "root", "root password, long enough"));
    credentials.set("revokedSession", doomed);
    credentials.set("expiredJwt", await forgeJwt(server, { sub: ownerId, sid: claimsOf(owner).sid, expiresAt: Math.floor(Date.now() / 1000) - 1 }));
    credentials.set("badSignatureJwt", await forgeJwt(server, { sub: ownerId, sid: claimsOf(owner).sid }, "not the server's secret, though long enough"));
    credentials.set("disallowedIpToken", (await createToken(server, server.rootToken, { scope: "global", allowedIps: ["192.0.2.0/24"] })).token);
  });
  after(() => server.close());

  it("has a row or a reasoned exemption for every route the service mounts, and no stale exemption", () => {
    assertCovered(server.app.routes, ROUTES, EXEMPT);
  });

  for (const [method, path, expected, body] of ROUTES) {
    it(`${method} ${path}`, async () => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const [i, kind] of KINDS.entries()) {
        const payload =
          body === "appTokenForAlpha"
            ? { name: `matrix ${kind}`, scope: "app", appId: alphaId }
            : body === "invite"
              ? { email: `invitee${++inviteCount}@alpha.example` }
              : body === "newApp"
                ? { name: `matrix-app-${i}` }
                : body;
        const target = path.includes("{fresh}") ? path.replace("{fresh}", await freshApp(`matrix-doomed-${i}`)) : path;
        const res = await server.request(method, target, { token: credentials.get(kind), body: payload });
        got[kind] = res.status;
        want[kind] = expected[i] as number;
        if (res.status >= 400) {
          assert.ok(errorOf(res).code, `${kind}: error body without a code`);
        }
      }
      assert.deepEqual(got, want);
    });
  }
});

describe("SERVICE_AUTHZ_ENFORCE=off", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ SERVICE_ALLOW_SIGNUP: "on", SERVICE_AUTHZ_ENFORCE: "off" }, { routes: probeRoutes });
  });
  after(() => server.close());

  it("lets every member of a tenant do everything in it, and still nothing outside it", async () => {
    const owner = await signup(server, "owner@x.example", "X");
    assert.equal((await server.request("POST", "/api/v1/apps", { token: owner, body: { name: "mine" } })).status, 201);
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name: "theirs" } })).status, 201);
    const member = await acceptInvite(server, "m@x.example", await invite(server, owner, "m@x.example"));
    assert.equal((await server.request("DELETE", "/api/v1/apps/mine/probe", { token: member })).status, 200);
    assert.equal((await server.request("GET", "/api/v1/tokens", { token: member })).status, 200);
    assert.equal((await server.request("GET", "/api/v1/apps/theirs/probe", { token: member })).status, 404);
  });
});
