// The app's Live tab: rooms and streams live now, refreshing; camera rooms with a thumbnail.
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api.js";
import { Message, can, html, useLoad, when } from "./ui.js";

/** The Timeline tab of a camera room: `#/apps/<app>/timeline/<room>`. */
export const timelineHash = (app, room) => `#/apps/${encodeURIComponent(app)}/timeline/${encodeURIComponent(room)}`;

const REFRESH_MS = 3000;
/** Play tokens are minted for 10 minutes and replaced after 8, so a thumbnail never goes dark. */
const PLAY_TOKEN_TTL = "10m";
const PLAY_TOKEN_RENEW_MS = 8 * 60_000;
/** At most this many stream details (viewer counts from the media server) per refresh. */
const DETAILS_MAX = 20;

const appPath = (name) => `/apps/${encodeURIComponent(name)}`;
export const livePath = (app, room) => `/live/${encodeURIComponent(app)}/${encodeURIComponent(room)}`;
export const withToken = (url, token) => (token ? `${url}?token=${encodeURIComponent(token)}` : url);

export function formatBitrate(bps) {
  if (bps === null || bps === undefined || !Number.isFinite(bps)) return "—";
  if (bps >= 1e6) return `${(bps / 1e6).toFixed(1)} Mb/s`;
  if (bps >= 1e3) return `${Math.round(bps / 1e3)} kb/s`;
  return `${Math.round(bps)} b/s`;
}

