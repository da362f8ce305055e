/**
 * The authenticated routes of the HTTP bench written directly on uWebSockets.js, as a careful
 * hand-written server would do the same work: hash the Bearer token and look it up in memory,
 * serialize the app records, read and parse the mint body, sign the join token with one HMAC and
 * hold a publisher's slot in a map. What the service must approach, measured in the same run.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import type * as Uws from "uWebSockets.js";
import { LIVEKIT, PLATFORM_APPS, TEAM_APPS, platformApp, teamApp, type Credentials } from "./fixtures.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const HEADER = Buffer.from(JSON.stringify({ alg: "HS256" })).toString("base64url");
const TEAM_ID = 1;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function record(id: number, name: string, tenantId: number | null) {
  const at = new Date(0).toISOString();
  return {
    id,
    name,
    displayName: name,
    roomPrefix: name,
    tenantId,
    createdAt: at,
    updatedAt: at,
    recordingEnabled: false,
    splitMinutes: 0,
    snapshotSeconds: 0,
    features: { publicPlayback: false, hiddenQc: false, rtmpPassword: false, chat: false, reactions: false },
    callbackUrl: "",
    callbackSecretSet: false,
  };
}

function reply(res: Uws.HttpResponse, status: string, body: string): void {
  res.writeStatus(status).writeHeader("content-type", JSON_TYPE).end(body);
}

/**
 * uWS aborts the process when a handler returns and the response is not complete, which a large
 * body under pipelining and backpressure can be; the service attaches an abort handler to every
 * request, and so does a careful hand-written server.
 */
function watchAbort(res: Uws.HttpResponse): void {
  res.onAborted(() => undefined);
}

/** Replies from inside onData, which, unlike a request handler, does not run corked. */
function replyLater(res: Uws.HttpResponse, status: string, body: string): void {
  res.cork(() => reply(res, status, body));
}

function sign(claims: Record<string, unknown>): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  return `${body}.${createHmac("sha256", LIVEKIT.apiSecret).update(body).digest("base64url")}`;
}

/** Mounts the routes on `app` and answers the credentials they accept. */
export function mountRawAuthenticated(app: Uws.TemplatedApp): Credentials {
  const credentials = { global: `sk_${randomBytes(24).toString("base64url")}`, team: `sk_${randomBytes(24).toString("base64url")}` };
  const callers = new Map<string, "global" | "team">([
    [sha256(credentials.global), "global"],
    [sha256(credentials.team), "team"],
  ]);
  const apps = [
    ...Array.from({ length: TEAM_APPS }, (_, i) => record(i + 1, teamApp(i + 1), TEAM_ID)),
    ...Array.from({ length: PLATFORM_APPS }, (_, i) => record(TEAM_APPS + i + 1, platformApp(i + 1), null)),
  ];
  const byName = new Map(apps.map((a) => [a.name, a]));
  const slots = new Map<string, number>();
  const callerOf = (req: Uws.HttpRequest) => callers.get(sha256(/^Bearer\s+(\S+)$/i.exec(req.getHeader("authorization"))?.[1] ?? ""));
  const visible = (caller: "global" | "team") => (caller === "global" ? apps : apps.filter((a) => a.tenantId === TEAM_ID));

  app.get("/api/v1/apps", (res, req) => {
    watchAbort(res);
    const caller = callerOf(req);
    if (!caller) return reply(res, "401 Unauthorized", '{"data":null,"error":{"code":"unauthorized"}}');
    reply(res, "200 OK", JSON.stringify({ data: visible(caller), error: null }));
  });
  app.get("/api/v1/apps/:name", (res, req) => {
    watchAbort(res);
    const caller = callerOf(req);
    const found = byName.get(req.getParameter(0) ?? "");
    if (!caller || !found || !visible(caller).includes(found)) return reply(res, "404 Not Found", '{"data":null,"error":{"code":"not_found"}}');
    reply(res, "200 OK", JSON.stringify({ data: found, error: null }));
  });
  app.post("/api/v1/apps/:name/tokens", (res, req) => {
    const caller = callerOf(req);
    const found = byName.get(req.getParameter(0) ?? "");
    let aborted = false;
    res.onAborted(() => {
      aborted = true;
    });
    const chunks: Buffer[] = [];
    res.onData((chunk, isLast) => {
      chunks.push(Buffer.from(chunk.slice(0)));
      if (!isLast || aborted) return;
      if (!caller || !found) return replyLater(res, "404 Not Found", '{"data":null,"error":{"code":"not_found"}}');
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { room: string; identity?: string; canPublish?: boolean };
      const identity = body.identity ?? `anon-${randomBytes(8).toString("hex")}`;
      const room = `${found.roomPrefix}-${body.room}`;
      const now = Math.floor(Date.now() / 1000);
      const canPublish = body.canPublish ?? true;
      if (canPublish && found.tenantId !== null) slots.set(`${found.name}\u0000${identity}`, now + 120);
      const token = sign({
        attributes: { "service.app": found.name, "service.role": canPublish ? "publisher" : "subscriber" },
        video: { room, roomJoin: true, canPublish, canSubscribe: true, canPublishData: true, hidden: false, recorder: false },
        iss: LIVEKIT.apiKey,
        exp: now + 600,
        nbf: now,
        sub: identity,
      });
      const path = `${found.name}/${room}`;
      replyLater(res, "200 OK", JSON.stringify({ data: { token, app: found.name, room, identity, wsUrl: LIVEKIT.wsUrl, playUrl: `http://127.0.0.1/play/${path}`, embedUrl: `http://127.0.0.1/embed/${path}` }, error: null }));
    });
  });
  return credentials;
}
