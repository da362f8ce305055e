import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { IngressClient } from "livekit-server-sdk";
import { dataOf, pageOf } from "../helpers/envelope.ts";
import { startLiveKit, type LiveKit } from "../helpers/livekit.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

type Ingress = Record<string, unknown> & { ingressId: string; streamKey: string };

describe("ingress through a real LiveKit (SPEC 4.9, 2.5)", () => {
  let livekit: LiveKit;
  let server: TestServer;
  const call = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });

  before(async () => {
    livekit = await startLiveKit();
    server = await startServer({ ...livekit.env, SERVICE_PUBLIC_URL: "https://video.example.com" });
    assert.equal((await call("POST", "/api/v1/apps", { name: "ing" })).status, 201);
  });
  after(async () => {
    await server?.close();
    await livekit?.stop();
  });

  it("creates RTMP and WHIP ingresses in LiveKit, lists, gets and deletes them", async () => {
    const rtmp = await call("POST", "/api/v1/apps/ing/ingress", { inputType: "rtmp", room: "stage" });
    assert.equal(rtmp.status, 201, rtmp.text);
    const r = dataOf<Ingress>(rtmp);
    assert.match(r.ingressId, /^IN_/);
    assert.equal(r["roomName"], "ing-stage");
    assert.equal(r["rtmp_url"], `rtmp://video.example.com:1935/ing/${r.streamKey}`);
    assert.equal(r["stream_key"], r.streamKey);
    assert.equal(r["requires_password"], false);
    // LiveKit always transcodes RTMP; passthrough exists for WHIP only.
    assert.equal(r["adaptive"], true);
    assert.equal(r["player_url"], "https://video.example.com/play/ing/ing-stage");
    assert.match(String(r["embed_iframe"]), /^<iframe src="https:\/\/video\.example\.com\/embed\/ing\/ing-stage"/);
    const whip = await call("POST", "/api/v1/apps/ing/ingress", { inputType: "whip", room: "desk" });
    assert.equal(whip.status, 201, whip.text);
    const w = dataOf<Ingress>(whip);
    assert.equal(w["adaptive"], false, "new apps are passthrough where LiveKit allows it");

    const lk = new IngressClient(livekit.url, livekit.apiKey, livekit.apiSecret);
    assert.deepEqual((await lk.listIngress({})).map((i) => i.ingressId).sort(), [r.ingressId, w.ingressId].sort());

    const list = await call("GET", "/api/v1/apps/ing/ingress?limit=1");
    const page = pageOf<Ingress>(list);
    assert.deepEqual([page.total, page.limit, page.offset, page.data.length], [2, 1, 0, 1]);
    assert.equal(pageOf<Ingress>(await call("GET", "/api/v1/apps/ing/ingress?room=ing-desk")).total, 1);
    assert.equal(pageOf<Ingress>(await call("GET", `/api/v1/apps/ing/ingress?q=${r.ingressId.toLowerCase()}`)).total, 1);
    assert.equal((await call("GET", "/api/v1/apps/ing/ingress?limit=501")).status, 400);
    assert.equal((await call("GET", "/api/v1/apps/ing/ingress?limit=0")).status, 400);

    const one = await call("GET", `/api/v1/apps/ing/ingress/${r.ingressId}`);
    assert.equal(dataOf<{ status: string }>(one).status, "inactive");
    assert.equal((await call("DELETE", `/api/v1/apps/ing/ingress/${r.ingressId}`)).status, 204);
    assert.deepEqual((await lk.listIngress({})).map((i) => i.ingressId), [w.ingressId]);
    assert.equal((await call("GET", `/api/v1/apps/ing/ingress/${r.ingressId}`)).status, 404);
  });

  it("gives RTMP ingresses a revealable stream password with rtmpPassword on, checked by validate", async () => {
    await call("PATCH", "/api/v1/apps/ing", { features: { rtmpPassword: true } });
    const res = await call("POST", "/api/v1/apps/ing/ingress", { inputType: "rtmp" });
    const i = dataOf<Ingress & { stream_password: string; requires_password: boolean }>(res);
    assert.equal(i.requires_password, true);
    assert.ok(i.stream_password.length >= 12);
    const listed = dataOf<Array<{ ingressId: string; stream_password?: string }>>(await call("GET", "/api/v1/apps/ing/ingress"));
    assert.equal(listed.find((x) => x.ingressId === i.ingressId)?.stream_password, i.stream_password);
    assert.equal((await call("POST", `/api/v1/apps/ing/ingress/${i.ingressId}/validate`, { password: "wrong" })).status, 401);
    const ok = await call("POST", `/api/v1/apps/ing/ingress/${i.ingressId}/validate`, { password: i.stream_password });
    assert.equal(ok.status, 200);
    const stored = server.app.databases.app("ing").prepare("SELECT password_sealed FROM ingresses WHERE ingress_id = ?").pluck().get(i.ingressId);
    assert.ok(!String(stored).includes(i.stream_password));
  });

  it("requires url for url ingresses and refuses internal sources (SSRF)", async () => {
    assert.equal((await call("POST", "/api/v1/apps/ing/ingress", { inputType: "url" })).status, 400);
    for (const url of ["rtsp://127.0.0.1/cam", "rtsp://127.1/cam", "http://169.254.169.254/latest", "rtsp://[::ffff:127.0.0.1]/x", "rtsp://10.0.0.5/cam", "rtsp://localhost/cam"]) {
      const res = await call("POST", "/api/v1/apps/ing/ingress", { inputType: "url", url });
      assert.equal(res.status, 400, url);
      assert.match(res.text, /internal address|does not resolve/, url);
    }
  });
});
