import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import type { LogRecord } from "../../src/logging.ts";
import { dataOf, errorOf } from "../helpers/envelope.ts";
import { Broker, Subscriber } from "../helpers/mosquitto.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const JWT_SECRET = "the-operators-jwt-secret-0123456789abcdef";
const OWN_PASSWORD = "the-tenants-own-broker-password";

/**
 * Issue 29 item 1: `mqtt.password_env` names only the app's own variables. The broker accepts one
 * user whose password is the operator's JWT secret: a service that sent that secret would get in.
 */
describe("MQTT password_env reads only the app's own variables", () => {
  let server: TestServer;
  let broker: Broker;
  let ownBroker: Broker;
  const logs: LogRecord[] = [];
  const subscribers: Subscriber[] = [];
  const root = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
  const create = async (name: string, roomPrefix = name) => assert.equal((await root("POST", "/api/v1/apps", { name, roomPrefix })).status, 201);
  const raw = async (app: string, yaml: string) => {
    const res = await root("PUT", `/api/v1/apps/${app}/config/raw`, { yaml });
    assert.equal(res.status, 200, res.text);
  };
  const chat = (app: string) => server.app.events.emit(app, "chat_message", `${app}-room`, { room: `${app}-room`, from: "t", message: "hi", ts: new Date().toISOString() });

  before(async () => {
    broker = await Broker.start({ name: "svc", password: JWT_SECRET });
    ownBroker = await Broker.start({ name: "svc", password: OWN_PASSWORD });
    server = await startServer({
      SERVICE_JWT_SECRET: JWT_SECRET,
      SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32",
      APP_TENANT_MQTT_PASSWORD_OWN: OWN_PASSWORD,
      APP_OTHER_MQTT_PASSWORD: "another-apps-password",
    });
    server.app.logging.subscribe((r) => void logs.push(r));
    for (const name of ["tenant", "other"]) await create(name);
    // Its own room prefix: the default, its name, would overlap app tenant's rooms (prefixes own rooms up to a dash).
    await create("tenant-mqtt", "tmqtt");
  });
  after(async () => {
    for (const s of subscribers) await s.close();
    await server?.close();
    await broker?.stop();
    await ownBroker?.stop();
  });

  it("refuses any other variable at PUT /mqtt with 400 validation_failed, whether or not it exists", async () => {
    for (const passwordEnv of ["SERVICE_JWT_SECRET", "SERVICE_MASTER_KEY", "AWS_SECRET_ACCESS_KEY", "PATH", "APP_OTHER_MQTT_PASSWORD", "APP_TENANT_X", "APP_TENANT_MQTT_PASSWORD_A_B", "NOT_SET_ANYWHERE"]) {
      const res = await root("PUT", "/api/v1/apps/tenant/mqtt", { passwordEnv });
      assert.equal(res.status, 400, `${passwordEnv}: ${res.text}`);
      assert.equal(errorOf(res).code, "validation_failed");
      assert.match(errorOf(res).message, /^body\.passwordEnv: must be APP_TENANT_MQTT_PASSWORD or APP_TENANT_MQTT_PASSWORD_<PART>/);
    }
    // App "tenant" may not read app "tenant-mqtt"'s default name although it starts with APP_TENANT_.
    assert.equal((await root("PUT", "/api/v1/apps/tenant/mqtt", { passwordEnv: "APP_TENANT_MQTT_MQTT_PASSWORD" })).status, 400);
    for (const passwordEnv of ["APP_TENANT_MQTT_PASSWORD", "APP_TENANT_MQTT_PASSWORD_OWN"]) {
      const res = await root("PUT", "/api/v1/apps/tenant/mqtt", { passwordEnv });
      assert.equal(res.status, 200, `${passwordEnv}: ${res.text}`);
    }
    assert.equal(dataOf<{ hasPassword: boolean }>(await root("GET", "/api/v1/apps/tenant/mqtt")).hasPassword, true, "its own variable counts");
  });

  it("answers hasPassword the same for a foreign variable that exists and one that does not", async () => {
    for (const name of ["SERVICE_JWT_SECRET", "NOT_SET_ANYWHERE", "APP_OTHER_MQTT_PASSWORD"]) {
      await raw("tenant", `mqtt:\n  password_env: ${name}\n`);
      assert.equal(dataOf<{ hasPassword: boolean }>(await root("GET", "/api/v1/apps/tenant/mqtt")).hasPassword, false, name);
    }
  });

  it("never sends a foreign variable written through the raw YAML: the broker sees no such password", async () => {
    const sub = await Subscriber.connect(broker.url, "service/#", { username: "svc", password: JWT_SECRET });
    subscribers.push(sub);
    await raw("tenant", `mqtt:\n  enabled: true\n  url: "${broker.url}"\n  username: svc\n  password_env: SERVICE_JWT_SECRET\n`);
    const resend = setInterval(() => chat("tenant"), 250);
    try {
      await eventually(() => logs.some((r) => r.app === "tenant" && r.msg === "MQTT client error") || sub.messages.length > 0, 5000, "the broker's answer");
      await sleep(1000);
    } finally {
      clearInterval(resend);
    }
    assert.deepEqual(sub.messages.map((m) => m.topic), [], "nothing was published with the JWT secret as password");
    assert.ok(logs.some((r) => r.app === "tenant" && /SERVICE_JWT_SECRET is not a variable this app may read/.test(r.msg)), "the bad name is logged");
    // The same path with a name the app may read does connect: the test can tell the two apart.
    await raw("tenant", `mqtt:\n  enabled: true\n  url: "${ownBroker.url}"\n  username: svc\n  password_env: APP_TENANT_MQTT_PASSWORD_OWN\n`);
    const ownSub = await Subscriber.connect(ownBroker.url, "service/#", { username: "svc", password: OWN_PASSWORD });
    subscribers.push(ownSub);
    const again = setInterval(() => chat("tenant"), 250);
    try {
      await ownSub.until((m) => m.length > 0, 10_000, "a message sent with the app's own password");
    } finally {
      clearInterval(again);
    }
    assert.equal((await root("PUT", "/api/v1/apps/tenant/mqtt", { enabled: false })).status, 200);
  });
});

