/** The `APP_<SLUG>` stem of the variables an operator hands an app (`demo-cam` → `APP_DEMO_CAM`). */
function variableStem(app: string): string {
  return `APP_${app.toUpperCase().replace(/-/g, "_")}`;
}

/** SPEC 2.13's default for `password_env`: `APP_<SLUG>_MQTT_PASSWORD`. */
export function defaultPasswordEnv(app: string): string {
  return `${variableStem(app)}_MQTT_PASSWORD`;
}

/**
 * Whether `name` is a variable the app may read its broker password from: its default name, or
 * that name with one more `_PART` (`APP_DEMO_MQTT_PASSWORD_NEXT`, for a rotation). Nothing else:
 * every other variable is the operator's (SERVICE_JWT_SECRET, AWS_SECRET_ACCESS_KEY...). A bare
 * `APP_<SLUG>_` prefix is not enough, as `demo`'s prefix `APP_DEMO_` is also the start of app
 * `demo-x`'s `APP_DEMO_X_MQTT_PASSWORD`; with the fixed middle and a suffix without `_`, no
 * two apps' names can ever meet (app names are lowercase letters, digits and dashes).
 */
export function passwordEnvAllowed(app: string, name: string): boolean {
  const own = defaultPasswordEnv(app);
  return name === own || (name.startsWith(`${own}_`) && /^[A-Z0-9]+$/.test(name.slice(own.length + 1)));
}

/** Why `name` is refused, in words a tenant can act on. */
export function passwordEnvRule(app: string): string {
  return `must be ${defaultPasswordEnv(app)} or ${defaultPasswordEnv(app)}_<PART> (letters and digits): an app reads only the variables the operator set for it`;
}

/** SPEC 2.13's default topic root, `<service>/<app>`. */
export function defaultTopicPrefix(app: string): string {
  return `service/${app}`;
}
