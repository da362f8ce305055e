import type { Route } from "../../http/route.ts";
import { settingsBlockRoutes } from "../settings-routes.ts";
import { s3Body, s3Settings, type S3SettingsDeps } from "./settings.ts";

/** SPEC 4.4: GET and PUT /api/v1/apps/{app}/s3. */
export function s3Routes(d: S3SettingsDeps): Route[] {
  return settingsBlockRoutes({ path: "/api/v1/apps/{app}/s3", read: "s3:read", write: "s3:write", body: s3Body, block: s3Settings(d) });
}