/** A local S3 stand-in that records the Authorization header of every request and lists nothing. */
async function recordingEndpoint(): Promise<{ url: string; authorizations: string[]; close: () => Promise<void> }> {
  const authorizations: string[] = [];
  const server = http.createServer((req, res) => {
    authorizations.push(String(req.headers.authorization ?? ""));
    req.resume();
    res.writeHead(200, { "content-type": "application/xml" });
    res.end('<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>vods</Name><KeyCount>0</KeyCount><IsTruncated>false</IsTruncated></ListBucketResult>');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, authorizations, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Issue 29 item 2: an app with an S3 endpoint and no keys of its own never signs with the host's
 * credential chain (the SDK reads AWS_* from the process environment, as on an operator's host).
 */
describe("S3 without the app's own keys", () => {
  const OPERATOR_KEY = "AKIAOPERATOREXAMPLE1";
  const saved = { id: process.env["AWS_ACCESS_KEY_ID"], secret: process.env["AWS_SECRET_ACCESS_KEY"] };
  before(() => {
    process.env["AWS_ACCESS_KEY_ID"] = OPERATOR_KEY;
    process.env["AWS_SECRET_ACCESS_KEY"] = "operator-secret-access-key-example";
  });
  after(() => {
    for (const [name, value] of [["AWS_ACCESS_KEY_ID", saved.id], ["AWS_SECRET_ACCESS_KEY", saved.secret]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  /** Makes app `name` with an S3 block on `endpoint` and no keys, deletes it with its VODs (which lists the bucket), and answers what was logged. */
  const purge = async (env: Record<string, string>, endpoint: string): Promise<LogRecord[]> => {
    const server = await startServer({ SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32", ...env });
    const logs: LogRecord[] = [];
    server.app.logging.subscribe((r) => void logs.push(r));
    try {
      const root = (method: string, p: string, body?: unknown) => server.request(method, p, { token: server.rootToken, body });
      assert.equal((await root("POST", "/api/v1/apps", { name: "keyless" })).status, 201);
      const put = await root("PUT", "/api/v1/apps/keyless/s3", { provider: "s3-compatible", bucket: "vods", endpoint });
      assert.equal(put.status, 200, put.text);
      assert.equal((await root("DELETE", "/api/v1/apps/keyless?deleteVods=true")).status, 200);
      await eventually(() => logs.some((r) => r.app === "keyless" && /VOD objects/.test(r.msg)), 20_000, "the purge's outcome");
      return logs;
    } finally {
      await server.close();
    }
  };

  it("fails with a clear error and sends nothing signed with the operator's key", async () => {
    const endpoint = await recordingEndpoint();
    try {
      const logs = await purge({}, endpoint.url);
      assert.deepEqual(endpoint.authorizations.filter((a) => a.includes(OPERATOR_KEY)), []);
      assert.equal(endpoint.authorizations.length, 0, "no request was sent at all");
      const failure = logs.find((r) => r.app === "keyless" && /could not remove/.test(r.msg));
      assert.match(String(failure?.["err"]), /app keyless has no S3 key and secret: set them with PUT \/api\/v1\/apps\/keyless\/s3/);
    } finally {
      await endpoint.close();
    }
  });

  it("uses the host's chain only for an app SERVICE_S3_AMBIENT_CREDENTIALS lists", async () => {
    const endpoint = await recordingEndpoint();
    try {
      await purge({ SERVICE_S3_AMBIENT_CREDENTIALS: "keyless" }, endpoint.url);
      assert.ok(endpoint.authorizations.some((a) => a.includes(`Credential=${OPERATOR_KEY}/`)), endpoint.authorizations.join("\n"));
    } finally {
      await endpoint.close();
    }
  });
});
