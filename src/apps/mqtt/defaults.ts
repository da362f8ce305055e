/** SPEC 2.13's default for `password_env`: `APP_<SLUG>_MQTT_PASSWORD`. */
export function defaultPasswordEnv(app: string): string {
  return `APP_${app.toUpperCase().replace(/-/g, "_")}_MQTT_PASSWORD`;
}

/** SPEC 2.13's default topic root, `<service>/<app>`. */
export function defaultTopicPrefix(app: string): string {
  return `service/${app}`;
}
