import { setTimeout as sleep } from "node:timers/promises";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import type { MjpegHub } from "./hub.ts";
import type { Part } from "./part.ts";
import type { OriginalGuards } from "./originals.ts";
import type { PlayAccess } from "./play-access.ts";
import type { Relayed, RelayedStream, RelayRequest } from "../peers/relay.ts";
import type { StreamsApi } from "../streams/module.ts";
import type { Relay } from "./relay.ts";

export interface PlaybackDeps {
  readonly hub: MjpegHub;
  readonly apps: AppService;
  readonly access: PlayAccess;
  readonly originals: OriginalGuards;
  /** A camera connected to another node is watched there (its answers relayed). */
  readonly streams: Pick<StreamsApi, "answeredAtCamera" | "streamedAtCamera">;
}

/** A pulled camera's newest decoded frame older than this is not shown: a new one is decoded first. */
const STALE_MS = 1000;
/** How long a viewer waits for a pulled camera's decoder to start and make its first frame. */
const FIRST_FRAME_MS = 5000;
const POLL_MS = 50;

/**
 * Waits (bounded) until a pulled camera's room has a frame decoded in the last STALE_MS: its
 * decoder runs only while someone takes frames, so the first viewer or poller starts it.
 */
async function freshFrame(relay: Relay): Promise<void> {
  const until = Date.now() + FIRST_FRAME_MS;
  while (relay.source && Date.now() < until && (!relay.latest || Date.now() - relay.latest.at > STALE_MS)) {
    relay.source.wanted();
    await sleep(POLL_MS);
  }
}

/** What a viewer asks for: the room's token, a plugin's variant, the key to a hidden original. */
export interface PlayRequest {
  readonly token?: string | undefined;
  readonly variant?: string | undefined;
  readonly key?: string | undefined;
}

/**
 * SPEC 4.10's playback: which relay a viewer gets (the room's, or its rendition's with `variant`)
 * under the room's playback rules. An unknown app and a room without a live camera are both 404.
 */
export class MjpegPlayback {
  constructor(private readonly d: PlaybackDeps) {}

  /** The MJPEG stream of a camera connected to another node, from that node; undefined when this node serves it. */
  async streamElsewhere(ctx: RelayRequest, appName: string, room: string): Promise<RelayedStream | Problem | undefined> {
    const app = this.notHere(appName, room);
    return app && (await this.d.streams.streamedAtCamera(ctx, app, { name: room }));
  }

  /** The same, for a request answered whole (the newest frame). */
  async answerElsewhere(ctx: RelayRequest, appName: string, room: string): Promise<Relayed | Problem | undefined> {
    const app = this.notHere(appName, room);
    return app && (await this.d.streams.answeredAtCamera(ctx, app, { name: room }));
  }

  /** The app, when the room's camera is not connected here (another node may serve it). */
  private notHere(appName: string, room: string): AppRow | undefined {
    return this.d.hub.relay(appName, room)?.live ? undefined : this.d.apps.findByName(appName);
  }

  /** The relay a new viewer of the multipart stream watches, while the room has a place for one. */
  async watch(appName: string, room: string, q: PlayRequest): Promise<Relay | Problem> {
    const found = await this.live(appName, room, q);
    if (isProblem(found)) return found;
    const max = this.d.apps.config(found.app).ws_ingest.max_viewers;
    if (found.room.viewerCount >= max) {
      return problem("service_unavailable", `room ${found.relay.room} has its maximum of ${max} viewers; retry later`, { headers: { "retry-after": "10" } });
    }
    return found.relay;
  }

  /** The newest frame. */
  async frame(appName: string, room: string, q: PlayRequest): Promise<Part | Problem> {
    const found = await this.live(appName, room, q);
    return isProblem(found) ? found : found.part;
  }

  /** The relay to serve and its newest frame. */
  private async live(appName: string, room: string, q: PlayRequest): Promise<{ app: AppRow; room: Relay; relay: Relay; part: Part } | Problem> {
    const d = this.d;
    const app = d.apps.findByName(appName);
    if (!app) return problem("not_found", `no app ${appName}`);
    const grant = await d.access.check(app, room, q.token);
    if (isProblem(grant)) return grant;
    const camera = d.hub.relay(app.name, room);
    if (camera?.source) await freshFrame(camera);
    if (!camera?.live || !camera.latest) return problem("not_found", `no camera is live in room ${room}`);
    if (q.variant === undefined) {
      const refused = d.originals.refusal(app.name, room, grant, q.key);
      return refused ?? { app, room: camera, relay: camera, part: camera.latest };
    }
    const rendition = camera.renditions.get(q.variant);
    if (!rendition) return problem("not_found", `room ${room} has no ${q.variant} variant: the plugin that makes it is not enabled for this room`);
    if (!rendition.latest) return problem("service_unavailable", `room ${room}'s ${q.variant} variant has no frame yet; retry in a moment`, { headers: { "retry-after": "2" } });
    return { app, room: camera, relay: rendition, part: rendition.latest };
  }
}
