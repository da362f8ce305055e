import type { Duplex } from "node:stream";
import { MqttClient, type IClientOptions } from "mqtt";
import { streamBuilder as wsStream } from "mqtt/lib/connect/ws";
import type { Logger } from "pino";
import type { AppConfig } from "../apps/config/schema.ts";
import { LOG_LEVELS, MQTT_EVENTS_ALL } from "../apps/config/schema.ts";
import type { AppConfigService } from "../apps/config/service.ts";
import { defaultPasswordEnv, defaultTopicPrefix, passwordEnvAllowed } from "../apps/mqtt/defaults.ts";
import type { AppSecrets } from "../apps/secrets.ts";
import { guardedAgents, guardedNetConnect, guardedTlsConnect } from "../lib/outbound.ts";
import type { SsrfAllowlist } from "../lib/ssrf.ts";
import { STANDARD_LOG_FIELDS, type LogRecord } from "../logging.ts";
import { categoryOf } from "./catalog.ts";
import type { EmittedEvent } from "./dispatcher.ts";

type MqttConfig = AppConfig["mqtt"];

/** SPEC 6.5: reconnect after 1 s, doubling to a 30 s cap, back to 1 s once connected. */
const FIRST_RECONNECT_MS = 1000;
const MAX_RECONNECT_MS = 30_000;
/**
 * QoS 1/2 messages queued while the broker is away, per app. mqtt.js keeps them in memory without
 * a bound; beyond this, new ones are dropped (and counted) until the client reconnects.
 */
export const MAX_OFFLINE_MESSAGES = 1000;
/** A log line's extra fields are forwarded up to this size. */
const MAX_META_BYTES = 4096;
/** Our own lines: never forwarded, or a broker problem would log about itself forever. */
export const MQTT_COMPONENT = "mqtt";

interface Outgoing {
  readonly topic: string;
  readonly payload: string;
  readonly qos: 0 | 1 | 2;
}

interface LiveClient {
  readonly client: MqttClient;
  offlineQueued: number;
  /**
   * Messages published before the first connection attempt settled: the client is created by the
   * first message, which must not be lost just because the socket is still opening. Flushed on
   * connect; if the first attempt fails, QoS 0 ones are dropped like any sent while offline.
   */
  opening: Outgoing[] | undefined;
}

export interface MqttDeps {
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  /** The `APP_*` variables only (config.ts): the rest of the environment is the operator's. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** SERVICE_SSRF_ALLOWLIST: brokers are tenants' targets, so the outbound policy applies. */
  readonly ssrf: SsrfAllowlist;
  readonly logger: Logger;
  /** Counts messages by app and result (`published`, `dropped`). */
  readonly count: (app: string, result: "published" | "dropped") => void;
}

