/*
 * service-player.js: plays a room of service-core in a page.
 *
 *   <div id="live" style="width:640px;height:360px"></div>
 *   <script src="https://video.example.com/sdk/service-player.js"></script>
 *   <script>ServicePlayer.mount(document.getElementById("live"), { app: "myapp", room: "lobby" });</script>
 *
 * `token` (optional) is a play token minted by the app's backend, needed when public playback is
 * off. On another site, mount() puts the embed page in an iframe: the service's API answers only
 * its own origin, and the iframe keeps its strict CSP and its own autoplay permission. On the
 * service's own pages, it plays in the element itself: a WebSocket camera room as multipart MJPEG
 * in an <img>, a pulled camera over LL-HLS in a <video> (hls.js, or the browser's own HLS), any
 * other room over WebRTC with LiveKit's client; the libraries are loaded from /sdk/ when needed.
 */
(function () {
  "use strict";
  // Read while this script runs: later, currentScript is whatever runs then.
  const me = document.currentScript;
  const here = me ? new URL(me.src, location.href).origin : location.origin;
  const loading = {};

  /**
   * A library from /sdk/, loaded only for the rooms that need it: LiveKit's client (600 KB) for a
   * WebRTC room, hls.js for a pulled camera. The player pages name its versioned URL and integrity
   * on this script's tag (`data-<name>`), and the nonce this script carries lets it through their CSP.
   */
  function load(name, file, global) {
    if (window[global]) return Promise.resolve(window[global]);
    loading[name] = loading[name] || new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = (me && me.dataset[name]) || `${here}/sdk/${file}`;
      if (me && me.dataset[`${name}Integrity`]) s.integrity = me.dataset[`${name}Integrity`];
      if (me && me.nonce) s.nonce = me.nonce;
      s.onload = () => resolve(window[global]);
      s.onerror = () => {
        loading[name] = null;
        reject(new Error(`${file} did not load`));
      };
      document.head.appendChild(s);
    });
    return loading[name];
  }

  const make = (tag, className, parent) => {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (parent) parent.appendChild(el);
    return el;
  };
  const withQuery = (url, params) => {
    const u = new URL(url, location.href);
    for (const [k, v] of Object.entries(params)) if (v) u.searchParams.set(k, v);
    return u.href;
  };
  const enc = encodeURIComponent;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** The parts every player shows: the stage, one status line, the controls and the chat list. */
  function frame(element) {
    element.textContent = "";
    const root = make("div", "sp-player", element);
    const stage = make("div", "sp-stage", root);
    const status = make("p", "sp-status", stage);
    status.id = "status";
    const controls = make("div", "sp-controls", root);
    const chat = make("ol", "sp-chat", root);
    chat.hidden = true;
    const say = (message, detail) => {
      status.textContent = message;
      if (detail) make("span", "sp-detail", status).textContent = detail;
    };
    return { root, stage, status, controls, chat, say };
  }

  /** What the service says about the room, or why this viewer may not play it. */
  async function describe(base, app, room, token) {
    const res = await fetch(withQuery(`${base}/api/v1/apps/${enc(app)}/player/${enc(room)}`, { token }), { cache: "no-store" });
    const body = await res.json().catch(() => ({}));
    if (res.ok) return { info: body.data };
    return { status: res.status, message: (body.error && body.error.message) || res.statusText };
  }

  function refusal(ui, status, message, token) {
    if (status === 401 && !token) ui.say("This stream is private. Open it with the link the site gave you: it carries a play token (?token=…).", message);
    else if (status === 401) ui.say("This play link has expired or is not valid for this room. Go back to the site you came from to get a new one.", message);
    else if (status === 404 || status === 400) ui.say("Not found: there is no such stream here.", message);
    else ui.say("This stream cannot be played right now.", message);
  }

  /** A WebSocket camera room: the multipart stream in an <img>, and a detector's boxes over it. */
  function mjpegPlayer(ui, info, token) {
    const img = make("img", "", ui.stage);
    img.id = "video";
    img.alt = "live camera";
    img.hidden = true;
    const overlay = make("canvas", "", ui.stage);
    overlay.id = "overlay";
    let showing = false;
    let played = false;
    let boxes = false;
    let detections = null;
    async function check() {
      try {
        const res = await fetch(info.liveUrl, { cache: "no-store" });
        const body = await res.json();
        const active = res.ok && body.data && body.data.active;
        // Without a token, a room whose original a plugin hides is watched in the plugin's variant.
        const variant = token ? null : body.data && body.data.variant;
        if (active && !showing) {
          img.src = withQuery(body.data.mjpegUrl, { token, variant });
          showing = played = true;
        }
        if (body.data) detections = `/live/${enc(info.app)}/${enc(body.data.room)}/detections.json`;
        if (active) ui.say("");
        else ui.say(played ? "The stream has ended. Waiting for the camera to come back..." : "Camera offline: waiting for it to connect...");
        img.hidden = !active;
        if (!active) showing = false;
      } catch (err) {
        ui.say("Cannot reach the server; retrying...");
      }
    }
    async function plugins() {
      try {
        const res = await fetch(info.pluginsUrl, { cache: "no-store" });
        boxes = res.ok && (await res.json()).data.some((p) => p.overlay && p.overlay.topic === "detections");
      } catch (err) {
        boxes = false;
      }
    }
    // Detections are boxes normalized to the picture: drawn over the image where it lies in the page.
    async function draw() {
      const ctx = overlay.getContext("2d");
      overlay.width = img.clientWidth;
      overlay.height = img.clientHeight;
      overlay.style.left = img.offsetLeft + "px";
      overlay.style.top = img.offsetTop + "px";
      ctx.clearRect(0, 0, overlay.width, overlay.height);
      if (!boxes || !showing || !detections) return;
      try {
        const res = await fetch(withQuery(detections, { token }), { cache: "no-store" });
        const found = res.ok ? (await res.json()).data : null;
        if (!found) return;
        ctx.strokeStyle = "#0f0";
        ctx.fillStyle = "#0f0";
        ctx.lineWidth = 2;
        ctx.font = "13px system-ui, sans-serif";
        for (const o of found.objects) {
          const [x, y, w, h] = [o.box.x * overlay.width, o.box.y * overlay.height, o.box.width * overlay.width, o.box.height * overlay.height];
          ctx.strokeRect(x, y, w, h);
          ctx.fillText(o.label + " " + Math.round(o.score * 100) + "%", x + 3, Math.max(12, y - 4));
        }
      } catch (err) {
        // The next round tries again.
      }
    }
    img.addEventListener("error", () => {
      showing = false;
      setTimeout(check, 2000);
    });
    check();
    plugins();
    const timers = [setInterval(check, 5000), setInterval(plugins, 30000), setInterval(draw, 500)];
    return () => timers.forEach(clearInterval);
  }

  /**
   * A camera the service pulls, over LL-HLS in a muted <video> (so it may autoplay): hls.js in its
   * low-latency mode, or the browser's own HLS (Safari). A camera that drops comes back on the same
   * playlist; a playlist that cannot be read yet (the camera connecting) is asked again.
   */
  function hlsPlayer(ui, info, token, Hls) {
    const video = make("video", "", ui.stage);
    video.id = "video";
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    const src = withQuery(info.hlsUrl, { token });
    let hls = null;
    let timer = null;
    let stopped = false;
    video.addEventListener("playing", () => ui.say(""));
    const start = () => {
      if (stopped) return;
      if (!Hls || !Hls.isSupported()) {
        video.src = src;
        return;
      }
      // No worker: the pages' CSP allows no worker source, and parsing a camera's parts is light.
      // A player that fell behind (a stall, a slow start) plays up to 1.5x until it is back at the live edge.
      hls = new Hls({ lowLatencyMode: true, enableWorker: false, maxLiveSyncPlaybackRate: 1.5, manifestLoadingMaxRetry: 0 });
      hls.on(Hls.Events.ERROR, (event, data) => {
        if (!data.fatal) return;
        const status = data.response && data.response.code;
        hls.destroy();
        hls = null;
        if (status === 401 || status === 404) ui.say(status === 401 ? "This stream is private or the play link expired." : "Camera offline: waiting for it to connect...");
        else ui.say("The camera's stream was interrupted; reconnecting...");
        timer = setTimeout(start, 2000);
      });
      hls.loadSource(src);
      hls.attachMedia(video);
    };
    ui.say("Connecting to the camera...");
    start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (hls) hls.destroy();
      video.removeAttribute("src");
    };
  }

  const REACTIONS = ["👍", "❤️", "😂", "👏", "🎉"];

  /** Chat lines and reactions from the room's data channel, on the topics the server sends them on. */
  function messages(ui, features) {
    const show = (li) => {
      ui.chat.hidden = false;
      ui.chat.appendChild(li);
      while (ui.chat.children.length > 30) ui.chat.firstChild.remove();
    };
    return (topic, payload) => {
      let msg;
      try {
        msg = JSON.parse(new TextDecoder().decode(payload));
      } catch (err) {
        return;
      }
      if (topic === "chat" && features.chat && typeof msg.message === "string") {
        const li = make("li", "sp-message");
        make("b", "", li).textContent = `${msg.from || "?"}: `;
        li.appendChild(document.createTextNode(msg.message));
        show(li);
      } else if (topic === "reaction" && features.reactions && typeof msg.reaction === "string") {
        const li = make("li", "sp-reaction");
        li.textContent = msg.reaction;
        show(li);
        setTimeout(() => li.remove(), 4000);
      }
    };
  }

  /**
   * Any other room, over WebRTC. Video starts muted so browsers let it autoplay; audio plays
   * muted until the viewer presses Unmute (a gesture, which is what autoplay policies ask for).
   * LiveKit's client resumes a dropped connection by itself; when it gives up, we start over with
   * a fresh token, backing off to 30 s, and at once when the browser comes back online.
   */
  function webrtcPlayer(ui, info, token, LK) {
    if (!info.wsUrl) {
      ui.say("This stream cannot be played: the service has no media server configured.");
      return () => {};
    }
    const tracks = make("div", "sp-tracks", ui.stage);
    tracks.hidden = true;
    const unmute = make("button", "sp-unmute", ui.controls);
    unmute.type = "button";
    unmute.hidden = true;
    const attached = new Map();
    const onData = messages(ui, info.features);
    let muted = true;
    let played = false;
    let ended = false;
    let stopped = false;
    let failures = 0;
    let room = null;
    let timer = 0;

    const audios = () => [...attached.values()].filter((el) => el.tagName === "AUDIO");
    function render() {
      const videos = [...attached.values()].some((el) => el.tagName === "VIDEO");
      tracks.hidden = !videos;
      unmute.hidden = audios().length === 0;
      unmute.textContent = muted ? "Unmute" : "Mute";
      if (attached.size > 0) ui.say("");
      else if (played || ended) ui.say("The stream has ended.", "This page starts playing again by itself if it restarts.");
      else ui.say("Waiting for the stream to start...", "This page starts playing by itself when it does.");
    }
    unmute.addEventListener("click", () => {
      muted = !muted;
      for (const el of audios()) {
        el.muted = muted;
        el.play().catch(() => undefined);
      }
      if (room) room.startAudio().catch(() => undefined);
      render();
    });
    function attach(track) {
      if (track.kind !== "video" && track.kind !== "audio") return;
      const el = track.kind === "video" ? make("video", "sp-video", tracks) : make("audio", "sp-audio", ui.root);
      track.attach(el);
      // attach() unmutes an element that carries audio; the viewer decides when sound starts.
      if (track.kind === "audio") el.muted = muted;
      el.play().catch(() => undefined);
      attached.set(track.sid, el);
      played = true;
      ended = false;
      render();
    }
    function detach(track) {
      const el = attached.get(track.sid);
      if (!el) return;
      track.detach(el);
      el.remove();
      attached.delete(track.sid);
      render();
    }
    function clear() {
      for (const el of attached.values()) el.remove();
      attached.clear();
    }
    function reactions() {
      ui.controls.querySelectorAll(".sp-react").forEach((b) => b.remove());
      const allowed = room.localParticipant.permissions ? room.localParticipant.permissions.canPublishData : false;
      if (!info.features.reactions || !allowed) return;
      for (const reaction of REACTIONS) {
        const b = make("button", "sp-react", ui.controls);
        b.type = "button";
        b.textContent = reaction;
        b.addEventListener("click", () => {
          const payload = new TextEncoder().encode(JSON.stringify({ type: "reaction", from: room.localParticipant.identity, reaction, ts: new Date().toISOString() }));
          room.localParticipant.publishData(payload, { reliable: true, topic: "reaction" }).catch(() => undefined);
          // The data channel does not echo to the sender.
          onData("reaction", payload);
        });
      }
    }
    function retry() {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(start, Math.min(30000, 1000 * 2 ** failures++));
    }
    async function viewerToken() {
      if (token) return token;
      const res = await fetch(info.tokenUrl, { cache: "no-store" });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) throw Object.assign(new Error((body.error && body.error.message) || res.statusText), { httpStatus: res.status });
      return body.data.token;
    }
    async function start() {
      if (stopped || (room && room.state !== LK.ConnectionState.Disconnected)) return;
      const next = new LK.Room({ adaptiveStream: false, dynacast: false });
      room = next;
      next
        .on(LK.RoomEvent.TrackSubscribed, (track) => attach(track))
        .on(LK.RoomEvent.TrackUnsubscribed, (track) => detach(track))
        .on(LK.RoomEvent.ParticipantDisconnected, render)
        .on(LK.RoomEvent.Reconnecting, () => ui.say("Connection lost; reconnecting..."))
        .on(LK.RoomEvent.Reconnected, render)
        .on(LK.RoomEvent.ParticipantPermissionsChanged, reactions)
        .on(LK.RoomEvent.DataReceived, (payload, participant, kind, topic) => onData(topic, payload))
        .on(LK.RoomEvent.Disconnected, (reason) => {
          if (room !== next) return;
          clear();
          if (reason === LK.DisconnectReason.ROOM_DELETED) ended = true;
          render();
          if (!stopped) ui.say(ended ? "The stream has ended." : "Disconnected; reconnecting...", "This page starts playing again by itself if it restarts.");
          retry();
        });
      try {
        await next.connect(info.wsUrl, await viewerToken(), { autoSubscribe: true });
        failures = 0;
        reactions();
        render();
      } catch (err) {
        if (room !== next) return;
        // A refused token: ask the service why, in words a person can act on, and stop there.
        if (err.httpStatus !== undefined || (err.reason === LK.ConnectionErrorReason.NotAllowed && err.status === 401)) {
          const why = err.httpStatus === undefined ? await describe("", info.app, info.room, token) : { status: err.httpStatus, message: err.message };
          if (why.status !== undefined && why.status !== 503) return refusal(ui, why.status, why.message, token);
        }
        ui.say("Cannot reach the media server; retrying...", String(err.message || err));
        retry();
      }
    }
    const online = () => {
      failures = 0;
      if (room && room.state === LK.ConnectionState.Disconnected) start();
    };
    window.addEventListener("online", online);
    render();
    start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", online);
      if (room) room.disconnect();
    };
  }

  /**
   * Mounts a player for `{ app, room, token? }` into `element` and answers `{ destroy() }`.
   * `base` is the service's address; it defaults to where this script was loaded from.
   */
  function mount(element, options) {
    const base = (options.base || here).replace(/\/$/, "");
    const token = options.token || undefined;
    if (new URL(base, location.href).origin !== location.origin) {
      const iframe = make("iframe", "", null);
      iframe.src = withQuery(`${base}/embed/${enc(options.app)}/${enc(options.room)}`, { token });
      iframe.allow = "autoplay; fullscreen";
      iframe.allowFullscreen = true;
      iframe.title = `${options.room} (live)`;
      iframe.style.border = "0";
      iframe.style.width = "100%";
      iframe.style.height = "100%";
      element.textContent = "";
      element.appendChild(iframe);
      return { destroy: () => iframe.remove() };
    }
    const ui = frame(element);
    ui.say("Connecting...");
    let stop = () => {};
    let destroyed = false;
    (async () => {
      for (let wait = 2000; !destroyed; wait = Math.min(wait * 2, 30000)) {
        try {
          const found = await describe(base, options.app, options.room, token);
          if (destroyed) return;
          if (found.info && found.info.kind === "ws-mjpeg") {
            stop = mjpegPlayer(ui, found.info, token);
            return;
          }
          if (found.info && found.info.kind === "hls") {
            // hls.js wherever it runs (Media Source); an iPhone without it plays HLS itself.
            const Hls = await load("hls", "hls.min.js", "Hls").catch(() => null);
            if (!destroyed) stop = hlsPlayer(ui, found.info, token, Hls);
            return;
          }
          if (found.info) {
            const LK = await load("livekit", "livekit-client.umd.js", "LivekitClient");
            if (!destroyed) stop = webrtcPlayer(ui, found.info, token, LK);
            return;
          }
          if (found.status < 500) return refusal(ui, found.status, found.message, token);
          ui.say("The server cannot answer right now; retrying...", found.message);
        } catch (err) {
          ui.say("Cannot reach the server; retrying...");
        }
        await sleep(wait);
      }
    })();
    return {
      destroy() {
        destroyed = true;
        stop();
        element.textContent = "";
      },
    };
  }

  window.ServicePlayer = { mount };
})();
