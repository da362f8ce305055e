import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { brokerUrl } from "../../src/events/mqtt.ts";
import { Broker, Subscriber } from "../helpers/mosquitto.ts";
import { metricValue, startServer, type TestServer } from "../helpers/server.ts";

function chat(server: TestServer, app: string, message: string): void {
  server.app.events.emit(app, "chat_message", `${app}-room`, { room: `${app}-room`, from: "tester", message, ts: new Date().toISOString() });
}

describe("MQTT publishing", () => {
  let server: TestServer;
  let broker: Broker;
  let n = 0;
  const subscribers: Subscriber[] = [];
  const subscribe = async (filter: string, options?: { username?: string; password?: string }, url = broker.url) => {
    const s = await Subscriber.connect(url, filter, options);
    subscribers.push(s);
    return s;
  };
  const mqttApp = async (settings: Record<string, unknown>): Promise<string> => {
    const name = `mq-${++n}`;
    assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } })).status, 201);
    const res = await server.request("PUT", `/api/v1/apps/${name}/mqtt`, { token: server.rootToken, body: { enabled: true, url: broker.url, ...settings } });
    assert.equal(res.status, 200, res.text);
    return name;
  };

  before(async () => {
    broker = await Broker.start();
    server = await startServer({ APP_MQ_ENV_MQTT_PASSWORD: "", SERVICE_SSRF_ALLOWLIST: "127.0.0.1/32" });
  });
  after(async () => {
    for (const s of subscribers) await s.close();
    await server.close();
    await broker.stop();
  });

  it("publishes <topic_prefix>/<category>/<event> with SPEC 6.5's envelope, retain false, at the configured QoS", async () => {
    const app = await mqttApp({ qos: 1 });
    const sub = await subscribe(`service/${app}/#`);
    chat(server, app, "hi");
    server.app.events.emit(app, "stream_started", `${app}-room`, { streamId: `${app}-room/cam`, room: `${app}-room`, type: "ws-mjpeg", participant: "cam" });
    server.app.events.emit(app, "stream.latency_high", `${app}-room`, { room: `${app}-room`, rttMs: 5, thresholdMs: 1, metric: "livekit_room_probe_rtt_ms", participants: 1, publishers: 1 });
    await sub.until((m) => m.length === 3);
    const byTopic = Object.fromEntries(sub.messages.map((m) => [m.topic, m]));
    const chatMsg = byTopic[`service/${app}/interaction/chat_message`];
    assert.ok(chatMsg, JSON.stringify(Object.keys(byTopic)));
    assert.deepEqual(Object.keys(chatMsg.json), ["event", "app", "timestamp", "data"]);
    assert.equal(chatMsg.json.event, "chat_message");
    assert.equal(chatMsg.json.app, app);
    assert.equal(chatMsg.json.data["message"], "hi");
    assert.equal(chatMsg.qos, 1);
    assert.equal(chatMsg.retain, false);
    assert.ok(byTopic[`service/${app}/connection/stream_started`], "stream events are in connection");
    assert.ok(byTopic[`service/${app}/alert/stream.latency_high`], "latency events are in alert");
  });

  it("honours topic_prefix, the events list and QoS 2", async () => {
    const app = await mqttApp({ topicPrefix: "acme/cams", events: ["reaction"], qos: 2 });
    const sub = await subscribe("acme/cams/#");
    chat(server, app, "not wanted");
    server.app.events.emit(app, "reaction", `${app}-room`, { room: `${app}-room`, from: "x", reaction: "👍" });
    await sub.until((m) => m.length >= 1);
    await sleep(200);
    assert.deepEqual(sub.messages.map((m) => [m.topic, m.qos]), [["acme/cams/interaction/reaction", 2]]);
  });

  it("publishes nothing when disabled or without a URL, and stops when switched off", async () => {
    const app = await mqttApp({});
    const sub = await subscribe(`service/${app}/#`);
    chat(server, app, "one");
    await sub.until((m) => m.length === 1);
    assert.equal((await server.request("PUT", `/api/v1/apps/${app}/mqtt`, { token: server.rootToken, body: { enabled: false } })).status, 200);
    chat(server, app, "two");
    assert.equal((await server.request("PUT", `/api/v1/apps/${app}/mqtt`, { token: server.rootToken, body: { enabled: true, url: "" } })).status, 200);
    chat(server, app, "three");
    await sleep(300);
    assert.deepEqual(sub.messages.map((m) => m.json.data["message"]), ["one"]);
  });

  it("forwards app log lines at or above logs.level to <prefix>/log/<level>, never its own", async () => {
    const app = await mqttApp({ logs: { enabled: true, level: "info" } });
    const sub = await subscribe(`service/${app}/log/#`);
    // The first message makes the client connect, which the MQTT module logs at info about this app.
    server.app.logger.debug({ app }, "below the level");
    server.app.logger.info({ app, source: "plugin:yolo", frames: 3 }, "plugin says hi");
    server.app.logger.error({ app, component: "streams" }, "something broke");
    server.app.logger.warn({ app: "another-app" }, "not ours");
    await sub.until((m) => m.length === 2);
    await sleep(300);
    server.app.logger.warn({ app }, "after the connection");
    await sub.until((m) => m.length === 3);
    await sleep(200);
    assert.deepEqual(
      sub.messages.map((m) => [m.topic, m.json.event, m.json.data]),
      [
        [`service/${app}/log/info`, "log", { level: "info", source: "plugin:yolo", message: "plugin says hi", meta: { frames: 3 } }],
        [`service/${app}/log/error`, "log", { level: "error", source: "streams", message: "something broke" }],
        [`service/${app}/log/warn`, "log", { level: "warn", source: "service", message: "after the connection" }],
      ],
      "the MQTT module's own info line about connecting was not forwarded",
    );
  });

  it("drops QoS 0 while the broker is away, and delivers QoS 1 queued meanwhile once it is back", { timeout: 30_000 }, async () => {
    const own = await Broker.start();
    try {
      const name = `mq-${++n}`;
      assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } })).status, 201);
      const put = (qos: number) => server.request("PUT", `/api/v1/apps/${name}/mqtt`, { token: server.rootToken, body: { enabled: true, url: own.url, qos } });
      assert.equal((await put(1)).status, 200);
      const sub = await subscribe(`service/${name}/#`, undefined, own.url);
      chat(server, name, "before");
      await sub.until((m) => m.length === 1);
      await own.stop();
      await sleep(300);
      chat(server, name, "queued-1");
      chat(server, name, "queued-2");
      await own.resume();
      await sub.until((m) => m.length === 3, 15_000, "the queued QoS 1 messages");
      assert.deepEqual(sub.messages.map((m) => m.json.data["message"]), ["before", "queued-1", "queued-2"]);

      assert.equal((await put(0)).status, 200);
      chat(server, name, "qos0-before");
      await sub.until((m) => m.length === 4);
      await own.stop();
      await sleep(300);
      const dropped = await metricValue(server, `service_mqtt_messages_total{app="${name}",result="dropped"}`);
      chat(server, name, "lost");
      assert.equal(await metricValue(server, `service_mqtt_messages_total{app="${name}",result="dropped"}`), dropped + 1, "QoS 0 is dropped and counted");
      await own.resume();
      // QoS 0 is best effort: keep sending until the client has reconnected (backoff 1 s, doubling).
      const resend = setInterval(() => chat(server, name, "after"), 250);
      try {
        await sub.until((m) => m.some((x) => x.json.data["message"] === "after"), 15_000, "a message after the broker returned");
      } finally {
        clearInterval(resend);
      }
      assert.ok(!sub.messages.some((m) => m.json.data["message"] === "lost"), "the QoS 0 message sent while away never arrives");
    } finally {
      await own.stop();
    }
  });

  it("reads the password from the secrets store and reconnects when it changes", { timeout: 20_000 }, async () => {
    const own = await Broker.start({ name: "svc", password: "right-password" });
    try {
      const name = `mq-${++n}`;
      assert.equal((await server.request("POST", "/api/v1/apps", { token: server.rootToken, body: { name } })).status, 201);
      const sub = await subscribe(`service/${name}/#`, { username: "svc", password: "right-password" }, own.url);
      const put = (body: Record<string, unknown>) => server.request("PUT", `/api/v1/apps/${name}/mqtt`, { token: server.rootToken, body: { enabled: true, url: own.url, username: "svc", qos: 0, ...body } });
      assert.equal((await put({ password: "wrong" })).status, 200);
      chat(server, name, "refused");
      await sleep(500);
      assert.equal(sub.messages.length, 0);
      assert.equal((await put({ password: "right-password" })).status, 200);
      chat(server, name, "first");
      await sleep(500);
      chat(server, name, "accepted");
      await sub.until((m) => m.some((x) => x.json.data["message"] === "accepted"), 5000);
    } finally {
      await own.stop();
    }
  });

  it("upgrades mqtt to mqtts and ws to wss when tls is on", () => {
    assert.equal(brokerUrl({ url: "mqtt://broker:1883", tls: true }), "mqtts://broker:1883");
    assert.equal(brokerUrl({ url: "ws://broker/mqtt", tls: true }), "wss://broker/mqtt");
    assert.equal(brokerUrl({ url: "mqtts://broker", tls: true }), "mqtts://broker");
    assert.equal(brokerUrl({ url: "mqtt://broker", tls: false }), "mqtt://broker");
  });
});
