import { appOf } from "../../auth/caller.ts";
import { ok, okOr } from "../../http/reply.ts";
import { defineRoute, type Route } from "../../http/route.ts";
import { appParams } from "../schemas.ts";
import { mqttBody, mqttSettings, type MqttSettingsDeps } from "./settings.ts";
import { mqttResponse } from "./schemas.ts";

/** SPEC 4.4b: the MQTT and latency-alert settings (`SettingsBlock`); the password is never shown. */
export function mqttRoutes(d: MqttSettingsDeps): Route[] {
  const block = mqttSettings(d);
  const common = { path: "/api/v1/apps/{app}/mqtt", auth: "any", app: true, params: appParams } as const;
  return [
    defineRoute({ ...common, method: "GET", permission: "config:read", response: mqttResponse, handler: async (ctx) => ok(block.view(appOf(ctx).name)) }),
    defineRoute({ ...common, method: "PUT", permission: "config:write", body: mqttBody, response: mqttResponse, errors: ["bad_request"], handler: async (ctx) => okOr(await block.update(appOf(ctx).name, ctx.body)) }),
  ];
}