const stat = (stream, key) => {
  try {
    const value = JSON.parse(stream.lastStatsJson || "{}")[key];
    return typeof value === "number" ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One poll: the active streams, their detail (viewers) where the media server knows it, the camera
 * keys' live state and the ingresses' bitrate. The last two need `ingress:read` and are best effort:
 * a media server that is down must not hide the streams.
 */
async function poll(name, me) {
  const streams = await api("GET", `${appPath(name)}/streams`);
  const optional = (p) => p.catch((error) => ({ error }));
  const [details, cameras, ingresses] = await Promise.all([
    Promise.all(streams.slice(0, DETAILS_MAX).map((s) => (s.type === "ws-mjpeg" ? null : optional(api("GET", `${appPath(name)}/streams/${s.id}`))))),
    can(me, "ingress:read") ? optional(api("GET", `${appPath(name)}/ws-ingest`)) : [],
    can(me, "ingress:read") && streams.some((s) => s.type !== "webrtc" && s.type !== "ws-mjpeg") ? optional(api("GET", `${appPath(name)}/ingress?limit=500`)) : [],
  ]);
  return { at: Date.now(), streams, details, cameras, ingresses };
}

/** Rooms from the streams, with what each source knows: camera live state, ingress bitrate, viewers. */
function roomsOf(data, cameraRate) {
  const cameras = Array.isArray(data.cameras) ? data.cameras : [];
  const ingresses = Array.isArray(data.ingresses) ? data.ingresses : [];
  const rooms = new Map();
  data.streams.forEach((stream, i) => {
    const room = rooms.get(stream.room) ?? { room: stream.room, types: new Set(), streams: [], viewers: null, bitrate: null, participants: undefined };
    rooms.set(stream.room, room);
    room.types.add(stream.type);
    room.streams.push(stream);
    const add = (key, value) => {
      if (typeof value === "number") room[key] = (room[key] ?? 0) + value;
    };
    const participants = stat(stream, "participants");
    if (participants !== undefined) room.participants = Math.max(room.participants ?? 0, participants);
    if (stream.type === "ws-mjpeg") {
      const camera = cameras.find((c) => c.room === stream.room && c.connected);
      add("viewers", camera?.viewers);
      add("bitrate", camera ? cameraRate(camera) : undefined);
    } else {
      const detail = data.details[i];
      add("viewers", detail && !detail.error ? detail.viewers : undefined);
      add("bitrate", ingresses.find((g) => g.ingressId === stream.streamId)?.bitrate);
    }
  });
  // A camera room has a picture to preview: a WebSocket camera's, or a pulled camera's (its stream id is its ingress id, PC_...).
  const camera = (r) => r.types.has("ws-mjpeg") || r.streams.some((s) => s.streamId.startsWith("PC_"));
  return [...rooms.values()].map((r) => ({ ...r, participants: r.participants ?? r.streams.length, camera: camera(r) }));
}

export function LiveTab({ name, me }) {
  const live = useLoad(() => poll(name, me), [name], REFRESH_MS);
  const app = useLoad(() => api("GET", appPath(name)), [name]);
  // bytesIn of each camera key at the previous poll, for a bitrate over the last interval.
  const previous = useRef(new Map());
  const [rates, setRates] = useState(new Map());
  useEffect(() => {
    const cameras = Array.isArray(live.data?.cameras) ? live.data.cameras : [];
    const next = new Map();
    const nextRates = new Map();
    for (const c of cameras.filter((c) => c.connected)) {
      const before = previous.current.get(c.id);
      next.set(c.id, { bytes: c.bytesIn, at: live.data.at });
      if (before && live.data.at > before.at && c.bytesIn >= before.bytes) nextRates.set(c.id, ((c.bytesIn - before.bytes) * 8 * 1000) / (live.data.at - before.at));
    }
    previous.current = next;
    setRates(nextRates);
  }, [live.data]);
  const rooms = live.data ? roomsOf(live.data, (c) => rates.get(c.id)) : [];
  const privatePlayback = app.data ? !app.data.features?.publicPlayback : null;
  const sideErrors = [live.data?.cameras?.error, live.data?.ingresses?.error].filter(Boolean);
  return html`<section aria-labelledby="live-title">
    <h2 id="live-title">Live now</h2>
    <p class="hint">Refreshes every ${REFRESH_MS / 1000} seconds.${privatePlayback ? " Playback is private: previews and player links carry a 10-minute play token." : ""}</p>
    <${Message} error=${live.error} />
    ${sideErrors.map((e) => html`<p class="hint" key=${e.message}>Partial data: ${e.message}</p>`)}
    ${live.loading && !live.data
      ? html`<p>Loading…</p>`
      : rooms.length === 0
        ? html`<p>No rooms are live.</p>`
        : html`<${RoomTable} name=${name} me=${me} rooms=${rooms} privatePlayback=${privatePlayback} />
          <${StreamTable} streams=${live.data.streams} />`}
  </section>`;
}

function RoomTable({ name, me, rooms, privatePlayback }) {
  return html`<div class="table-wrap"><table>
    <caption>Rooms</caption>
    <thead><tr><th scope="col">Room</th><th scope="col">Type</th><th scope="col">Participants</th><th scope="col">Viewers</th><th scope="col">Bitrate</th><th scope="col">Preview</th></tr></thead>
    <tbody>${rooms.map((r) => html`<tr key=${r.room} data-room=${r.room}>
      <th scope="row">${r.room}</th>
      <td>${[...r.types].join(", ")}</td>
      <td>${r.participants}</td>
      <td data-cell="viewers">${r.viewers ?? "—"}</td>
      <td>${formatBitrate(r.bitrate)}</td>
      <td>${r.camera ? html`<${CameraPreview} app=${name} room=${r.room} me=${me} privatePlayback=${privatePlayback} />
        <a href=${timelineHash(name, r.room)}>Timeline<span class="visually-hidden"> of ${r.room}</span></a>` : html`<a href=${`/play/${encodeURIComponent(name)}/${encodeURIComponent(r.room)}`} target="_blank" rel="noopener">Open player</a>`}</td>
    </tr>`)}</tbody>
  </table></div>`;
}

function StreamTable({ streams }) {
  return html`<div class="table-wrap"><table>
    <caption>Streams</caption>
    <thead><tr><th scope="col">Stream</th><th scope="col">Type</th><th scope="col">Room</th><th scope="col">Participant</th><th scope="col">Started</th></tr></thead>
    <tbody>${streams.map((s) => html`<tr key=${s.id}>
      <td class="wrap">${s.streamId}</td><td>${s.type}</td><td>${s.room}</td><td>${s.participant ?? "—"}</td><td>${when(s.startedAt)}</td>
    </tr>`)}</tbody>
  </table></div>`;
}

/**
 * A subscribe-only play token for `room` while playback is private (`privatePlayback` true),
 * minted here and renewed before it expires; `{ token, error }`. Null `privatePlayback` means not
 * known yet; false needs no token.
 */
export function usePlayToken(app, room, me, privatePlayback) {
  const [play, setPlay] = useState({ token: null, error: null });
  useEffect(() => {
    if (!privatePlayback) return undefined;
    if (!can(me, "stream:write")) {
      setPlay({ token: null, error: { message: "Playback is private and your role cannot mint play tokens." } });
      return undefined;
    }
    let stopped = false;
    const mint = () =>
      api("POST", `${appPath(app)}/tokens`, { room, canPublish: false, ttl: PLAY_TOKEN_TTL }).then(
        (minted) => !stopped && setPlay({ token: minted.token, error: null }),
        (error) => !stopped && setPlay({ token: null, error }),
      );
    mint();
    const timer = setInterval(mint, PLAY_TOKEN_RENEW_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [app, room, privatePlayback]);
  return play;
}

/**
 * The camera's last frame, reloaded every few seconds, and a link to the player. With private
 * playback both carry a play token (`usePlayToken`).
 */
function CameraPreview({ app, room, me, privatePlayback }) {
  const play = usePlayToken(app, room, me, privatePlayback);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  if (privatePlayback === null) return html`<span>…</span>`;
  if (privatePlayback && !play.token) return play.error ? html`<${Message} error=${play.error} />` : html`<span>…</span>`;
  const token = privatePlayback ? play.token : null;
  const frame = withToken(`${livePath(app, room)}/frame.jpg`, token);
  return html`<div class="preview">
    <img src=${`${frame}${frame.includes("?") ? "&" : "?"}t=${tick}`} width="160" height="120" alt=${`Latest frame of camera room ${room}`} />
    <br /><a href=${withToken(`/play/${encodeURIComponent(app)}/${encodeURIComponent(room)}`, token)} target="_blank" rel="noopener">Open player<span class="visually-hidden"> for ${room}</span></a>
  </div>`;
}
