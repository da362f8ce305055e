/** Keys whose values are never shown, however deep they sit. */
const SECRET_KEY = /secret|token|password|passwd|credential|apikey|api_key|authorization|cookie|^key$|private/i;
const MAX_DEPTH = 3;
const MAX_STRING = 200;
const MAX_ITEMS = 20;

/**
 * A bounded, redacted view of an actor's context for the debug endpoint: secrets masked by key
 * name, long strings cut, big arrays and objects elided, functions and actor refs named only.
 */
export function summarize(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === "string") return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "function") return "[function]";
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "object") return String(value);
  if ("send" in value && "getSnapshot" in value) return `[actor ${(value as { id?: string }).id ?? ""}]`;
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `[array(${value.length})]` : "[object]";
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => summarize(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`…${value.length - MAX_ITEMS} more`);
    return items;
  }
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value);
  for (const [key, v] of entries.slice(0, MAX_ITEMS)) {
    out[key] = SECRET_KEY.test(key) ? "[redacted]" : summarize(v, depth + 1);
  }
  if (entries.length > MAX_ITEMS) out["…"] = `${entries.length - MAX_ITEMS} more keys`;
  return out;
}
