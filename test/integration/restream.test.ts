import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";
import type { DestinationView } from "../../src/restream/service.ts";
import type { StreamView } from "../../src/streams/store.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { account, signup } from "../helpers/identity.ts";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { startRtmpReceiver, type RtmpReceiver } from "../helpers/rtmp.ts";
import { metricValue, startServer, type TestResponse, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/** What ffprobe finds in a file the receiver recorded (without blocking: the service runs in this process). */
async function probe(file: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", file], { encoding: "utf8" });
  return stdout.trim().split("\n").sort();
}

/**
 * Restreaming a camera room (issue 15) to real RTMP and RTMPS receivers (nginx with Debian's RTMP
 * module, TLS terminated by nginx's stream module): two destinations, one receiver killed and
 * brought back while the other goes on, stop, masking everywhere, validation.
 */
describe("restreaming a camera room", () => {
  let server: TestServer;
  let plain: RtmpReceiver;
  let secure: RtmpReceiver;
  let camera: Camera;
  let timer: NodeJS.Timeout;
  let streamId = "";
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/cast${p}`, { token: server.rootToken, body });
  const destinations = async () => dataOf<DestinationView[]>(await call("GET", `/streams/${encodeURIComponent(streamId)}/restream`));
  const stateOf = async (id: string) => (await destinations()).find((d) => d.id === id)?.state;

  before(async () => {
    plain = await startRtmpReceiver();
    secure = await startRtmpReceiver({ tls: true });
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
    await cameraApp(server, "cast");
    camera = await Camera.connect(await mintKey(server, "cast", "studio"));
    const colors = ["red", "green", "blue"];
    let i = 0;
    timer = setInterval(() => camera.send(testJpeg(colors[i++ % 3], 0, "320x240")), 100);
    await eventually(async () => (await call("GET", "/streams")).text.includes("cast-studio"), 10_000, "the camera's stream");
    streamId = ((await call("GET", "/streams")).json as StreamView[])[0]?.streamId ?? "";
  });
  after(async () => {
    clearInterval(timer);
    await camera?.close();
    await server?.close();
    await plain?.close();
    await secure?.close();
  });

  it("refuses bad destinations with 400 and names the field, and unknown streams with 404", async () => {
    const url = `/streams/${encodeURIComponent(streamId)}/restream`;
    for (const body of [
      { platform: "youtube" },
      { platform: "custom" },
      { platform: "custom", url: "http://127.0.0.1/live" },
      { platform: "custom", url: `rtmp://127.0.0.1/${"x".repeat(2000)}` },
      { platform: "custom", url: "rtmp://127.0.0.1/live", key: "k".repeat(501) },
      { platform: "custom", url: "rtmp://127.0.0.1/live", name: "n".repeat(121) },
      { platform: "custom", url: "rtmp://127.0.0.1/live", layout: "l".repeat(101) },
      { platform: "twitch", key: "abc", url: "rtmp://127.0.0.1/live" },
      { platform: "myspace", key: "abc" },
      { platform: "custom", url: "rtmp://10.1.2.3/live", key: "k" },
    ]) {
      const res = await call("POST", url, body);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`);
      assert.equal(errorOf(res).code, "validation_failed");
    }
    assert.equal((await call("POST", "/streams/nope/restream", { platform: "twitch", key: "abc" })).status, 404);
  });

  it("pushes to two receivers, keeps one going while the other's receiver is down, recovers it, stops each; keys never shown or logged", { timeout: 120_000 }, async () => {
    const url = `/streams/${encodeURIComponent(streamId)}/restream`;
    const a = await call("POST", url, { platform: "custom", url: plain.url, key: "alpha-secret-key", name: "plain" });
    assert.equal(a.status, 201, a.text);
    const b = await call("POST", url, { platform: "custom", url: secure.tlsUrl, key: "bravo-secret-key", name: "secure" });
    assert.equal(b.status, 201, b.text);
    const [first, second] = [dataOf<DestinationView>(a), dataOf<DestinationView>(b)];
    assert.match(first.id, /^RS_/);
    assert.equal(first.url, `${plain.url}/****`);
    assert.equal(second.url, `${secure.tlsUrl}/****`);
    await eventually(async () => (await stateOf(first.id)) === "active" && (await stateOf(second.id)) === "active", 20_000, "both destinations active");
    await eventually(async () => (await destinations()).every((d) => (d.bitrateKbps ?? 0) > 0), 10_000, "bitrates reported");
    assert.equal(await metricValue(server, 'service_restream_destinations{state="active"}'), 2);

    await plain.stop();
    await eventually(async () => (await stateOf(first.id)) === "failed" || ((await destinations()).find((d) => d.id === first.id)?.attempts ?? 0) > 0, 20_000, "the plain destination to fail");
    assert.equal(await stateOf(second.id), "active", "the other destination is untouched");
    assert.ok(server.app.events.recent().some((e) => e.event === "restream_failed" && e.data["destinationId"] === first.id));
    await plain.start();
    await eventually(async () => (await stateOf(first.id)) === "active", 40_000, "the plain destination to recover");
    assert.ok((await metricValue(server, 'service_restream_failures_total{platform="custom"}')) >= 1);

    const stopped = await call("DELETE", `${url}/${first.id}`);
    assert.equal(stopped.status, 200, stopped.text);
    assert.equal(dataOf<DestinationView>(stopped).state, "stopped");
    assert.equal(dataOf<DestinationView>(await call("DELETE", `${url}/${first.id}`)).state, "stopped", "stopping again answers the stopped record");
    assert.deepEqual((await destinations()).map((d) => d.id), [second.id]);
    assert.equal((await call("DELETE", `${url}/RS_unknown`)).status, 404);
    assert.equal((await call("DELETE", `${url}/${second.id}`)).status, 200);
    await eventually(async () => (await destinations()).length === 0, 5000, "no destination left");

    await eventually(async () => secure.received("bravo-secret-key") && plain.received("alpha-secret-key"), 10_000, "both receivers got the push");
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(await probe(secure.recording("bravo-secret-key")), ["aac", "h264"]);
    assert.deepEqual(await probe(plain.recording("alpha-secret-key")), ["aac", "h264"]);
    const events = server.app.events.recent().filter((e) => e.event.startsWith("restream_"));
    assert.deepEqual([...new Set(events.map((e) => e.event))].sort(), ["restream_failed", "restream_started", "restream_stopped"]);
    const log = readFileSync(path.join(server.dataDir, "service.log"), "utf8");
    for (const key of ["alpha-secret-key", "bravo-secret-key"]) {
      assert.equal(JSON.stringify(events).includes(key), false, `${key} in an event`);
      assert.equal(log.includes(key), false, `${key} in the log`);
    }
  });
});

describe("restream quota and the stream's end", () => {
  let server: TestServer;
  let receiver: RtmpReceiver;
  let camera: Camera;
  let timer: NodeJS.Timeout;

  before(async () => {
    receiver = await startRtmpReceiver();
    server = await startServer({ SERVICE_PORT: String(await freePort()), SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", SERVICE_ALLOW_SIGNUP: "on" });
  });
  after(async () => {
    clearInterval(timer);
    await server?.close();
    await receiver?.close();
  });

  it("allows the free plan one destination (429 quota_exceeded after), and stops destinations when the camera leaves", { timeout: 60_000 }, async () => {
    const owner = await signup(server, "olga@example.com", "Olga");
    assert.equal((await server.request("POST", "/api/v1/apps", { token: owner, body: { name: "tenant-cast" } })).status, 201);
    camera = await Camera.connect(await mintKey(server, "tenant-cast", "stage"));
    timer = setInterval(() => camera.send(testJpeg("red", 0, "320x240")), 100);
    const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/tenant-cast${p}`, { token: owner, body });
    await eventually(async () => (await call("GET", "/streams")).text.includes("tenant-cast-stage"), 10_000, "the camera's stream");
    const streamId = ((await call("GET", "/streams")).json as StreamView[])[0]?.streamId ?? "";
    const url = `/streams/${encodeURIComponent(streamId)}/restream`;
    // Two at once: the check holds a slot until the row exists, so exactly one gets through.
    const both = await Promise.all(["one", "two"].map((key) => call("POST", url, { platform: "custom", url: receiver.url, key })));
    assert.deepEqual(both.map((r) => r.status).sort(), [201, 429], both.map((r) => r.text).join(" "));
    const [first, second] = both[0]?.status === 201 ? (both as [TestResponse, TestResponse]) : ([both[1], both[0]] as [TestResponse, TestResponse]);
    assert.equal(errorOf(second).code, "quota_exceeded");
    assert.equal(dataOf<DestinationView[]>(await call("GET", url)).length, 1, "nothing was started by the refusal");
    const usage = `service_tenant_usage{tenant="${(await account(server, owner)).teamId}",metric="max_concurrent_egress"}`;
    assert.equal(await metricValue(server, usage), 1, "the live destination is the tenant's egress usage");

    clearInterval(timer);
    await camera.close();
    const id = dataOf<DestinationView>(first).id;
    await eventually(async () => server.app.events.recent().some((e) => e.event === "restream_stopped" && e.data["destinationId"] === id && e.data["reason"] === "source_ended"), 15_000, "the destination to stop with its camera");
    assert.deepEqual(dataOf<DestinationView[]>(await call("GET", url)), []);
    assert.equal(await metricValue(server, usage), 0, "a stopped destination uses nothing");
    assert.equal((await call("POST", url, { platform: "custom", url: receiver.url, key: "three" })).status, 409, "the stream has ended");
  });
});
