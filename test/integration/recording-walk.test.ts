import assert from "node:assert/strict";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { Camera, cameraApp, mintKey, testJpeg } from "../helpers/mjpeg.ts";
import { freePort } from "../helpers/ports.ts";
import { sqliteOf, startServer, type TestServer } from "../helpers/server.ts";
import { sqliteOnly } from "../helpers/backends.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Frames of our own source in a V8 stack line: `at Fn (file:///…/src/x/y.ts:1:2)` or `at file:///…`. */
const FRAME = /^\s*at (?:async )?(?:(.*?) \()?(?:file:\/\/)?([^()\s]+?):\d+:\d+\)?$/;

interface Frame {
  readonly file: string;
  readonly fn: string;
}

/** The stack of the SQL statement being run, outermost first, our `src/` files only. */
function sourceStack(): Frame[] {
  const frames: Frame[] = [];
  for (const line of (new Error().stack ?? "").split("\n").slice(1)) {
    const m = FRAME.exec(line);
    const file = m?.[2];
    if (!file?.startsWith(`${root}/src/`)) continue;
    frames.push({ file: path.relative(root, file), fn: m?.[1] ?? "" });
  }
  return frames.reverse();
}

const domainOf = (file: string) => file.split("/")[1] ?? file;
const isStore = (file: string) => path.posix.basename(file) === "store.ts";
/** The HTTP edge and shared helpers are passed through by every domain. */
const THROUGH = new Set(["http", "lib", "db"]);

/**
 * The walk of `POST /apps/{app}/recording/start` from the route handler down to SQL (issue 30):
 * every statement run is traced to its stack, so each store entered is seen with the frame that
 * called it. Each domain opens its own store only, so at most one store per domain (recording
 * opens none: it tells vods through VodsApi), and no stack goes back into a domain it left.
 */
describe("the walk of POST /recording/start", () => {
  let server: TestServer;
  let camera: Camera;
  let frames: NodeJS.Timeout;

  before(async () => {
    server = await startServer({ SERVICE_PORT: String(await freePort()) });
    await cameraApp(server, "walk");
    assert.equal((await server.request("PATCH", "/api/v1/apps/walk", { token: server.rootToken, body: { recordingEnabled: true } })).status, 200);
    camera = await Camera.connect(await mintKey(server, "walk", "door"));
    frames = setInterval(() => camera.send(testJpeg("red", 0, "160x120")), 100);
    await new Promise((r) => setTimeout(r, 500));
  });
  after(async () => {
    clearInterval(frames);
    camera?.ws.close();
    await server?.close();
  });

  it("enters each store from its own domain only, and never returns into a domain it left", sqliteOnly("follows the walk through better-sqlite3's statements"), async () => {
    const stacks: Frame[][] = [];
    // Statements run below the query builder's own async frames: the walk's stack is deeper than V8's default ten.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 100;
    const statement = Object.getPrototypeOf(sqliteOf(server.app).app("walk").prepare("SELECT 1")) as Record<string, (...args: unknown[]) => unknown>;
    const originals = new Map<string, (...args: unknown[]) => unknown>();
    for (const name of ["run", "get", "all", "iterate"]) {
      const original = statement[name] as (...args: unknown[]) => unknown;
      originals.set(name, original);
      statement[name] = function (this: unknown, ...args: unknown[]) {
        stacks.push(sourceStack());
        return original.apply(this, args);
      };
    }
    let status: number;
    try {
      status = (await server.request("POST", "/api/v1/apps/walk/recording/start", { token: server.rootToken, body: { roomName: "door" } })).status;
    } finally {
      for (const [name, original] of originals) statement[name] = original;
      Error.stackTraceLimit = limit;
    }
    assert.equal(status, 200);

    // Below the route handler: what the recording domain's walk does.
    const walks = stacks.map((s) => s.slice(s.findIndex((f) => f.file === "src/recording/routes.ts"))).filter((s) => s[0]?.file === "src/recording/routes.ts");
    const stores = new Set<string>();
    const foreign: string[] = [];
    const reentries: string[] = [];
    for (const walk of walks) {
      const at = walk.findIndex((f) => isStore(f.file));
      const store = walk[at];
      const caller = walk[at - 1];
      if (store && caller) {
        stores.add(store.file);
        if (domainOf(caller.file) !== domainOf(store.file)) foreign.push(`${caller.file} (${caller.fn}) -> ${store.file} (${store.fn})`);
      }
      const domains = walk.map((f) => domainOf(f.file)).filter((d) => !THROUGH.has(d)).filter((d, i, all) => d !== all[i - 1]);
      if (new Set(domains).size !== domains.length) reentries.push(domains.join(" > "));
    }
    assert.ok(stores.has("src/vods/store.ts"), `the walk should reach the VOD rows; it reached ${[...stores].join(", ") || "no store"}`);
    assert.deepEqual(foreign, [], "a store entered from another domain: call that domain's API instead");
    assert.deepEqual(reentries, [], "a walk that returns into a domain it left");
  });
});
