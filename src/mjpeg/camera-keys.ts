import { z } from "zod";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { gatherData, type Scope } from "../peers/ask.ts";
import type { Peers } from "../peers/service.ts";
import { RESERVATION_SECONDS, type StreamQuota } from "../tenants/quota.ts";
import type { MjpegHub } from "./hub.ts";
import type { CameraKey } from "./keys.ts";
import type { OriginalGuards } from "./originals.ts";
import { cameraKeyListResponse } from "./schemas.ts";
import { cameraUrls } from "./urls.ts";

export interface CameraKeyServiceDeps {
  readonly hub: MjpegHub;
  readonly apps: AppService;
  readonly quota: StreamQuota;
  readonly publicUrl: string;
  readonly originals: OriginalGuards;
  readonly peers: Peers;
}

type KeyWithLive = z.output<typeof cameraKeyListResponse>[number];

const noKey = (app: string, id: string) => problem("not_found", `no camera key ${id} in app ${app}`);

/**
 * SPEC 4.10: an app's camera keys (minted, listed, revoked, reset, disabled and enabled) and the
 * public check whether a camera room is live. A key that stops working closes its camera at once.
 */
export class CameraKeyService {
  constructor(private readonly d: CameraKeyServiceDeps) {}

  /** A new key for a room of the app; the plaintext is answered once, here. */
  async mint(app: AppRow, body: { room: string; identity?: string | undefined }) {
    const room = this.d.apps.roomOf(app, body.room);
    if (isProblem(room)) return room;
    const identity = body.identity ?? `camera-${room}`;
    // Like a publisher token, a new key holds a stream slot until its camera connects.
    const exhausted = await this.d.quota.reserve(app, identity, RESERVATION_SECONDS);
    if (exhausted) return exhausted;
    const { key, secret } = await this.d.hub.keys(app).create(room, identity);
    return { ...this.describe(app.name, key), streamKey: secret };
  }

  /**
   * The app's keys, each with its camera's live figures from the node it is connected to: this
   * node's own, and for `scope=cluster` every live peer's (asked with the caller's credential); a
   * peer that does not answer is named in `missing`, and its cameras show as offline.
   */
  async list(app: AppRow, scope: Scope, authorization: string | undefined): Promise<{ items: KeyWithLive[]; missing: readonly string[] }> {
    const [keys, theirs] = await Promise.all([
      this.d.hub.keys(app).list(),
      gatherData(this.d.peers, scope, `/api/v1/apps/${encodeURIComponent(app.name)}/ws-ingest`, {}, authorization, cameraKeyListResponse),
    ]);
    const elsewhere = new Map<string, KeyWithLive>();
    for (const answer of theirs.answers) for (const key of answer.body) if (key.connected) elsewhere.set(key.id, key);
    const items = keys.map((key) => {
      const mine = this.withLive(app, key);
      return mine.connected ? mine : (elsewhere.get(key.id) ?? mine);
    });
    return { items, missing: theirs.missing };
  }

  /** The room of the app's live key `id`, or undefined when there is none (the route answers 404 itself). */
  async roomOf(app: AppRow, id: string): Promise<string | undefined> {
    return (await this.d.hub.keys(app).get(id))?.room;
  }

  async revoke(app: AppRow, id: string): Promise<Problem | undefined> {
    const key = await this.d.hub.keys(app).revoke(id);
    if (!key) return noKey(app.name, id);
    this.d.hub.revoked(app.name, key);
    return undefined;
  }

  /** A new secret for the key; the camera still holding the old one is closed now (4004), not at its next reconnect. */
  async reset(app: AppRow, id: string) {
    const reset = await this.d.hub.keys(app).reset(id);
    if (!reset) return noKey(app.name, id);
    this.d.hub.revoked(app.name, reset.key, "reset");
    return { ...this.describe(app.name, reset.key), streamKey: reset.secret };
  }

  async setDisabled(app: AppRow, id: string, disabled: boolean) {
    const key = await this.d.hub.keys(app).setDisabled(id, disabled);
    if (!key) return noKey(app.name, id);
    if (disabled) this.d.hub.revoked(app.name, key, "disabled");
    return this.withLive(app, key);
  }

  /** Whether the app's camera room is live, and where to watch it; `app` is the name in the public URL. */
  live(appName: string, requested: string) {
    const app = this.d.apps.findByName(appName);
    if (!app) return problem("not_found", `no app ${appName}`);
    const room = this.d.apps.roomOf(app, requested);
    if (isProblem(room)) return room;
    const { mjpegUrl, frameUrl } = cameraUrls(this.d.publicUrl, app.name, room);
    // Set while a plugin hides the original from public viewers: what they should watch instead.
    const variant = this.d.originals.publicVariant(app.name, room) ?? null;
    return { active: this.d.hub.relay(app.name, room)?.live === true, type: "ws-mjpeg", room, mjpegUrl, frameUrl, variant };
  }

  private withLive(app: AppRow, key: CameraKey): KeyWithLive {
    const live = this.d.hub.liveOf(app.name, key);
    return { ...this.describe(app.name, key), ...live, node: live.connected ? this.d.peers.id : null };
  }

  private describe(app: string, key: CameraKey) {
    return {
      id: key.id,
      room: key.room,
      identity: key.identity,
      createdAt: key.createdAt,
      status: key.disabledAt === null ? ("enabled" as const) : ("disabled" as const),
      disabledAt: key.disabledAt,
      rotatedAt: key.rotatedAt,
      ...cameraUrls(this.d.publicUrl, app, key.room),
    };
  }
}
