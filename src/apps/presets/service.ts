import { isDeepStrictEqual } from "node:util";
import { isProblem, problem, type Problem } from "../../lib/problem.ts";
import type { AppConfigService } from "../config/service.ts";
import { mergeEdits, PRESETS, stripPresetPatch } from "./presets.ts";

function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** What applying a preset did: the keys whose value changed, the text diff and the config's warnings. */
export interface PresetApplied {
  readonly preset: string;
  readonly applied: true;
  readonly reloaded: true;
  readonly changed: string[];
  readonly diff: string;
  readonly warnings: string[];
}

/** SPEC 4.3: the built-in presets, and applying one over an app's current config in one write. */
export class PresetService {
  constructor(private readonly configs: AppConfigService) {}

  list(): { id: string; description: string; sets: unknown }[] {
    return PRESETS.map((p) => ({ id: p.id, description: p.description, sets: stripPresetPatch(p.patch) }));
  }

  async apply(app: string, id: string): Promise<PresetApplied | Problem> {
    const preset = PRESETS.find((p) => p.id === id);
    if (!preset) return problem("not_found", `no preset "${id}"; use one of ${PRESETS.map((p) => p.id).join(", ")}`);
    const edits = mergeEdits(stripPresetPatch(preset.patch));
    const updated = await this.configs.update(app, edits);
    if (isProblem(updated)) return updated;
    const changed = edits.filter((e) => !isDeepStrictEqual(valueAt(updated.before, e.path), valueAt(updated.after, e.path))).map((e) => e.path.join("."));
    return { preset: preset.id, applied: true, reloaded: updated.reloaded, changed, diff: updated.diff, warnings: updated.warnings };
  }
}
