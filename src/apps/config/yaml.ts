import { isMap, isScalar, parseDocument, stringify, visit, type Document } from "yaml";

/** Bounds on a YAML document from a user: a hostile one must fail fast, not eat memory or CPU. */
export const YAML_LIMITS = { maxBytes: 64 * 1024, maxAliases: 50, maxDepth: 32 } as const;

export type YamlResult =
  | { readonly ok: true; readonly value: unknown; readonly doc: Document }
  | { readonly ok: false; readonly message: string; readonly line?: number };

/** Nesting of flow collections and of indentation, measured before the parser sees the text. */
function tooDeep(text: string): boolean {
  let flow = 0;
  let quote: string | null = null;
  let previous = "\n";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      // A quote ends at its closing mark or, conservatively, at the end of the line.
      if (c === "\n" || (c === quote && text[i - 1] !== "\\")) quote = null;
    } else if ((c === '"' || c === "'") && " \t\n:-[{,".includes(previous)) {
      // Only where a scalar can start: an apostrophe inside `don't` is not a quote.
      quote = c;
    } else if (c === "#" && " \t\n".includes(previous)) {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "[" || c === "{") {
      if (++flow > YAML_LIMITS.maxDepth) return true;
    } else if (c === "]" || c === "}") {
      flow = Math.max(0, flow - 1);
    }
    previous = text[i] ?? "\n";
  }
  return text.split("\n").some((line) => line.length - line.trimStart().length > YAML_LIMITS.maxDepth * 4);
}

function depthOf(value: unknown, depth = 0): number {
  if (depth > YAML_LIMITS.maxDepth || value === null || typeof value !== "object") return depth;
  let max = depth;
  for (const child of Object.values(value)) max = Math.max(max, depthOf(child, depth + 1));
  return max;
}

/**
 * Parses untrusted YAML with every bound enforced: size before parsing, flow and indentation
 * nesting before parsing, aliases when converting (the `yaml` package counts them only in
 * `toJS`, so a billion-laughs document parses cheaply and is refused there), and the depth of
 * the result.
 */
export function parseBoundedYaml(text: string): YamlResult {
  if (Buffer.byteLength(text) > YAML_LIMITS.maxBytes) {
    return { ok: false, message: `the YAML is larger than ${YAML_LIMITS.maxBytes} bytes` };
  }
  // YAML allows no NUL character, and PostgreSQL's text (where configs live there) cannot hold one.
  if (text.includes("\u0000")) return { ok: false, message: "the YAML holds a NUL character, which YAML does not allow" };
  if (tooDeep(text)) return { ok: false, message: `the YAML nests deeper than ${YAML_LIMITS.maxDepth} levels` };
  // The package's own duplicate-key check is quadratic in a map's size; ours below is linear.
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: true });
  const first = doc.errors[0];
  if (first) return { ok: false, message: first.message.split("\n")[0] ?? "invalid YAML", line: first.linePos?.[0]?.line };
  const duplicate = duplicateKey(doc, text);
  if (duplicate) return { ok: false, message: `duplicate key "${duplicate.key}"`, line: duplicate.line };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliases });
  } catch (err) {
    return { ok: false, message: `the YAML was refused: ${(err as Error).message}` };
  }
  if (depthOf(value) > YAML_LIMITS.maxDepth) return { ok: false, message: `the YAML nests deeper than ${YAML_LIMITS.maxDepth} levels` };
  // An empty file is an empty config.
  return { ok: true, value: value ?? {}, doc };
}

/** The first key that appears twice in one mapping, with its line in `text`. */
function duplicateKey(doc: Document, text: string): { key: string; line: number | undefined } | undefined {
  let found: { key: string; line: number | undefined } | undefined;
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        // Typed, so `1:` and `"1":` stay different keys, as YAML has them.
        const key = isScalar(pair.key) ? `${typeof pair.key.value}:${String(pair.key.value)}` : JSON.stringify(pair.key);
        if (seen.has(key)) {
          const offset = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
          found = { key: key.slice(key.indexOf(":") + 1), line: offset === undefined ? undefined : text.slice(0, offset).split("\n").length };
          return visit.BREAK;
        }
        seen.add(key);
      }
      return undefined;
    },
  });
  return found;
}

/**
 * Removes an inline `mqtt.password` from the document, keeping its comments and layout. Answers
 * whether there was one: it is ignored with a warning, as secrets never live in YAML.
 */
export function stripInlineMqttPassword(doc: Document): boolean {
  const mqtt = doc.get("mqtt");
  if (!isMap(mqtt) || !mqtt.has("password")) return false;
  mqtt.delete("password");
  return true;
}

export function toYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0 });
}