/** `tls` upgrades mqtt:// to mqtts:// and ws:// to wss://. */
export function brokerUrl(config: Pick<MqttConfig, "url" | "tls">): string {
  if (!config.tls) return config.url;
  return config.url.replace(/^mqtt:\/\//, "mqtts://").replace(/^ws:\/\//, "wss://");
}

/**
 * Publishes events and forwarded logs to each app's broker (SPEC 6.5). One mqtt.js client per
 * app, created on the first message; a config or password change drops it (the next message
 * reconnects with the new settings), switching MQTT off closes it, deleting the app closes it.
 * MQTT is best effort: webhooks are the retried channel.
 */
export class MqttPublisher {
  private readonly clients = new Map<string, LiveClient>();
  private readonly log: Logger;

  constructor(private readonly d: MqttDeps) {
    this.log = d.logger.child({ component: MQTT_COMPONENT });
  }

  /** The dispatcher's listener. */
  publishEvent(e: EmittedEvent): void {
    const config = this.d.configs.get(e.app).mqtt;
    if (!this.active(e.app, config)) return;
    if (!config.events.includes(MQTT_EVENTS_ALL) && !config.events.includes(e.event)) return;
    const prefix = config.topic_prefix ?? defaultTopicPrefix(e.app);
    this.publish(e.app, config, `${prefix}/${categoryOf(e.event)}/${e.event}`, { event: e.event, app: e.app, timestamp: e.ts, data: e.data });
  }

  /** The logging subscriber: app-attributed lines at or above the app's `logs.level`. */
  publishLog(record: LogRecord): void {
    const app = record.app;
    if (app === undefined || record["component"] === MQTT_COMPONENT) return;
    // Never a read: a line about an app that is gone, or not read yet, is not published.
    const config = this.d.configs.peek(app)?.mqtt;
    if (!config?.logs.enabled || LOG_LEVELS.indexOf(record.level) < LOG_LEVELS.indexOf(config.logs.level) || !this.active(app, config)) return;
    const data: Record<string, unknown> = { level: record.level, source: record.source ?? (record["component"] as string | undefined) ?? "service", message: record.msg };
    const meta = metaOf(record);
    if (meta) data["meta"] = meta;
    const prefix = config.topic_prefix ?? defaultTopicPrefix(app);
    this.publish(app, config, `${prefix}/log/${record.level}`, { event: "log", app, timestamp: record.time, data });
  }

  close(app: string): void {
    const live = this.clients.get(app);
    if (!live) return;
    this.clients.delete(app);
    live.client.end(true);
  }

  async stop(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(all.map((live) => live.client.endAsync(true).catch(() => {})));
  }

  private active(app: string, config: MqttConfig): boolean {
    if (config.enabled && config.url !== "") return true;
    this.close(app);
    return false;
  }

  private publish(app: string, config: MqttConfig, topic: string, envelope: object): void {
    const live = this.client(app, config);
    const message: Outgoing = { topic, payload: JSON.stringify(envelope), qos: config.qos };
    if (live.opening) {
      if (live.opening.length < MAX_OFFLINE_MESSAGES) live.opening.push(message);
      else this.d.count(app, "dropped");
      return;
    }
    this.send(app, live, message);
  }

  private send(app: string, live: LiveClient, m: Outgoing): void {
    if (!live.client.connected) {
      if (m.qos === 0 || live.offlineQueued >= MAX_OFFLINE_MESSAGES) {
        this.d.count(app, "dropped");
        return;
      }
      live.offlineQueued++;
    }
    live.client.publish(m.topic, m.payload, { qos: m.qos, retain: false }, (err) => {
      this.d.count(app, err ? "dropped" : "published");
    });
  }

  /** The first connection attempt settled: what waited for it goes out (or, offline, is dropped or queued). */
  private opened(app: string, live: LiveClient): void {
    const waiting = live.opening;
    if (!waiting) return;
    live.opening = undefined;
    for (const m of waiting) this.send(app, live, m);
  }

  /**
   * The app's client, created on first use. Whatever it was built from (config, password) can only
   * change through a config swap or a secrets write, both of which close it first, so a live one
   * is returned as is: no secret is read and decrypted per message.
   */
  private client(app: string, config: MqttConfig): LiveClient {
    const existing = this.clients.get(app);
    if (existing) return existing;
    const url = brokerUrl(config);
    const target = new URL(url);
    const options: IClientOptions = {
      protocolVersion: 4,
      keepalive: 60,
      clean: true,
      reconnectPeriod: FIRST_RECONNECT_MS,
      connectTimeout: 10_000,
      // mqtt.js would otherwise queue QoS 0 messages while offline; SPEC 6.5 drops them.
      queueQoSZero: false,
      clientId: `service-core-${app}-${Math.random().toString(36).slice(2, 10)}`,
      // Credentials in the URL (mqtt://user:pass@host) count when the block sets none.
      username: config.username || decodeURIComponent(target.username) || undefined,
      password: this.password(app, config) || decodeURIComponent(target.password) || undefined,
    };
    const client = new MqttClient(this.stream(target), options);
    const live: LiveClient = { client, offlineQueued: 0, opening: [] };
    client.on("connect", () => {
      client.options.reconnectPeriod = FIRST_RECONNECT_MS;
      live.offlineQueued = 0;
      this.opened(app, live);
      this.log.info({ app, url: redact(url) }, "connected to the MQTT broker");
    });
    client.on("reconnect", () => {
      client.options.reconnectPeriod = Math.min((client.options.reconnectPeriod ?? FIRST_RECONNECT_MS) * 2, MAX_RECONNECT_MS);
    });
    client.on("offline", () => this.opened(app, live));
    client.on("error", (err) => this.log.warn({ app, url: redact(url), err: err.message }, "MQTT client error"));
    this.clients.set(app, live);
    return live;
  }

  /**
   * The stored password, else the variable `password_env` names if the app may read it. A name
   * that is not the app's (config.yaml is writable raw, so the PUT route's check can be
   * bypassed) reads nothing: the operator's secrets never leave for a tenant's broker.
   */
  private password(app: string, config: MqttConfig): string | undefined {
    const stored = this.d.secrets.get(app, "mqtt.password");
    if (stored !== undefined) return stored;
    const name = config.password_env ?? defaultPasswordEnv(app);
    if (passwordEnvAllowed(app, name)) return this.d.env[name];
    this.log.warn({ app, passwordEnv: name }, `mqtt.password_env ${name} is not a variable this app may read; connecting without a password (use ${defaultPasswordEnv(app)})`);
    return undefined;
  }

  /**
   * How each (re)connection opens its socket: under the outbound policy, resolved and checked
   * at every attempt and connected to the checked address (mqtt.js's own TCP builder takes no
   * lookup hook, hence our builder).
   */
  private stream(target: URL): (client: MqttClient) => Duplex {
    const protocol = target.protocol.replace(/:$/, "");
    // mqtt:// is not a special scheme to URL: an IPv6 host keeps its brackets.
    const host = target.hostname.replace(/^\[|\]$/g, "");
    const port = target.port === "" ? undefined : Number(target.port);
    const allow = this.d.ssrf;
    if (protocol === "mqtt") return () => guardedNetConnect(allow, { host, port: port ?? 1883 });
    if (protocol === "mqtts") return () => guardedTlsConnect(allow, { host, port: port ?? 8883 });
    const agents = guardedAgents(allow);
    const wsOptions = { agent: protocol === "wss" ? agents.https : agents.http };
    return (client) => wsStream(client, { protocol: protocol === "wss" ? "wss" : "ws", hostname: target.hostname, port, path: `${target.pathname}${target.search}`, wsOptions });
  }
}

function metaOf(record: LogRecord): Record<string, unknown> | undefined {
  const meta: Record<string, unknown> = {};
  let any = false;
  for (const [key, value] of Object.entries(record)) {
    if (STANDARD_LOG_FIELDS.has(key)) continue;
    meta[key] = value;
    any = true;
  }
  if (!any) return undefined;
  const text = JSON.stringify(meta);
  return text.length <= MAX_META_BYTES ? meta : { truncated: text.slice(0, MAX_META_BYTES) };
}

/** Credentials in a broker URL stay out of the logs. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@");
}
