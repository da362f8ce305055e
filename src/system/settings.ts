import type { Config } from "../config.ts";

/** Config keys whose values are credentials: shown only as `<key>Set`. */
const SECRET = /secret|password|token|masterkey/i;

/** `AP…3x`: enough of an API key to tell which one is configured, never all of it. */
export function maskKey(key: string): string {
  return key.length <= 6 ? "…" : `${key.slice(0, 2)}…${key.slice(-2)}`;
}

/** A URL without the password it may carry (`smtp://user:…@host`). */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password === "") return url;
    parsed.password = "…";
    return parsed.toString();
  } catch {
    return "…";
  }
}

function redact(value: unknown, key: string): [string, unknown] {
  if (SECRET.test(key)) return [`${key}Set`, value !== undefined && value !== ""];
  if (/apikey$/i.test(key) && typeof value === "string") return [key, maskKey(value)];
  if (typeof value === "string" && /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return [key, withoutPassword(value)];
  if (Array.isArray(value)) return [key, value.map((v) => (typeof v === "object" && v !== null && "text" in v ? (v as { text: string }).text : v))];
  if (typeof value === "object" && value !== null) return [key, redactAll(value as Record<string, unknown>)];
  return [key, value ?? null];
}

function redactAll(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => redact(v, k)));
}

/**
 * GET /system/settings: the effective config as the service runs it. Credentials become
 * `<name>Set` booleans by key name (so a setting added later is covered without a change here),
 * API keys are masked, passwords inside URLs are cut, CIDR lists are shown as text, and the raw
 * environment is left out entirely.
 */
export function effectiveSettings(config: Config): Record<string, unknown> {
  const { env: _environment, ...settings } = config;
  return redactAll(settings);
}
