import { randomBytes } from "node:crypto";
import { IngressInput, type IngressInfo } from "livekit-server-sdk";
import type { Logger } from "pino";
import type { AppService } from "../apps/service.ts";
import type { AppRow } from "../apps/store.ts";
import type { Databases } from "../db/databases.ts";
import type { EventDispatcher } from "../events/dispatcher.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { sameSecret } from "../lib/same-secret.ts";
import { ssrfRefusal, withAllowHint, type SsrfAllowlist } from "../lib/ssrf.ts";
import { MEDIA_SERVER_MISSING, mediaServerDown, type MediaServer } from "../media/server.ts";
import type { MediaServers } from "../media/servers.ts";
import type { SecretBox } from "../secrets/box.ts";
import type { WindowOutcome } from "./password-window.ts";
import { ingressVideo } from "./video-options.ts";
import type { CreateIngressBody, ListIngressQuery } from "./schemas.ts";
import { PulledCameras, pulledByService, pulledView } from "./pulled.ts";
import { ingressStore, type IngressInputType, type IngressRow, type IngressStore } from "./store.ts";

function transcode(input: IngressInputType, wanted: boolean): boolean | undefined {
  return input === "whip" ? wanted : wanted || undefined;
}

/** IngressState.Status of LiveKit's protocol, by number. */
const STATUS = ["inactive", "buffering", "publishing", "error", "complete"];

const INPUTS = { rtmp: IngressInput.RTMP_INPUT, whip: IngressInput.WHIP_INPUT, url: IngressInput.URL_INPUT } as const;

export interface IngressDeps {
  readonly servers: MediaServers;
  readonly apps: AppService;
  readonly databases: Databases;
  readonly box: SecretBox;
  readonly publicUrl: string;
  readonly ssrf: SsrfAllowlist;
  readonly events: EventDispatcher;
  readonly logger: Logger;
  /** How long around its start an RTMP connection has to validate its stream password. */
  readonly passwordWindowMs: number;
  /** The cameras the service pulls itself (URLs LiveKit's ingress does not take). */
  readonly pulled: PulledCameras;
}

/** LiveKit's status names for a pulled camera's states, so one `status` field reads the same for both. */
const PULLED_STATUS = { connecting: "buffering", live: "publishing", reconnecting: "buffering", stopped: "inactive", failed: "error" } as const;

/**
 * Ingress (SPEC 2.5): through LiveKit, with the RTMP push form and stream passwords, and pulled
 * URLs LiveKit does not take (RTSP always; SRT, RTMP and HLS pulls while no media server is
 * configured), which the service pulls itself (`pulled.ts`).
 */
export class IngressService {
  constructor(private readonly d: IngressDeps) {}

  async create(app: AppRow, body: CreateIngressBody): Promise<Record<string, unknown> | Problem> {
    const media = this.d.servers.forApp(app.name);
    const room = this.d.apps.roomOf(app, body.room);
    if (typeof room !== "string") return room;
    if (body.url !== undefined && pulledByService(body.url, media !== undefined)) {
      const row = await this.d.pulled.create(app, room, { url: body.url, transport: body.transport, participantIdentity: body.participantIdentity });
      return isProblem(row) ? row : this.view(app, undefined, row);
    }
    if (!media) return MEDIA_SERVER_MISSING;
    if (body.url) {
      const refused = await ssrfRefusal(new URL(body.url).hostname, this.d.ssrf);
      if (refused) return problem("validation_failed", `body.url: ${withAllowHint(refused)}`, { details: [{ path: "body.url", message: refused, code: "custom" }] });
    }
    const config = this.d.apps.config(app);
    // Off means passthrough (new apps have transcoding off), which LiveKit offers for WHIP
    // only: RTMP and pulled URLs are always transcoded there, so for them only "on" is sent.
    const enableTranscoding = transcode(body.inputType, body.enableTranscoding ?? (config.transcoding.enabled || (body.inputType === "rtmp" && config.rtmp.transcode)));
    let info: IngressInfo;
    try {
      info = await media.ingress.createIngress(INPUTS[body.inputType], {
        name: `${app.name}:${room}`,
        roomName: room,
        participantIdentity: body.participantIdentity ?? `ingress-${app.name}`,
        participantName: body.participantName,
        url: body.url,
        enableTranscoding,
        // Whatever LiveKit transcodes, it transcodes to the app's ladder and codec.
        video: enableTranscoding === false ? undefined : ingressVideo(config),
      });
    } catch (err) {
      return mediaServerDown(err);
    }
    const password = body.inputType === "rtmp" && config.features.rtmpPassword ? randomBytes(12).toString("base64url") : undefined;
    await this.rows(app).add(
      {
        ingress_id: info.ingressId,
        input_type: body.inputType,
        room,
        participant_identity: info.participantIdentity,
        stream_key: info.streamKey,
        password_sealed: password === undefined ? null : this.seal(app, info.ingressId, password),
      },
      new Date().toISOString(),
    );
    return this.view(app, info, await this.row(app, info.ingressId));
  }

