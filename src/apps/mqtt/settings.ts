import { z } from "zod";
import { problem } from "../../lib/problem.ts";
import type { SsrfAllowlist } from "../../lib/ssrf.ts";
import type { AppConfigService } from "../config/service.ts";
import { LOG_LEVELS } from "../config/schema.ts";
import type { AppSecrets } from "../secrets.ts";
import { SettingsBlock } from "../settings-block.ts";
import { defaultPasswordEnv, defaultTopicPrefix, passwordEnvAllowed, passwordEnvRule } from "./defaults.ts";

/** PUT /apps/{app}/mqtt: SPEC 2.13 and 2.14 in camelCase, every field optional. */
export const mqttBody = z.strictObject({
  enabled: z.boolean().optional(),
  url: z
    .string()
    .max(2048)
    .refine((v) => v === "" || /^(mqtts?|wss?):\/\/[^\s]+$/.test(v), "expected an mqtt://, mqtts://, ws:// or wss:// URL, or empty")
    .optional(),
  username: z.string().max(255).optional(),
  /** Stored in the secrets store; omit to keep the stored one, empty to remove it. */
  password: z.string().max(1024).optional(),
  /** Which names an app may use depends on the app: checked before the write (`passwordEnvAllowed`). */
  passwordEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, "an environment variable name, e.g. APP_DEMO_MQTT_PASSWORD").max(128).optional(),
  topicPrefix: z.string().max(255).optional(),
  qos: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  tls: z.boolean().optional(),
  events: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
  logs: z.strictObject({ enabled: z.boolean().optional(), level: z.enum(LOG_LEVELS).optional() }).optional(),
  latencyAlert: z
    .strictObject({
      enabled: z.boolean().optional(),
      thresholdMs: z.number().int().min(1).max(60_000).optional(),
      cooldownSeconds: z.number().int().min(0).max(86_400).optional(),
      intervalSeconds: z.number().int().min(2, "the latency monitor runs at most every 2 seconds").max(3600).optional(),
    })
    .optional(),
});

export interface MqttSettingsDeps {
  readonly configs: AppConfigService;
  readonly secrets: AppSecrets;
  /** The `APP_*` variables (config.ts). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly ssrf: SsrfAllowlist;
}

/** SPEC 4.4b: the MQTT and latency-alert settings; the password is never shown. The MQTT client follows config and secret changes itself. */
export function mqttSettings(d: MqttSettingsDeps) {
  return new SettingsBlock({
    configs: d.configs,
    secrets: d.secrets,
    ssrf: d.ssrf,
    spec: {
      view: (app: string) => {
        const { mqtt, latency_alert: alert } = d.configs.get(app);
        const passwordEnv = mqtt.password_env ?? defaultPasswordEnv(app);
        return {
          enabled: mqtt.enabled,
          url: mqtt.url,
          username: mqtt.username,
          passwordEnv,
          topicPrefix: mqtt.topic_prefix ?? defaultTopicPrefix(app),
          qos: mqtt.qos,
          tls: mqtt.tls,
          events: mqtt.events,
          logs: mqtt.logs,
          latencyAlert: {
            enabled: alert.enabled,
            thresholdMs: alert.threshold_ms,
            cooldownSeconds: alert.cooldown_seconds,
            intervalSeconds: alert.interval_seconds,
          },
          // Only a variable the app may read counts: any other name would tell whether it exists.
          hasPassword: d.secrets.has(app, "mqtt.password") || (passwordEnvAllowed(app, passwordEnv) && (d.env[passwordEnv] ?? "") !== ""),
          configured: mqtt.enabled && mqtt.url !== "",
        };
      },
      check: (app: string, b: z.infer<typeof mqttBody>) => {
        if (b.passwordEnv === undefined || passwordEnvAllowed(app, b.passwordEnv)) return undefined;
        const message = passwordEnvRule(app);
        return problem("validation_failed", `body.passwordEnv: ${message}`, { details: [{ path: "body.passwordEnv", message, code: "custom" }] });
      },
      endpoints: (b) => [["body.url", b.url]],
      edits: (b) => [
        [["mqtt", "enabled"], b.enabled],
        [["mqtt", "url"], b.url],
        [["mqtt", "username"], b.username],
        [["mqtt", "password_env"], b.passwordEnv],
        [["mqtt", "topic_prefix"], b.topicPrefix],
        [["mqtt", "qos"], b.qos],
        [["mqtt", "tls"], b.tls],
        [["mqtt", "events"], b.events],
        [["mqtt", "logs", "enabled"], b.logs?.enabled],
        [["mqtt", "logs", "level"], b.logs?.level],
        [["latency_alert", "enabled"], b.latencyAlert?.enabled],
        [["latency_alert", "threshold_ms"], b.latencyAlert?.thresholdMs],
        [["latency_alert", "cooldown_seconds"], b.latencyAlert?.cooldownSeconds],
        [["latency_alert", "interval_seconds"], b.latencyAlert?.intervalSeconds],
      ],
      secrets: (b) => [["mqtt.password", b.password]],
    },
  });
}
