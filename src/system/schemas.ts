import { z } from "zod";

/** `?refresh`, `?refresh=true` or `?refresh=1` ask for a new probe; `?refresh=false` does not. */
export const gpuQuery = z.object({ refresh: z.string().max(10).optional() });

/** `GET /system/settings`: the effective config, redacted; its keys follow the config, so any JSON. */
export const settingsResponse = z.record(z.string(), z.unknown());

/** `ok`, `missing`, or `failed: <why>`. */
const toolState = z.string();

/** `GET /system/gpu` and its refresh. */
export const gpuResponse = z.strictObject({
  available: z.boolean(),
  probedAt: z.string(),
  types: z.strictObject({ nvidia: z.boolean(), vaapi: z.boolean(), qsv: z.boolean() }),
  nvidia: z.strictObject({ tool: toolState, gpus: z.array(z.string()) }),
  vaapi: z.strictObject({ renderNodes: z.array(z.string()), tool: toolState, driver: z.string().nullable() }),
  ffmpeg: z.strictObject({ tool: toolState, hardwareEncoders: z.array(z.string()) }),
});

/** A database file's health (`PRAGMA quick_check` and its sizes). */
const dbHealth = {
  file: z.string(),
  /** `ok`, or SQLite's first complaint. */
  integrity: z.string(),
  schemaVersion: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  freelistCount: z.number().int(),
  fileBytes: z.number().int(),
  walBytes: z.number().int(),
};

/** `GET /system/db/health`: the global database, and apps whose room prefixes overlap. */
export const globalDbHealthResponse = z.strictObject({
  ...dbHealth,
  roomPrefixes: z.strictObject({
    status: z.enum(["ok", "overlapping"]),
    overlaps: z.array(z.strictObject({ apps: z.tuple([z.string(), z.string()]), prefixes: z.tuple([z.string(), z.string()]) })),
  }),
});

/** `GET /apps/{app}/db/health`: the app's database and its other files read at start. */
export const appDbHealthResponse = z.strictObject({
  ...dbHealth,
  status: z.enum(["ok", "damaged"]),
  files: z.array(
    z.strictObject({
      file: z.string(),
      status: z.enum(["ok", "damaged"]),
      problem: z.string().optional(),
      action: z.string().optional(),
    }),
  ),
});

const dbSizes = z.strictObject({ fileBytes: z.number().int(), walBytes: z.number().int(), pageCount: z.number().int(), freelistCount: z.number().int() });

/** `POST /apps/{app}/db/optimize`. */
export const optimizeResponse = z.strictObject({ before: dbSizes, after: dbSizes, durationMs: z.number().int() });
