import type { MediaServer } from "./server.ts";

/** The media-server part of GET /stats (SPEC 4.7). */
export interface MediaStats {
  readonly mediaServerReachable: boolean;
  readonly rooms: number;
  readonly egress: { readonly reachable: boolean; readonly active: number; readonly total: number };
  readonly ingress: { readonly reachable: boolean; readonly active: number; readonly total: number };
}

const UNREACHABLE: MediaStats = {
  mediaServerReachable: false,
  rooms: 0,
  egress: { reachable: false, active: 0, total: 0 },
  ingress: { reachable: false, active: 0, total: 0 },
};

/** EgressStatus: STARTING 0, ACTIVE 1, ENDING 2. IngressState.Status: PUBLISHING 2. */
const LIVE_EGRESS = new Set([0, 1, 2]);
const PUBLISHING = 2;

/** Answers are reused this long, so a down media server (5 s timeouts) cannot slow every /stats. */
const TTL_MS = 5_000;

/**
 * Asks LiveKit for rooms, ingresses and egresses; each part fails on its own. Egress is reachable
 * when LiveKit lists egresses and the last egress start found a worker (see `egressWorkerPresent`).
 */
export function mediaStats(media: MediaServer | undefined): () => Promise<MediaStats> {
  let cached: { at: number; value: Promise<MediaStats> } | undefined;
  const settled = <T>(p: Promise<T>) => p.then((v) => ({ ok: true as const, v }), () => ({ ok: false as const }));
  const fetch = async (): Promise<MediaStats> => {
    if (!media) return UNREACHABLE;
    const [rooms, ingress, egress] = await Promise.all([
      settled(media.rooms.listRooms()),
      settled(media.ingress.listIngress({})),
      settled(media.egress.listEgress({})),
    ]);
    return {
      mediaServerReachable: rooms.ok,
      rooms: rooms.ok ? rooms.v.length : 0,
      ingress: ingress.ok
        ? { reachable: true, total: ingress.v.length, active: ingress.v.filter((i) => Number(i.state?.status) === PUBLISHING).length }
        : { reachable: false, active: 0, total: 0 },
      egress: egress.ok
        ? { reachable: media.egressWorkerPresent, total: egress.v.length, active: egress.v.filter((e) => LIVE_EGRESS.has(Number(e.status))).length }
        : { reachable: false, active: 0, total: 0 },
    };
  };
  return () => {
    if (!cached || Date.now() - cached.at > TTL_MS) cached = { at: Date.now(), value: fetch() };
    return cached.value;
  };
}
