import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { after, before, describe, it } from "node:test";
import sharp from "sharp";
import type { PluginView } from "../../src/plugins/service.ts";
import type { LogLine, WorkerStatus } from "../../src/plugins/workers.ts";
import type { DetectionsMessage } from "../../workers/plugins/protocol.ts";
import { launchChromium } from "../helpers/browser.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { Camera, MjpegViewer, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { processAlive } from "../helpers/process.ts";
import { metricValue, request, startServer, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const ASTRONAUT = readFileSync(new URL("../fixtures/astronaut.jpg", import.meta.url));


/** Gray pixels of a JPEG, for comparing a picture with its blurred rendition. */
async function gray(jpeg: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(jpeg).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function variance(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
}

/**
 * Plugins (issue 16) on a real service with real worker processes: the framework's routes and
 * validation, a deface worker blurring a real photo for a camera room's `?variant=deface` stream,
 * a yolo worker finding the person in it, and the worker lifecycle under kill and stop.
 */
describe("plugins", () => {
  let server: TestServer;
  let camera: Camera;
  let timer: NodeJS.Timeout;
  const call = (method: string, p: string, body?: unknown) => server.request(method, `/api/v1/apps/lens${p}`, { token: server.rootToken, body });
  const status = async (id: string) => dataOf<WorkerStatus>(await call("GET", `/plugins/${id}/worker/status`));
  const events = (name: string, plugin: string) => server.app.events.recent().filter((e) => e.app === "lens" && e.event === name && e.data["plugin"] === plugin);
  const live = (p: string) => request(server.url, "GET", `/live/lens/lens-cam${p}`);

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()) });
    await cameraApp(server, "lens", "features:\n  publicPlayback: true\nws_ingest:\n  max_fps: 30\n");
    camera = await Camera.connect(await mintKey(server, "lens", "cam"));
    timer = setInterval(() => camera.send(ASTRONAUT), 100);
    await eventually(async () => (await live("/frame.jpg")).status === 200, 10_000, "the camera's first frame");
  });
  after(async () => {
    clearInterval(timer);
    await camera?.close();
    await server?.close();
  });

  it("lists both plugins uninstalled, and refuses what it does not know or may not do yet", async () => {
    const list = dataOf<PluginView[]>(await call("GET", "/plugins"));
    assert.deepEqual(list.map((p) => [p.id, p.installed, p.enabled, p.needsWorker, p.worker?.state]), [
      ["yolo", false, false, true, "stopped"],
      ["deface", false, false, true, "stopped"],
    ]);
    assert.equal(list[1]?.configSchema["method"]?.type, "select");
    assert.equal(errorOf(await call("GET", "/plugins/nope")).code, "not_found");
    assert.equal(errorOf(await call("GET", "/plugins/Bad_Id")).code, "validation_failed");
    const early = await call("PATCH", "/plugins/deface", { enabled: true });
    assert.equal(early.status, 409);
    assert.match(errorOf(early).message, /install/);
    assert.equal((await call("POST", "/plugins/yolo/worker/start")).status, 409);
    assert.equal((await call("DELETE", "/plugins/yolo")).status, 404);
    assert.equal((await server.request("GET", "/api/v1/apps/lens/plugins")).status, 401);
    const pub = await server.request("GET", "/api/v1/apps/lens/plugins/public");
    assert.deepEqual(dataOf(pub), []);
    assert.equal((await server.request("GET", "/api/v1/apps/nosuch/plugins/public")).status, 404);
  });

  it("installs idempotently, checks a config against the manifest, and keeps secrets out of the YAML", async () => {
    assert.equal((await call("POST", "/plugins/deface/install")).status, 200);
    const again = await call("POST", "/plugins/deface/install");
    assert.equal(again.status, 200);
    assert.equal(dataOf<PluginView>(again).enabled, false);
    for (const [config, path] of [
      [{ fps: "fast" }, "body.config.fps"],
      [{ method: "smudge" }, "body.config.method"],
      [{ strength: 1000 }, "body.config.strength"],
      [{ strength: 2.5 }, "body.config.strength"],
      [{ shade: 1 }, "body.config"],
    ] as const) {
      const res = await call("PATCH", "/plugins/deface", { config });
      assert.equal(res.status, 400, JSON.stringify(config));
      const error = errorOf<{ path: string }[]>(res);
      assert.equal(error.code, "validation_failed");
      assert.ok(error.details?.some((d) => d.path === path), `${JSON.stringify(config)}: ${res.text}`);
    }
    const set = await call("PATCH", "/plugins/deface", { config: { originalKey: "let-me-see-1234", strength: 40 } });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual([dataOf<PluginView>(set).config["originalKey"], dataOf<PluginView>(set).config["strength"]], ["********", 40]);
    const kept = await call("PATCH", "/plugins/deface", { config: { originalKey: "********" } });
    assert.equal(dataOf<PluginView>(kept).config["originalKey"], "********");
    const raw = (await call("GET", "/config/raw")).text;
    assert.ok(raw.includes("strength: 40") && !raw.includes("let-me-see"), raw);
    const smuggled = await call("PUT", "/config/raw", { yaml: "plugins:\n  deface:\n    config:\n      originalKey: in-the-file\n" });
    assert.equal(smuggled.status, 400);
    assert.match(errorOf(smuggled).message, /secret/);
    const stranger = await call("PUT", "/config/raw", { yaml: "plugins:\n  paint: {}\n" });
    assert.equal(stranger.status, 400);
  });

  it("deface: enabling runs the worker, the blurred variant streams, and the original is no longer public", { timeout: 60_000 }, async () => {
    assert.equal((await live("/frame.jpg?variant=deface")).status, 404, "no variant before the plugin runs");
    const enabled = await call("PATCH", "/plugins/deface", { enabled: true });
    assert.equal(enabled.status, 200, enabled.text);
    await eventually(async () => (await status("deface")).state === "running", 30_000, "the deface worker to run");
    const { pid } = await status("deface");
    assert.ok(pid !== null && processAlive(pid));
    assert.deepEqual(events("plugin_worker_started", "deface").map((e) => e.data["pid"]), [pid]);

    await eventually(async () => (await live("/frame.jpg?variant=deface")).status === 200, 20_000, "the deface variant's first frame");
    const blurredRes = await fetch(`${server.url}/live/lens/lens-cam/frame.jpg?variant=deface`);
    const blurred = await gray(Buffer.from(await blurredRes.arrayBuffer()));
    const original = await gray(ASTRONAUT);
    assert.deepEqual([blurred.width, blurred.height], [original.width, original.height]);
    // Where the rendition differs from the photo is the hidden face: a region of its own, much flatter than before.
    let [left, top, right, bottom] = [original.width, original.height, -1, -1];
    for (let y = 0; y < original.height; y++) {
      for (let x = 0; x < original.width; x++) {
        const i = y * original.width + x;
        if (Math.abs((original.data[i] ?? 0) - (blurred.data[i] ?? 0)) > 40) [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      }
    }
    assert.ok(right > left && bottom > top, "something was hidden");
    const area = ((right - left) * (bottom - top)) / (original.width * original.height);
    assert.ok(area > 0.01 && area < 0.3, `the hidden region is face-sized: ${area}`);
    const inside = (img: { data: Buffer; width: number }) => {
      const values: number[] = [];
      for (let y = top; y <= bottom; y++) for (let x = left; x <= right; x++) values.push(img.data[y * img.width + x] ?? 0);
      return variance(values);
    };
    assert.ok(inside(blurred) < inside(original) / 2, `variance inside ${inside(blurred)} vs ${inside(original)}`);
    let outsideDiff = 0;
    let outsideCount = 0;
    for (let y = 0; y < original.height; y++) {
      for (let x = 0; x < original.width; x++) {
        if (x >= left - 8 && x <= right + 8 && y >= top - 8 && y <= bottom + 8) continue;
        const i = y * original.width + x;
        outsideDiff += Math.abs((original.data[i] ?? 0) - (blurred.data[i] ?? 0));
        outsideCount++;
      }
    }
    assert.ok(outsideDiff / outsideCount < 4, `outside the face the picture is unchanged (mean difference ${outsideDiff / outsideCount})`);

    const viewer = await MjpegViewer.open(`${server.url}/live/lens/lens-cam/mjpeg?variant=deface`);
    try {
      assert.equal(viewer.status, 200);
      await viewer.until(() => viewer.parts.length >= 3, 15_000);
      assert.equal(viewer.error, undefined);
    } finally {
      viewer.socket.destroy();
    }

    const hidden = await live("/frame.jpg");
    assert.equal(hidden.status, 403);
    assert.equal(errorOf(hidden).code, "forbidden");
    assert.equal((await live("/mjpeg")).status, 403);
    assert.equal((await live("/frame.jpg?key=wrong")).status, 403);
    assert.equal((await live("/frame.jpg?key=let-me-see-1234")).status, 200);
    assert.equal((await live("/frame.jpg?variant=paint")).status, 404);
    await call("PATCH", "/plugins/deface", { config: { publicOriginal: true } });
    assert.equal((await live("/frame.jpg")).status, 200, "publicOriginal opens the original again");
  });

  it("a killed worker is one error and comes back; stop is idempotent and held; logs are clamped", { timeout: 60_000 }, async () => {
    await eventually(async () => (await status("deface")).state === "running", 30_000, "the deface worker to run after its config change");
    const { pid } = await status("deface");
    assert.ok(pid !== null);
    const errorsBefore = events("plugin_worker_error", "deface").length;
    process.kill(pid, "SIGKILL");
    await eventually(async () => {
      const now = await status("deface");
      return now.state === "running" && now.pid !== pid;
    }, 30_000, "the worker to be restarted after its backoff");
    const errors = events("plugin_worker_error", "deface").slice(errorsBefore);
    assert.deepEqual(errors.map((e) => e.data), [{ plugin: "deface", exitCode: null, signal: "SIGKILL" }]);
    assert.equal((await status("deface")).crashes, 1);

    const { pid: second } = await status("deface");
    const stopped = await call("POST", "/plugins/deface/worker/stop");
    assert.equal(stopped.status, 200);
    await eventually(async () => (await status("deface")).state === "stopped", 15_000, "the worker to stop");
    assert.ok(second !== null && !processAlive(second), "the process is gone");
    assert.equal((await call("POST", "/plugins/deface/worker/stop")).status, 200, "stopping an idle worker is a no-op");
    assert.equal(events("plugin_worker_stopped", "deface").at(-1)?.data["pid"], second);
    assert.equal(events("plugin_worker_error", "deface").length, errorsBefore + 1, "a stop is not an error");
    // An unrelated config write does not bring back a worker the operator stopped.
    await call("PATCH", "/plugins/deface", { config: { strength: 50 } });
    assert.equal((await status("deface")).state, "stopped");

    const logs = async (q: string) => dataOf<{ lines: LogLine[] }>(await call("GET", `/plugins/deface/logs${q}`)).lines;
    const all = await logs("");
    assert.ok(all.some((l) => l.line.includes("worker ready")), JSON.stringify(all));
    assert.equal((await logs("?limit=0")).length, 1);
    assert.deepEqual(await logs("?limit=5000"), all);
    assert.equal(errorOf(await call("GET", "/plugins/deface/logs?limit=lots")).code, "validation_failed");
    // The same lines are in the service log under the plugin's source, attributed to the app.
    await eventually(async () => {
      const res = await server.request("GET", "/api/v1/logs?source=plugin:deface&limit=50", { token: server.rootToken });
      return dataOf<{ message: string; app: string }[]>(res).some((l) => l.message.includes("worker ready") && l.app === "lens");
    }, 10_000, "the worker's lines in the service log");
    const actors = dataOf<{ id: string; state: unknown }[]>(await server.request("GET", "/api/v1/debug/actors?prefix=plugin:lens:", { token: server.rootToken }));
    assert.deepEqual(actors.map((a) => [a.id, a.state]), [["plugin:lens:deface", "stopped"]]);
  });

  it("yolo finds the person in a camera room, counts it, and lists itself for players", { timeout: 60_000 }, async () => {
    assert.equal((await call("POST", "/plugins/yolo/install")).status, 200);
    assert.equal((await call("PATCH", "/plugins/yolo", { enabled: true, config: { fps: 4, classes: "person, car" } })).status, 200);
    await eventually(async () => dataOf<DetectionsMessage[]>(await call("GET", "/plugins/yolo/detections")).some((d) => d.objects.length > 0), 30_000, "detections for the camera room");
    const [found] = dataOf<DetectionsMessage[]>(await call("GET", "/plugins/yolo/detections"));
    assert.equal(found?.room, "lens-cam");
    const person = found?.objects.find((o) => o.label === "person");
    assert.ok(person, JSON.stringify(found));
    assert.ok(person.box.width > 0.3 && person.box.height > 0.5 && person.box.x >= 0 && person.box.x + person.box.width <= 1, JSON.stringify(person.box));
    assert.ok((await metricValue(server, 'service_plugin_detections_total{plugin="yolo",label="person"}')) >= 1);
    await eventually(async () => Object.values((await status("yolo")).rooms).some((r) => r.fps > 0), 15_000, "the worker's own fps report");
    const pub = await server.request("GET", "/api/v1/apps/lens/plugins/public");
    assert.deepEqual(dataOf(pub), [{ id: "yolo", name: "Object detection", version: "1.0.0", overlay: { topic: "detections" } }]);
  });

  it("the player page plays deface's variant for the public, and draws yolo's boxes over the picture", { timeout: 60_000 }, async () => {
    assert.equal((await call("PATCH", "/plugins/deface", { config: { publicOriginal: false } })).status, 200);
    assert.equal((await call("POST", "/plugins/deface/worker/start")).status, 200);
    await eventually(async () => (await live("/frame.jpg?variant=deface")).status === 200, 30_000, "the deface variant again");
    const check = dataOf<{ variant: string | null }>(await server.request("GET", "/api/v1/apps/lens/ws-ingest/live/cam"));
    assert.equal(check.variant, "deface");
    const detections = await live("/detections.json");
    assert.equal(detections.status, 200);
    assert.equal(dataOf<DetectionsMessage>(detections).room, "lens-cam");
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/play/lens/cam`);
      await eventually(async () => String(await page.evaluate("document.getElementById('video')?.src ?? ''")).includes("variant=deface"), 10_000, "the player to play the variant");
      const green = "(() => { const c = document.getElementById('overlay'); if (!c.width) return 0; const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i + 1] > 200 && d[i] < 60 && d[i + 3] > 0) n++; return n; })()";
      await eventually(async () => Number(await page.evaluate(green)) > 100, 15_000, "yolo's box drawn over the picture");
    } finally {
      await browser.close();
    }
  });

  it("yolo runs an operator's own ONNX model; a model that cannot load is one error per crash", { timeout: 60_000 }, async () => {
    const relative = await call("PATCH", "/plugins/yolo", { config: { modelPath: "models/mine.onnx" } });
    assert.equal(relative.status, 400);
    assert.ok(errorOf<{ path: string }[]>(relative).details?.some((d) => d.path === "body.config.modelPath"), relative.text);

    const painter = await Camera.connect(await mintKey(server, "lens", "paint"));
    const red = testJpeg("red", 0, "320x240");
    const feed = setInterval(() => painter.send(red), 100);
    try {
      const tiny = fileURLToPath(new URL("../fixtures/tiny-yolo.onnx", import.meta.url));
      assert.equal((await call("PATCH", "/plugins/yolo", { config: { modelPath: tiny, classes: "", rooms: "lens-paint" } })).status, 200);
      const painted = async () => dataOf<DetectionsMessage[]>(await call("GET", "/plugins/yolo/detections")).find((d) => d.room === "lens-paint" && d.model === "onnx:tiny-yolo.onnx");
      await eventually(async () => (await painted())?.objects.length === 1, 30_000, "the custom model's detection in the red room");
      const [only] = (await painted())?.objects ?? [];
      // The tiny model scores "person" by the picture's mean red and "car" by its mean blue, on one box in the middle.
      assert.equal(only?.label, "person");
      assert.ok(only && only.score > 0.7, JSON.stringify(only));
      const { x, y, width, height } = only?.box ?? { x: 0, y: 0, width: 0, height: 0 };
      for (const [got, want] of [[x, 0.3], [y, 0.1], [width, 0.4], [height, 0.8]] as const) assert.ok(Math.abs(got - want) < 0.02, JSON.stringify(only?.box));
      assert.deepEqual(dataOf<{ rooms: string[] }>(await call("GET", "/plugins/yolo")).rooms, ["lens-paint"]);
    } finally {
      clearInterval(feed);
      await painter.close();
    }

    const errorsBefore = events("plugin_worker_error", "yolo").length;
    assert.equal((await call("PATCH", "/plugins/yolo", { config: { modelPath: "/nonexistent/mine.onnx" } })).status, 200);
    await eventually(async () => (await status("yolo")).crashes >= 2, 30_000, "the worker to crash twice on the missing model");
    const now = await status("yolo");
    assert.equal(now.lastExit?.exitCode, 1);
    const errors = events("plugin_worker_error", "yolo").slice(errorsBefore);
    assert.ok(errors.length === now.crashes || errors.length === now.crashes - 1, `one error per crash: ${errors.length} errors, ${now.crashes} crashes`);
    assert.ok(errors.every((e) => e.data["exitCode"] === 1 && e.data["signal"] === null));
    const lines = dataOf<{ lines: LogLine[] }>(await call("GET", "/plugins/yolo/logs?limit=20")).lines;
    assert.ok(lines.some((l) => l.stream === "stderr" && l.line.includes("no such file on the server")), JSON.stringify(lines));
    assert.equal((await call("PATCH", "/plugins/yolo", { config: { modelPath: "", rooms: "" } })).status, 200);
    await eventually(async () => (await status("yolo")).state === "running", 30_000, "the worker back on the built-in model");
  });

  it("disabling stops the worker; DELETE uninstalls and removes its secrets", { timeout: 30_000 }, async () => {
    const { pid } = await status("yolo");
    assert.equal((await call("PATCH", "/plugins/yolo", { enabled: false })).status, 200);
    await eventually(async () => (await status("yolo")).state === "stopped", 15_000, "yolo to stop");
    assert.ok(pid !== null && !processAlive(pid));
    const removed = await call("DELETE", "/plugins/deface");
    assert.deepEqual(dataOf(removed), { removed: true });
    const after = dataOf<PluginView>(await call("GET", "/plugins/deface"));
    assert.deepEqual([after.installed, after.enabled, after.config["originalKey"]], [false, false, ""]);
    assert.equal((await live("/frame.jpg")).status, 200, "the original is public again");
    await eventually(async () => (await live("/frame.jpg?variant=deface")).status === 404, 10_000, "the variant to end with its worker");
  });
});
