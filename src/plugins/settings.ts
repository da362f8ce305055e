import type { AppConfigService } from "../apps/config/service.ts";
import type { AppSecretName, AppSecrets } from "../apps/secrets.ts";
import { manifestOf, secretFields, withDefaults } from "./manifests.ts";
import type { WorkerConfig } from "./workers.ts";

export type ConfigValue = string | number | boolean;

/** The app secret holding a plugin's secret config field. */
export const secretName = (plugin: string, field: string): AppSecretName => `plugin.${plugin}.${field}`;

/** A plugin's state in one app, as its `plugins.<id>` section says. */
export interface PluginState {
  readonly installed: boolean;
  readonly enabled: boolean;
  readonly config: Readonly<Record<string, ConfigValue>>;
}

/**
 * What an app's config says about its plugins, read-only: the YAML section and the secret fields.
 * The service, the workers (their launch config) and the rooms (their scope) all read it, so it
 * depends on none of them.
 */
export class PluginSettings {
  private readonly configs: AppConfigService;
  private readonly secrets: AppSecrets;

  constructor(options: { readonly configs: AppConfigService; readonly secrets: AppSecrets }) {
    this.configs = options.configs;
    this.secrets = options.secrets;
  }

  /** The plugin's state in the app's YAML; an absent section is not installed. */
  state(app: string, id: string): PluginState {
    const section = (this.configs.get(app).plugins as Record<string, { installed: boolean; enabled: boolean; config: Record<string, ConfigValue> } | undefined>)[id];
    if (!section) return { installed: false, enabled: false, config: {} };
    return { installed: section.installed, enabled: section.installed && section.enabled, config: section.config };
  }

  /** The plugin's full config as its worker gets it: defaults, the YAML, its secrets. */
  configOf(app: string, id: string): WorkerConfig {
    const m = manifestOf(id);
    if (!m) throw new Error(`no plugin ${id}`);
    const config: Record<string, ConfigValue> = withDefaults(m, this.state(app, id).config);
    for (const field of secretFields(m)) config[field] = this.secrets.get(app, secretName(id, field)) ?? "";
    return config;
  }

  /** The rooms the plugin's `rooms` field names; undefined when it names none (every room). */
  namedRooms(app: string, id: string): ReadonlySet<string> | undefined {
    const listed = String(this.state(app, id).config["rooms"] ?? "")
      .split(",")
      .map((r) => r.trim())
      .filter((r) => r !== "");
    return listed.length > 0 ? new Set(listed) : undefined;
  }
}
