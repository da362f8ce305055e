import fc from "fast-check";
import { z } from "zod";

/**
 * fast-check arbitraries derived from a route's own zod schemas, through zod's JSON Schema export
 * (`io: "input"`, what a client sends). Pragmatic, not complete: strings with patterns, formats and
 * lengths, bounded numbers, enums and consts, objects, arrays, unions and `$ref`s. What it cannot
 * read becomes any small JSON value, which the route then answers with a 400; the property holds
 * either way.
 */
export type JsonSchema = {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly $ref?: string;
  readonly $defs?: Readonly<Record<string, JsonSchema>>;
  readonly default?: unknown;
};

/** The JSON Schema a client must satisfy; `{}` (anything) when zod cannot express the schema. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Overrides for named properties (path params such as `app`), checked before the schema. */
export type Overrides = Readonly<Record<string, fc.Arbitrary<unknown>>>;

/** Strings are kept short unless the schema needs them long: the huge ones are the invalid cases' job. */
const MAX_STRING = 80;

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

/**
 * URIs point at a closed local port: a fuzzed media-server, S3 or webhook URL must fail fast,
 * never wait on DNS or a stranger's host.
 */
const closedUri = fc
  .tuple(fc.constantFrom("http", "https", "ws", "mqtt"), fc.stringMatching(/^[a-z0-9/]{0,12}$/))
  .map(([scheme, p]) => `${scheme}://127.0.0.1:9/${p}`);

function stringArb(s: JsonSchema): fc.Arbitrary<unknown> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? MAX_STRING, Math.max(MAX_STRING, min)));
  const fits = (v: string) => v.length >= min && v.length <= (s.maxLength ?? Infinity);
  switch (s.format) {
    case "uri":
    case "url":
      return closedUri;
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
    case "email":
      return fc.stringMatching(/^[a-z0-9]{1,12}$/).map((u) => `${u}@fuzz.example`);
  }
  if (s.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot walk backwards: plain strings, most of which the route refuses.
    }
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max, unit: "grapheme-ascii" }) },
    fc.string({ minLength: min, maxLength: max, unit: "binary" }),
  );
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const lo = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : (s.minimum ?? -1e9);
  const hi = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : (s.maximum ?? 1e9);
  if (!integer) return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  // fast-check's integers are 32-bit; the bounds themselves are reachable through the constants.
  const min = Math.max(Math.ceil(lo), -0x7fffffff);
  const max = Math.min(Math.floor(hi), 0x7fffffff);
  const edges = [Math.ceil(lo), Math.floor(hi)].filter((v) => Number.isSafeInteger(v));
  return min <= max ? fc.oneof({ weight: 5, arbitrary: fc.integer({ min, max }) }, fc.constantFrom(...(edges.length > 0 ? edges : [min]))) : fc.constant(min);
}

/** An arbitrary of values valid for `s` (best effort); `root` resolves `$ref`s. */
export function arbitraryOf(s: JsonSchema, root: JsonSchema = s, overrides: Overrides = {}, depth = 0): fc.Arbitrary<unknown> {
  if (s.$ref !== undefined) {
    const name = s.$ref.replace(/^#\/\$defs\//, "");
    const target = root.$defs?.[name];
    return target && depth < 4 ? arbitraryOf(target, root, {}, depth + 1) : anyJson;
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum !== undefined && s.enum.length > 0) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union !== undefined && union.length > 0) return fc.oneof(...union.map((u) => arbitraryOf(u, root, overrides, depth + 1)));
  if (s.allOf !== undefined && s.allOf[0] !== undefined) return arbitraryOf(s.allOf[0], root, overrides, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      return stringArb(s);
    case "integer":
      return numberArb(s, true);
    case "number":
      return numberArb(s, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const item = s.items ? arbitraryOf(s.items, root, {}, depth + 1) : anyJson;
      const min = s.minItems ?? 0;
      return fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 4, 4)) });
    }
    case "object":
      return objectArb(s, root, overrides, depth);
  }
  return anyJson;
}

function objectArb(s: JsonSchema, root: JsonSchema, overrides: Overrides, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = overrides[key] ?? arbitraryOf(sub, root, {}, depth + 1);
  const required = (s.required ?? []).filter((k) => k in model);
  const base = fc.record(model, { requiredKeys: required });
  if (typeof s.additionalProperties === "object" && Object.keys(props).length === 0) {
    const value = arbitraryOf(s.additionalProperties, root, {}, depth + 1);
    return fc.dictionary(fc.stringMatching(/^[a-z]{1,10}$/), value, { maxKeys: 3 });
  }
  return base;
}

/** A JSON value whose JSON type differs from `value`'s: the wrong-type mutation. */
export function wrongTypeFor(value: unknown): fc.Arbitrary<unknown> {
  const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  return fc
    .oneof(fc.integer(), fc.double({ noNaN: true }), fc.string({ maxLength: 8 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.object({ maxDepth: 1 }))
    .filter((v) => kind(v) !== kind(value));
}

/** Percent-encoding that does not decode: lone `%`, bad hex, truncated and overlong UTF-8. */
export const malformedPercent = fc.constantFrom("%", "%zz", "%G1", "abc%2", "%E0%A4%A", "%C0%AF", "%FF%FE", "%ED%A0%80", "x%");
