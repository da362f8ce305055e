import { z } from "zod";

/**
 * The plugins this service knows (SPEC 2.10): their manifests, and the zod schemas built from
 * each manifest's `configSchema`. Pure data and validation, imported by the app config schema
 * (a plugin's YAML section is checked against its manifest) and by the plugins domain.
 */

const field = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("string"),
    default: z.string(),
    description: z.string(),
    maxLength: z.number().int().positive(),
    /** A regular expression the whole value must match (the default always does), and what it asks for. */
    pattern: z.strictObject({ regex: z.string(), message: z.string() }).optional(),
  }),
  z.strictObject({ type: z.literal("number"), default: z.number(), description: z.string(), min: z.number(), max: z.number(), integer: z.boolean() }),
  z.strictObject({ type: z.literal("boolean"), default: z.boolean(), description: z.string() }),
  z.strictObject({ type: z.literal("select"), default: z.string(), description: z.string(), options: z.array(z.string()).min(1) }),
  /** Sealed in the app's secrets store, never in the YAML; read back masked. Its default is always "". */
  z.strictObject({ type: z.literal("secret"), default: z.literal(""), description: z.string() }),
]);
export type ConfigField = z.infer<typeof field>;

export const pluginManifest = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/),
  name: z.string(),
  description: z.string(),
  version: z.string(),
  /** Whether enabling it runs a worker process (the worker routes only apply to these). */
  needsWorker: z.boolean(),
  /** Whether a player draws something for it: such plugins, when enabled, are on the public list. */
  playerOverlay: z.boolean(),
  /** The rooms its worker works on: WebSocket MJPEG camera rooms, and LiveKit rooms (joined as a hidden participant). */
  sources: z.array(z.enum(["camera", "livekit"])).min(1),
  configSchema: z.record(z.string(), field),
});
export type PluginManifest = z.infer<typeof pluginManifest>;

/** Every room of the app, or the ones named: both workers take this field. */
const rooms: ConfigField = {
  type: "string",
  default: "",
  maxLength: 2000,
  description: "Rooms to work on, comma-separated; empty for every live room of the app",
};

const MANIFESTS = [
  {
    id: "yolo",
    name: "Object detection",
    description:
      "Detects objects (COCO classes: person, car, dog, ...) in a room's video and publishes the boxes as data messages " +
      "on topic `detections`; players can draw them.",
    version: "1.0.0",
    needsWorker: true,
    playerOverlay: true,
    sources: ["camera", "livekit"],
    configSchema: {
      rooms,
      modelPath: {
        type: "string",
        default: "",
        maxLength: 1000,
        pattern: { regex: "^(/.+\\.onnx)?$", message: "an absolute path to an .onnx file on the server, or empty" },
        description: "An absolute path to your own YOLO ONNX model on the server (Ultralytics export layout); empty for the built-in COCO detector",
      },
      confidence: { type: "number", default: 0.4, min: 0.05, max: 1, integer: false, description: "Minimum score of a detection" },
      classes: { type: "string", default: "", maxLength: 2000, description: "Class labels to report, comma-separated; empty for all" },
      fps: { type: "number", default: 2, min: 0.1, max: 30, integer: false, description: "Frames analysed per second and room, at most" },
      maxDetections: { type: "number", default: 20, min: 1, max: 100, integer: true, description: "Detections reported per frame, at most" },
    },
  },
  {
    id: "deface",
    name: "Face blurring",
    description:
      "Finds faces in a camera room's frames and serves a rendition with them blurred at " +
      "/live/{app}/{room}/mjpeg?variant=deface (and frame.jpg?variant=deface).",
    version: "1.0.0",
    needsWorker: true,
    playerOverlay: false,
    sources: ["camera"],
    configSchema: {
      rooms,
      method: { type: "select", default: "blur", options: ["blur", "pixelate", "fill"], description: "How a face is hidden" },
      strength: { type: "number", default: 30, min: 1, max: 100, integer: true, description: "Blur radius or pixel size, in percent of the face's size" },
      threshold: { type: "number", default: 0.3, min: 0.05, max: 1, integer: false, description: "Minimum face detection score" },
      fps: { type: "number", default: 15, min: 1, max: 30, integer: false, description: "Frames processed per second and room, at most" },
      publicOriginal: {
        type: "boolean",
        default: false,
        description: "Whether public viewers may still watch the unblurred stream while deface is enabled",
      },
      originalKey: {
        type: "secret",
        default: "",
        description: "A key that still opens the unblurred stream (add ?key=) while publicOriginal is off; empty: only play tokens do",
      },
    },
  },
] as const satisfies readonly PluginManifest[];

export const PLUGIN_IDS = MANIFESTS.map((m) => m.id);
export type PluginId = (typeof PLUGIN_IDS)[number];

/** The manifest of a known plugin, or undefined. */
export function manifestOf(id: string): PluginManifest | undefined {
  return MANIFESTS.find((m) => m.id === id);
}

export const manifests: readonly PluginManifest[] = MANIFESTS.map((m) => pluginManifest.parse(m));

/** The schema of one field's value. */
function valueSchema(f: ConfigField): z.ZodType<string | number | boolean> {
  switch (f.type) {
    case "string": {
      const text = z.string().max(f.maxLength);
      return f.pattern ? text.regex(new RegExp(f.pattern.regex), f.pattern.message) : text;
    }
    case "number": {
      const n = z.number().min(f.min).max(f.max);
      return f.integer ? n.int() : n;
    }
    case "boolean":
      return z.boolean();
    case "select":
      return z.enum(f.options as [string, ...string[]], { message: `one of ${f.options.join(", ")}` });
    case "secret":
      return z.string().max(2000);
  }
}

/**
 * A plugin's config as written: every key optional (a write sets some), unknown keys refused.
 * `secrets: false` (the YAML) refuses secret fields too: they never live in the file.
 */
export function configPatchSchema(m: PluginManifest, options: { secrets: boolean }): z.ZodType<Record<string, string | number | boolean>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, f] of Object.entries(m.configSchema)) {
    if (f.type === "secret" && !options.secrets) {
      shape[key] = z.never({ message: `${key} is a secret: set it through PATCH /plugins/${m.id}, never in the YAML` }).optional();
    } else shape[key] = valueSchema(f).optional();
  }
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, string | number | boolean>>;
}

/** Every non-secret field at its default, overlaid with what is set. */
export function withDefaults(m: PluginManifest, set: Readonly<Record<string, unknown>>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, f] of Object.entries(m.configSchema)) {
    if (f.type === "secret") continue;
    const value = set[key];
    out[key] = value === undefined ? f.default : (value as string | number | boolean);
  }
  return out;
}

export const secretFields = (m: PluginManifest): string[] =>
  Object.entries(m.configSchema)
    .filter(([, f]) => f.type === "secret")
    .map(([key]) => key);
