import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { ConfigError, loadConfig } from "../../src/config.ts";

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  assert.fail("expected a ConfigError");
}

describe("config", () => {
  it("has embedded defaults that need no environment at all", () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, "0.0.0.0");
    assert.equal(c.dataDir, path.resolve("data"));
    assert.equal(c.publicUrl, "http://localhost:8080");
    assert.equal(c.jwtSecret, undefined);
    assert.deepEqual(c.trustProxy, []);
    assert.equal(c.allowUwsFallback, false);
    assert.equal(c.log.maxBytes, 10 * 1024 * 1024);
    assert.equal(c.log.maxFiles, 10);
    assert.equal(c.metrics.defaultMetrics, true);
    assert.equal(c.metrics.token, undefined);
    assert.equal(c.allowSignup, false);
  });

  it("reads every variable it documents", () => {
    const c = loadConfig({
      SERVICE_PORT: "9000",
      SERVICE_PUBLIC_URL: "https://video.example.com/",
      SERVICE_TRUST_PROXY: "10.0.0.0/8, ::1",
      LOG_MAX_BYTES: "2048",
      LOG_MAX_FILES: "3",
      METRICS_TOKEN: "t",
      METRICS_DEFAULT_METRICS: "off",
      SERVICE_ALLOW_SIGNUP: "true",
      SERVICE_LIVEKIT_URL: "http://127.0.0.1:7880",
      SERVICE_LIVEKIT_WS_URL: "ws://127.0.0.1:7880",
    });
    assert.equal(c.port, 9000);
    assert.equal(c.publicUrl, "https://video.example.com");
    assert.deepEqual(c.trustProxy.map((x) => x.text), ["10.0.0.0/8", "::1"]);
    assert.equal(c.log.maxBytes, 2048);
    assert.equal(c.log.maxFiles, 3);
    assert.equal(c.metrics.defaultMetrics, false);
    assert.equal(c.allowSignup, true);
    assert.equal(c.livekit.wsUrl, "ws://127.0.0.1:7880");
  });

  it("names each bad variable and what is wrong with it", () => {
    const found = problems({
      SERVICE_PORT: "80x",
      SERVICE_TRUST_PROXY: "10.0.0.0/8,not-an-ip",
      METRICS_DEFAULT_METRICS: "maybe",
      SERVICE_PUBLIC_URL: "ftp://x",
      SERVICE_JWT_SECRET: "short",
      SERVICE_LOG_LEVEL: "loud",
      LOG_MAX_FILES: "0",
    });
    const byVar = (name: string) => found.find((p) => p.startsWith(`${name}: `));
    assert.match(byVar("SERVICE_PORT") ?? "", /whole number from 0 to 65535, got "80x"/);
    assert.match(byVar("SERVICE_TRUST_PROXY") ?? "", /"not-an-ip" is not an IP address or CIDR range/);
    assert.match(byVar("METRICS_DEFAULT_METRICS") ?? "", /on\/off/);
    assert.match(byVar("SERVICE_PUBLIC_URL") ?? "", /http or https URL/);
    assert.match(byVar("SERVICE_JWT_SECRET") ?? "", /at least 32 characters/);
    assert.ok(byVar("SERVICE_LOG_LEVEL"));
    assert.match(byVar("LOG_MAX_FILES") ?? "", /from 1 to 1000/);
    assert.equal(found.length, 7);
  });
});
