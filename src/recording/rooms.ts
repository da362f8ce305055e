import type { AppRef } from "../apps/store.ts";
import { problem, type Problem } from "../lib/problem.ts";
import type { MediaServers } from "../media/servers.ts";

/**
 * Why a room without a live camera cannot be recorded or captured here: a media-server room
 * needs LiveKit's egress worker (503 `egress_unavailable`, not in this deployment yet), any
 * other room does not exist (404), and a media server that does not answer leaves it open (503).
 */
export async function withoutCamera(servers: MediaServers, app: AppRef, room: string, doing: string): Promise<Problem> {
  const server = servers.forApp(app.name);
  const rooms = await server?.rooms.listRooms([room]).catch(() => undefined);
  if (server && rooms === undefined) return problem("media_server_unavailable", `the media server did not answer whether room ${room} exists; try again`);
  if (rooms && rooms.length > 0) {
    return problem("egress_unavailable", `room ${room} is a media-server room; ${doing} needs LiveKit's egress worker, which this deployment does not have yet`);
  }
  return problem("not_found", `room ${room} has no live camera${server ? " and no media-server room" : ""}; try again once its camera is connected`);
}
