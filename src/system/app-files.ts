import type { AppsApi } from "../apps/module.ts";
import { unlessUnavailable, type AppUnavailableError } from "../db/app-unavailable.ts";
import type { AppFileHealth } from "./service.ts";

const damaged = (file: string, err: AppUnavailableError): AppFileHealth => ({ file, status: "damaged", problem: err.detail, ...(err.action ? { action: err.action } : {}) });

/**
 * The app's files besides its database that the service reads at start: `config.yaml` and each
 * sealed secret. The secrets live in the app's database, so they are not listed while it is down.
 */
export function appFileHealth(apps: AppsApi, app: string): AppFileHealth[] {
  const config = apps.configs.damage(app);
  const secrets = unlessUnavailable([], () => apps.secrets.damaged(app));
  return [
    config ? damaged("config.yaml", config) : { file: "config.yaml", status: "ok" },
    ...secrets.map(({ name, error }) => damaged(`secret ${name}`, error)),
  ];
}
