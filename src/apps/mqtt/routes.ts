import type { Route } from "../../http/route.ts";
import { settingsBlockRoutes } from "../settings-routes.ts";
import { mqttBody, mqttSettings, type MqttSettingsDeps } from "./settings.ts";

/** SPEC 4.4b: GET and PUT /api/v1/apps/{app}/mqtt. */
export function mqttRoutes(d: MqttSettingsDeps): Route[] {
  return settingsBlockRoutes({ path: "/api/v1/apps/{app}/mqtt", read: "config:read", write: "config:write", body: mqttBody, block: mqttSettings(d) });
}