  /**
   * Pulled cameras need no media server: LiveKit is asked for live state only when the app has
   * ingresses of its (without a media server they are listed without it).
   */
  async list(app: AppRow, query: ListIngressQuery): Promise<{ data: Record<string, unknown>[]; total: number } | Problem> {
    const media = this.d.servers.forApp(app.name);
    const all = await this.rows(app).list();
    let live: IngressInfo[] = [];
    if (media && all.some((r) => r.source_sealed === null)) {
      try {
        live = await media.ingress.listIngress({});
      } catch (err) {
        return mediaServerDown(err);
      }
    }
    const byId = new Map(live.map((i) => [i.ingressId, i]));
    const q = query.q?.toLowerCase();
    const matching = all.filter(
      (r) => (query.room === undefined || r.room === query.room) && (q === undefined || r.ingress_id.toLowerCase().includes(q) || r.room.toLowerCase().includes(q)),
    );
    const page = matching.slice(query.offset, query.offset + query.limit);
    return { data: page.map((r) => this.view(app, byId.get(r.ingress_id), r)), total: matching.length };
  }

  async get(app: AppRow, id: string): Promise<Record<string, unknown> | Problem> {
    const row = await this.row(app, id);
    if (row?.source_sealed) return this.view(app, undefined, row);
    const media = this.d.servers.forApp(app.name);
    if (!media) return MEDIA_SERVER_MISSING;
    if (!row) return problem("not_found", `no ingress ${id} in app ${app.name}`);
    try {
      const [info] = await media.ingress.listIngress({ ingressId: id });
      return this.view(app, info, row);
    } catch (err) {
      return mediaServerDown(err);
    }
  }

  async delete(app: AppRow, id: string): Promise<true | Problem> {
    const row = await this.row(app, id);
    if (row?.source_sealed) {
      // Stopped first: its stream ends (and its events go out) while the row still names it.
      await this.d.pulled.stopCamera(app.name, row);
      await this.rows(app).delete(id);
      return true;
    }
    const media = this.d.servers.forApp(app.name);
    if (!media) return MEDIA_SERVER_MISSING;
    if (!row) return problem("not_found", `no ingress ${id} in app ${app.name}`);
    try {
      await media.ingress.deleteIngress(id);
    } catch (err) {
      return mediaServerDown(err);
    }
    await this.rows(app).delete(id);
    return true;
  }

  /**
   * Issue 19's reset. LiveKit fixes an ingress's stream key for the ingress's life (its
   * UpdateIngress has no stream-key field), so what rotates here is our RTMP stream password; the
   * publisher in the room is removed at once, so it must validate again with the new one.
   */
  async reset(app: AppRow, id: string): Promise<Record<string, unknown> | Problem> {
    const row = await this.row(app, id);
    if (row?.source_sealed) {
      return problem("conflict", `ingress ${id} is a camera the service pulls: it has no stream key or password of ours (its credentials are in its URL); for another URL, delete it and create another`);
    }
    const media = this.d.servers.forApp(app.name);
    if (!media) return MEDIA_SERVER_MISSING;
    if (!row) return problem("not_found", `no ingress ${id} in app ${app.name}`);
    if (row.input_type !== "rtmp" || (row.password_sealed === null && !this.d.apps.config(app).features.rtmpPassword)) {
      return problem(
        "conflict",
        `LiveKit cannot change the stream key of ingress ${id} in place, and it has no stream password to reset (RTMP ingresses of apps with features.rtmpPassword have one); for a new stream key, delete the ingress and create another`,
      );
    }
    await this.rows(app).setPassword(id, this.seal(app, id, randomBytes(12).toString("base64url")), new Date().toISOString());
    const disconnected = await this.disconnect(media, row);
    if (isProblem(disconnected)) return disconnected;
    return { ...(await this.current(app, media, id)), disconnected };
  }

