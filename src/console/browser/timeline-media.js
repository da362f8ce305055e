// The Timeline tab's playback from any point (the room's rewind playlist in hls.js) and its
// "Export clip" of a selected range (a VOD).
import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "./api.js";
import { livePath, usePlayToken } from "./live.js";
import { atClock, cameraPath, clock, iso, length } from "./timeline-util.js";
import { Field, html, Message, useAction } from "./ui.js";

/**
 * Each request hls.js makes to this service carries the newest play token: one minted after the
 * start replaces it. Another origin's URL (a presigned object) is its own authority, left as it is.
 */
function withToken(url, token) {
  const u = new URL(url, location.href);
  if (!token || u.origin !== location.origin) return url;
  u.searchParams.set("token", token);
  return u.pathname + u.search;
}

/** Asks for the playlist first, so a refusal shows the API's own message rather than hls.js's code. */
async function refusal(src) {
  const res = await fetch(src, { credentials: "omit", cache: "no-store" });
  if (res.ok) return null;
  const body = await res.json().catch(() => null);
  return { status: res.status, code: body?.error?.code, message: body?.error?.message ?? `The recording cannot be played (HTTP ${res.status}).` };
}

/**
 * The recording from `request.at` on, over `/live/{app}/{room}/dvr.m3u8?since=`, which goes on
 * into the live camera. hls.js plays it from its first segment (it would start a live playlist at
 * its end); Safari plays it natively. `onPlayhead` hears the wall-clock time being shown.
 */
export function Rewind({ app, room, me, privatePlayback, request, onPlayhead }) {
  const play = usePlayToken(app, room, me, request ? privatePlayback : false);
  const token = useRef(null);
  token.current = play.token;
  const video = useRef(null);
  const [state, setState] = useState({ error: null, at: null });
  const ready = request !== null && privatePlayback !== null && (!privatePlayback || play.token !== null);
  useEffect(() => {
    if (!ready) return undefined;
    let hls = null;
    let stopped = false;
    const el = video.current;
    const src = withToken(`${livePath(app, room)}/dvr.m3u8?since=${encodeURIComponent(iso(request.at))}`, token.current);
    setState({ error: null, at: null });
    const shown = () => {
      const date = hls ? hls.playingDate : null;
      if (!date) return;
      setState((s) => ({ ...s, at: date.getTime() }));
      onPlayhead(date.getTime());
    };
    el.addEventListener("timeupdate", shown);
    (async () => {
      const refused = await refusal(src);
      if (stopped) return;
      if (refused) return setState({ error: refused, at: null });
      const { default: Hls } = await import("hls.js");
      if (stopped) return;
      if (Hls.isSupported()) {
        // No worker: the console's CSP admits none, and demuxing one camera's MP4 is light.
        hls = new Hls({
          enableWorker: false,
          startPosition: 0,
          xhrSetup: (xhr, url) => xhr.open("GET", withToken(url, token.current), true),
        });
        hls.on(Hls.Events.ERROR, (_, data) => {
          if (!data.fatal) return;
          const code = data.response?.code;
          setState({ error: { message: code ? `Playback stopped: the service answered ${code} (${data.details}).` : `Playback stopped: ${data.details}.` }, at: null });
          hls.destroy();
          hls = null;
        });
        hls.loadSource(src);
        hls.attachMedia(el);
      } else if (el.canPlayType("application/vnd.apple.mpegurl")) el.src = src;
      else return setState({ error: { message: "This browser cannot play HLS (it has no Media Source)." }, at: null });
      el.play().catch(() => undefined); // muted, so it may start by itself; else the controls start it
    })().catch((error) => !stopped && setState({ error, at: null }));
    return () => {
      stopped = true;
      el.removeEventListener("timeupdate", shown);
      if (hls) hls.destroy();
      el.removeAttribute("src");
      onPlayhead(null);
    };
  }, [ready, request]);
  if (!request) return html`<p class="hint">Click the bar, or an event's Play button, to play the recording from there.</p>`;
  return html`<section aria-labelledby="tl-play-title" class="tl-play">
    <h3 id="tl-play-title">Playing from ${clock(request.at)}</h3>
    <${Message} error=${play.error || state.error} />
    <video ref=${video} controls muted playsinline class="vod-video" aria-label=${`Recording of ${room} from ${clock(request.at)}`}></video>
    <p class="hint" data-playing-at=${state.at === null ? undefined : iso(state.at)}>${state.at === null ? "Loading…" : `Showing ${clock(state.at)}; it goes on into the live camera.`}</p>
  </section>`;
}

/**
 * A selected range exported as a VOD (`POST .../clips`): the range from the bar, or typed as
 * times of the day shown; once made, a link to it in the VODs tab.
 */
export function ClipExport({ app, room, day, selection, onSelection }) {
  const action = useAction();
  const [made, setMade] = useState(null);
  const [name, setName] = useState("");
  const setEnd = (which) => (e) => {
    const at = atClock(day, e.currentTarget.value);
    if (at === null) return;
    const next = { from: selection?.from ?? at, to: selection?.to ?? at, [which]: at };
    onSelection(next.from <= next.to ? next : { from: next.to, to: next.from });
  };
  const submit = (event) => {
    event.preventDefault();
    const body = { since: iso(selection.from), until: iso(selection.to) };
    if (name.trim()) body.name = name.trim();
    action.run(async () => setMade(await api("POST", `${cameraPath(app, room)}/clips`, body)));
  };
  const vods = (id) => `#/apps/${encodeURIComponent(app)}/vods?vod=${encodeURIComponent(id)}`;
  return html`<form class="tl-clip" onSubmit=${submit} aria-labelledby="tl-clip-title">
    <h3 id="tl-clip-title">Export clip</h3>
    <div class="filters">
      <${Field} label="Clip from" type="time" step="1" value=${selection ? clock(selection.from) : ""} onChange=${setEnd("from")} />
      <${Field} label="Clip until" type="time" step="1" value=${selection ? clock(selection.to) : ""} onChange=${setEnd("to")} />
      <${Field} label="Clip name (optional)" value=${name} maxlength="64" pattern="[A-Za-z0-9][A-Za-z0-9_\\-]*" hint="Letters, digits, dashes and underscores; it names the VOD's file." onInput=${(e) => setName(e.currentTarget.value)} />
      <button type="submit" disabled=${!selection || selection.to <= selection.from || action.busy}>${action.busy ? "Exporting…" : "Export clip"}</button>
      <button type="button" class="secondary" disabled=${!selection} onClick=${() => onSelection(null)}>Clear selection</button>
    </div>
    <p class="hint">${selection ? `Selected ${clock(selection.from)}–${clock(selection.to)} (${length((selection.to - selection.from) / 1000)}).` : "Drag across the bar, or type the times, to select a range."}</p>
    <${Message} error=${action.error} />
    ${made && html`<p class="message info" role="status">Clip exported as VOD ${made.id} (${made.status}). <a href=${vods(made.id)}>Open VOD ${made.id} in the VODs tab</a></p>`}
  </form>`;
}
