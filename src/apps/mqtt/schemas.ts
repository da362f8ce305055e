import { z } from "zod";
import { LOG_LEVELS } from "../config/schema.ts";

/** What the MQTT routes answer (`data` of the envelope): the settings, never the password. */
export const mqttResponse = z.strictObject({
  enabled: z.boolean(),
  url: z.string(),
  username: z.string(),
  passwordEnv: z.string(),
  topicPrefix: z.string(),
  qos: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  tls: z.boolean(),
  events: z.array(z.string()),
  logs: z.strictObject({ enabled: z.boolean(), level: z.enum(LOG_LEVELS) }),
  latencyAlert: z.strictObject({ enabled: z.boolean(), thresholdMs: z.number().int(), cooldownSeconds: z.number().int(), intervalSeconds: z.number().int() }),
  hasPassword: z.boolean(),
  configured: z.boolean(),
});
