import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { FIRST_TOKEN, spawnService } from "../helpers/process.ts";
import { tempDir, testEnv } from "../helpers/server.ts";

const LISTENING = /"port":(\d+),"msg":"listening"/;

describe("the service process", () => {
  it("serves, then exits 0 on SIGTERM after a clean shutdown", async () => {
    const svc = spawnService({ ...testEnv(tempDir()), SERVICE_LOG_STDOUT: "on" });
    const [, port] = await svc.waitFor(LISTENING);
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    assert.equal(res.status, 200);
    svc.child.kill("SIGTERM");
    assert.equal(await svc.exited(), 0);
    assert.match(svc.stdout(), /"signal":"SIGTERM".*"msg":"shutting down"/);
    assert.match(svc.stdout(), /"msg":"stopped"/);
  });

  it("exits 78 naming the bad variable when the config is invalid", async () => {
    const svc = spawnService({ ...testEnv(tempDir()), SERVICE_PORT: "eighty", LOG_MAX_BYTES: "-1" });
    assert.equal(await svc.exited(), 78);
    assert.match(svc.stderr(), /invalid configuration/);
    assert.match(svc.stderr(), /SERVICE_PORT: expected a whole number/);
    assert.match(svc.stderr(), /LOG_MAX_BYTES: expected a whole number/);
  });

  it("refuses to start when uWebSockets.js fell back to its JavaScript shim", async () => {
    const svc = spawnService({ ...testEnv(tempDir()), UWS_USE_FALLBACK: "1" });
    assert.equal(await svc.exited(), 1);
    assert.match(svc.stderr(), /native binding.*refusing to start\. Set SERVICE_ALLOW_UWS_FALLBACK=on/);
  });

  it("runs on the shim only when explicitly allowed, warning about it", async () => {
    const svc = spawnService({
      ...testEnv(tempDir()),
      UWS_USE_FALLBACK: "1",
      SERVICE_ALLOW_UWS_FALLBACK: "on",
      SERVICE_LOG_STDOUT: "on",
    });
    await svc.waitFor(/"msg":"listening"/);
    assert.match(svc.stdout(), /"level":40.*running anyway because SERVICE_ALLOW_UWS_FALLBACK is on/);
    svc.child.kill("SIGTERM");
    assert.equal(await svc.exited(), 0);
  });

  it("runs admin commands through the CLI entry", async () => {
    const dir = tempDir();
    const migrate = spawnService(testEnv(dir), ["migrate"]);
    assert.equal(await migrate.exited(), 0);
    assert.match(migrate.stdout(), /up to date/);
    const unknown = spawnService(testEnv(dir), ["frobnicate"]);
    assert.equal(await unknown.exited(), 2);
    assert.match(unknown.stderr(), /unknown command "frobnicate"[\s\S]*migrate/);
  });
});

describe("installer token seeding", () => {
  it("seed-token prints one global token alone on stdout, then nothing while it exists", async () => {
    const dir = tempDir();
    const first = spawnService(testEnv(dir), ["seed-token"]);
    assert.equal(await first.exited(), 0);
    assert.match(first.stdout(), /^sk_[0-9A-Za-z]{42}\n$/);
    const second = spawnService(testEnv(dir), ["seed-token"]);
    assert.equal(await second.exited(), 0);
    assert.equal(second.stdout(), "");
  });

  it("npm start on an empty data dir prints a working global token once, never into the log file", async () => {
    const dir = tempDir();
    const svc = spawnService({ ...testEnv(dir), SERVICE_LOG_STDOUT: "on" });
    const [, token] = await svc.waitFor(FIRST_TOKEN);
    const [, port] = await svc.waitFor(LISTENING);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/stats`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 200);
    svc.child.kill("SIGTERM");
    assert.equal(await svc.exited(), 0);
    const { readFileSync } = await import("node:fs");
    assert.ok(!readFileSync(`${dir}/service.log`, "utf8").includes(String(token)));

    const again = spawnService({ ...testEnv(dir), SERVICE_LOG_STDOUT: "on" });
    await again.waitFor(LISTENING);
    again.child.kill("SIGTERM");
    assert.equal(await again.exited(), 0);
    assert.doesNotMatch(again.stdout(), /sk_/);
  });
});
