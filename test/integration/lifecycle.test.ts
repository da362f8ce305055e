import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { rawConnect } from "../helpers/raw-http.ts";
import { testRoutes } from "../helpers/routes.ts";
import { startServer, tempDir, testEnv } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

/** Slow routes that say when their handler has started: a stop begun before that would answer 503 instead. */
function slowRoutes(slowMs: number): { routes: ReturnType<typeof testRoutes>; started: Promise<void> } {
  let onSlowStart = () => {};
  const started = new Promise<void>((resolve) => (onSlowStart = resolve));
  return { routes: testRoutes({ slowMs, onSlowStart }), started };
}

describe("lifecycle", () => {
  it("lets a request in flight finish, then stops accepting connections", async () => {
    const slow = slowRoutes(400);
    const server = await startServer({}, { routes: slow.routes });
    const inFlight = server.request("GET", "/test/slow");
    await slow.started;
    const stopped = server.app.stop();
    const res = await inFlight;
    assert.equal(res.status, 200);
    await stopped;
    await assert.rejects(fetch(`${server.url}/health`));
    await server.close();
  });

  it("drops requests that outlast the grace period", async () => {
    // The handler would take 10 s; the grace is 0.1 s. The drop is timed on its own: the rest of
    // the stop (actors, pools, databases) takes what it takes on a loaded machine.
    const slow = slowRoutes(10_000);
    const server = await startServer({ SERVICE_SHUTDOWN_GRACE_MS: "100" }, { routes: slow.routes });
    let droppedAt = 0;
    const inFlight = server.request("GET", "/test/slow").then(
      () => "answered",
      () => ((droppedAt = Date.now()), "dropped"),
    );
    await slow.started;
    const started = Date.now();
    await server.app.stop();
    assert.equal(await inFlight, "dropped");
    assert.ok(droppedAt - started < 3000, `dropped ${droppedAt - started} ms after the stop began, grace 100 ms`);
    assert.ok(Date.now() - started < 8000, "the stop did not wait for the handler");
    await server.close();
  });

  it("answers 503 without running handlers to requests on keep-alive connections after shutdown", async () => {
    const server = await startServer();
    const socket = await rawConnect(server.port);
    const replies: string[] = [];
    socket.on("data", (c: Buffer) => replies.push(c.toString("latin1")));
    socket.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
    await eventually(() => replies.join("").includes("HTTP/1.1 200"), 5000, "the answer before shutdown");
    await server.app.stop();
    socket.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
    await eventually(() => replies.join("").includes("HTTP/1.1 503"), 5000, "the answer after shutdown");
    socket.destroy();
    assert.match(replies.join(""), /^HTTP\/1\.1 200[\s\S]*HTTP\/1\.1 503 [\s\S]*service_unavailable/);
    await server.close();
  });

  it("binds its port exclusively: a second instance on the same port fails to listen", async () => {
    const server = await startServer();
    const second = await buildApp(loadConfig(testEnv(tempDir(), { SERVICE_PORT: String(server.port) })));
    await assert.rejects(second.listen(), /cannot listen on 127\.0\.0\.1:\d+/);
    await second.stop();
    assert.equal((await server.request("GET", "/health")).status, 200);
    await server.close();
  });
});