  /**
   * Disables (refusing new connections in LiveKit, keeping the stream key, and removing the live
   * publisher at once) or enables an ingress.
   */
  async setEnabled(app: AppRow, id: string, enabled: boolean): Promise<Record<string, unknown> | Problem> {
    const row = await this.row(app, id);
    if (row?.source_sealed) return this.setPulledEnabled(app, row, enabled);
    const media = this.d.servers.forApp(app.name);
    if (!media) return MEDIA_SERVER_MISSING;
    if (!row) return problem("not_found", `no ingress ${id} in app ${app.name}`);
    try {
      await media.ingress.updateIngress(id, { name: `${app.name}:${row.room}`, roomName: row.room, participantIdentity: row.participant_identity, enabled });
    } catch (err) {
      return mediaServerDown(err);
    }
    await this.rows(app).setDisabled(id, enabled ? null : (row.disabled_at ?? new Date().toISOString()));
    const disconnected = enabled ? false : await this.disconnect(media, row);
    if (isProblem(disconnected)) return disconnected;
    return { ...(await this.current(app, media, id)), disconnected };
  }

  /**
   * Disabling a pulled camera stops its pull (its stream ends) until it is enabled; enabling one
   * that is disabled, stopped or failed connects it again.
   */
  private async setPulledEnabled(app: AppRow, row: IngressRow, enabled: boolean): Promise<Record<string, unknown>> {
    const wasLive = row.pull_state === "live";
    await this.rows(app).setDisabled(row.ingress_id, enabled ? null : (row.disabled_at ?? new Date().toISOString()));
    const now = (await this.row(app, row.ingress_id)) ?? row;
    if (enabled) await this.d.pulled.restart(app.name, now);
    else await this.d.pulled.stopCamera(app.name, now);
    return { ...this.view(app, undefined, await this.row(app, row.ingress_id)), disconnected: !enabled && wasLive };
  }

  /** Checks an RTMP stream password in constant time and marks the connection authorized. */
  async validate(app: AppRow, id: string, password: string): Promise<{ valid: true; authorizedAt: string } | Problem> {
    const row = await this.row(app, id);
    if (!row) return problem("not_found", `no ingress ${id} in app ${app.name}`);
    if (row.disabled_at !== null) {
      return problem("forbidden", `ingress ${id} is disabled; enable it with POST /api/v1/apps/${app.name}/ingress/${id}/enable`, {
        details: { ingressId: id, disabledAt: row.disabled_at },
      });
    }
    const stored = row.password_sealed && this.d.box.open("app-secrets", `app:${app.name}:ingress:${id}`, row.password_sealed);
    if (!stored) return problem("conflict", "this ingress has no stream password (the app's rtmpPassword feature was off when it was created)");
    if (!sameSecret(password, stored)) return problem("invalid_credentials", "the stream password is wrong");
    const authorizedAt = new Date().toISOString();
    await this.rows(app).markAuthorized(id, authorizedAt);
    return { valid: true, authorizedAt };
  }

  /** Whether connections to the ingress must show a stream password: RTMP ones with a password sealed. */
  async requiresPassword(appName: string, id: string): Promise<boolean> {
    const app = this.d.apps.findByName(appName);
    const row = app && (await this.row(app, id));
    return row?.input_type === "rtmp" && row.password_sealed !== null;
  }

