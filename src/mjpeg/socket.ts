import { STATUS_CODES } from "node:http";
import type { Logger } from "pino";
import { z } from "zod";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { APP_NAME, MAX_CAMERA_FRAME_BYTES } from "../apps/config/schema.ts";
import { ROOM_NAME } from "../apps/namespacing.ts";
import { AppUnavailableError, appUnavailableProblem } from "../db/app-unavailable.ts";
import { errorBody, statusOf } from "../http/problem.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { HttpResponse, WebSocketBehavior } from "../http/uws.ts";
import type { CameraLink } from "./camera.ts";
import type { MjpegHub } from "./hub.ts";
import type { CameraKey } from "./keys.ts";
import type { Relay } from "./relay.ts";
import { CAMERA_PATH } from "./urls.ts";


const cameraQuery = z.object({
  app: z.string().regex(APP_NAME, "an app name"),
  room: z.string().regex(ROOM_NAME, "a room name"),
  key: z.string().max(200).optional(),
});

interface CameraData {
  readonly app: AppRow;
  readonly key: CameraKey;
  link?: CameraLink;
  relay?: Relay;
}

/** The credential a device sends: `Authorization: Bearer wsk_...`, else `?key=`. */
function presentedKey(authorization: string, query: string | undefined): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  return bearer ?? query;
}

function refuse(res: HttpResponse, p: Problem): void {
  const status = statusOf(p.code);
  res.cork(() => {
    res.writeStatus(`${status} ${STATUS_CODES[status] ?? ""}`);
    for (const [name, value] of Object.entries(p.headers ?? {})) res.writeHeader(name, value);
    res.writeHeader("content-type", "application/json; charset=utf-8");
    res.end(errorBody(p), true);
  });
}

/**
 * The camera WebSocket. Every check happens in `upgrade`, so a device with a bad key, a busy room
 * or an exhausted quota gets a plain HTTP error with a JSON body instead of a socket. The payload
 * limit is the largest any app may configure (uWS's default of 16 KB would close real cameras);
 * each app's own smaller limit is enforced per frame, where an oversized frame is dropped, not
 * fatal.
 */
export function cameraSocket(hub: MjpegHub, apps: AppService, accepting: () => boolean, log: Logger): WebSocketBehavior<CameraData> {
  const admit = async (query: string, authorization: string): Promise<{ app: AppRow; key: CameraKey } | Problem> => {
    if (!accepting()) return problem("service_unavailable", "the service is shutting down; reconnect shortly", { headers: { "retry-after": "1" } });
    const parsed = cameraQuery.safeParse(Object.fromEntries(new URLSearchParams(query)));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return problem("validation_failed", `query.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}; connect to ${CAMERA_PATH}?app=<app>&room=<room>`);
    }
    const app = apps.findByName(parsed.data.app);
    const secret = presentedKey(authorization, parsed.data.key);
    // An unknown app is answered like a wrong key: nothing to enumerate.
    if (!app) return problem("unauthorized", "send a camera key minted for this app and room, as Authorization: Bearer wsk_... or ?key=");
    const key = await hub.admit(app, parsed.data.room, secret);
    return isProblem(key) ? key : { app, key };
  };
  return {
    maxPayloadLength: MAX_CAMERA_FRAME_BYTES,
    // Cameras only receive pings and the close frame.
    maxBackpressure: 64 * 1024,
    idleTimeout: 60,
    sendPingsAutomatically: true,
    upgrade: (res, req, context) => {
      // The request is gone once this callback returns, and the client may leave while the key is checked.
      let aborted = false;
      res.onAborted(() => {
        aborted = true;
      });
      const handshake = [req.getHeader("sec-websocket-key"), req.getHeader("sec-websocket-protocol"), req.getHeader("sec-websocket-extensions")] as const;
      admit(req.getQuery() ?? "", req.getHeader("authorization"))
        .catch((err: unknown) => {
          // The app's database closed between the availability check and the key's lookup.
          if (err instanceof AppUnavailableError) return appUnavailableProblem(err);
          log.error({ err }, "camera admission failed");
          return problem("internal_error", "the camera could not be admitted; retry shortly");
        })
        .then((admitted) => {
          if (aborted) return;
          if (isProblem(admitted)) return refuse(res, admitted);
          res.cork(() => res.upgrade<CameraData>(admitted, ...handshake, context));
        })
        .catch((err: unknown) => log.error({ err }, "camera upgrade failed"));
    },
    open: (ws) => {
      const data = ws.getUserData();
      const joined = hub.connect(data.app, data.key, ws);
      if (joined) {
        data.link = joined.link;
        data.relay = joined.relay;
      }
    },
    message: (ws, message, isBinary) => {
      const { link, relay } = ws.getUserData();
      if (link && relay) hub.frame(relay, link, message, isBinary);
    },
    close: (ws, code) => {
      const { link, relay } = ws.getUserData();
      if (link && relay) hub.closed(relay, link, code);
    },
  };
}