  /**
   * The end of a connection's password window (issue 29). LiveKit accepts an RTMP push on its
   * stream key alone, so the password is enforced afterwards: a connection that was not validated
   * from one window before it started (a publisher may validate just before pushing) until now
   * has its participant removed, which ends LiveKit's ingress session; the publisher may
   * reconnect and validate. `ingress_unauthorized` and a warning say so.
   */
  async expirePasswordWindow(appName: string, id: string, startedAt: number): Promise<WindowOutcome | Problem> {
    const app = this.d.apps.findByName(appName);
    const row = app && (await this.row(app, id));
    if (!app || !row || row.password_sealed === null) return "gone";
    const windowMs = this.d.passwordWindowMs;
    if (row.authorized_at !== null && Date.parse(row.authorized_at) >= startedAt - windowMs) return "validated";
    const media = this.d.servers.forApp(app.name);
    if (!media) return MEDIA_SERVER_MISSING;
    const removed = await this.disconnect(media, row);
    if (isProblem(removed)) return removed;
    if (!removed) return "gone";
    const facts = { ingressId: id, room: row.room, participant: row.participant_identity, windowSeconds: windowMs / 1000 };
    this.d.events.emit(app.name, "ingress_unauthorized", row.room, facts);
    this.d.logger.warn({ app: app.name, ...facts }, "RTMP ingress connection did not validate its stream password in time; its publisher was removed");
    return "removed";
  }

  /** Removes the ingress's participant from its room; false when none was there. */
  private async disconnect(media: MediaServer, row: IngressRow): Promise<boolean | Problem> {
    try {
      await media.rooms.removeParticipant(row.room, row.participant_identity);
      return true;
    } catch (err) {
      if ((err as { status?: unknown }).status === 404 || (err as { code?: unknown }).code === "not_found") return false;
      const down = mediaServerDown(err);
      return problem(down.code, `the change is stored, but the live publisher could not be removed: ${down.message}`);
    }
  }

  /** The ingress as GET answers it, after a change (LiveKit's state when it answers). */
  private async current(app: AppRow, media: MediaServer, id: string): Promise<Record<string, unknown>> {
    const info = await media.ingress.listIngress({ ingressId: id }).then(
      ([found]) => found,
      () => undefined,
    );
    return this.view(app, info, await this.row(app, id));
  }

  private rows(app: AppRow): IngressStore {
    return ingressStore(this.d.databases.appSql(app.name));
  }

  private row(app: AppRow, id: string): Promise<IngressRow | undefined> {
    return this.rows(app).get(id);
  }

  private seal(app: AppRow, id: string, password: string): string {
    return this.d.box.seal("app-secrets", `app:${app.name}:ingress:${id}`, password);
  }

  /** SPEC 2.5's ingress resource, with live state when LiveKit knows the ingress. */
  private view(app: AppRow, info: IngressInfo | undefined, row: IngressRow | undefined): Record<string, unknown> {
    const streamKey = info?.streamKey ?? row?.stream_key ?? "";
    const room = info?.roomName ?? row?.room ?? "";
    const inputType = row?.input_type ?? "rtmp";
    const host = new URL(this.d.publicUrl).hostname;
    const rtmpUrl = inputType === "rtmp" ? `rtmp://${host}:1935/${app.name}/${streamKey}` : null;
    const password = row?.password_sealed ? this.d.box.open("app-secrets", `app:${app.name}:ingress:${row.ingress_id}`, row.password_sealed) : undefined;
    const path = `${encodeURIComponent(app.name)}/${encodeURIComponent(room)}`;
    const embed = `${this.d.publicUrl}/embed/${path}`;
    const state = info?.state;
    const camera = row?.source_sealed ? pulledView(row) : null;
    return {
      ingressId: info?.ingressId ?? row?.ingress_id,
      inputType,
      url: inputType === "rtmp" ? rtmpUrl : camera ? row?.source_masked : info?.url || null,
      rtmp_url: rtmpUrl,
      streamKey,
      stream_key: streamKey,
      roomName: room,
      requires_password: password !== undefined,
      ...(password !== undefined ? { stream_password: password } : {}),
      adaptive: info?.enableTranscoding ?? false,
      player_url: `${this.d.publicUrl}/play/${path}`,
      embed_iframe: `<iframe src="${embed}" width="640" height="360" allow="autoplay; fullscreen" allowfullscreen style="border:0"></iframe>`,
      authorizedAt: row?.authorized_at ?? null,
      enabled: (row?.disabled_at ?? null) === null,
      disabledAt: row?.disabled_at ?? null,
      rotatedAt: row?.rotated_at ?? null,
      status: camera ? PULLED_STATUS[camera.state] : state ? (STATUS[Number(state.status)] ?? "unknown") : "unknown",
      bitrate: state?.video?.averageBitrate ?? null,
      width: camera ? camera.width : (state?.video?.width ?? null),
      height: camera ? camera.height : (state?.video?.height ?? null),
      viewers: null,
      camera,
    };
  }
}

