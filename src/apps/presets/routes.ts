import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { appOf } from "../../auth/caller.ts";
import { isProblem, problem } from "../../lib/problem.ts";
import { ok } from "../../http/reply.ts";
import { defineRoute, type Route } from "../../http/route.ts";
import type { AppConfigService } from "../config/service.ts";
import { appParams } from "../schemas.ts";
import { mergeEdits, PRESETS, stripPresetPatch } from "./presets.ts";

function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** SPEC 4.3: list the built-in presets; apply one over the current config. */
export function presetRoutes(configs: AppConfigService): Route[] {
  return [
    defineRoute({
      method: "GET",
      path: "/api/v1/apps/{app}/presets",
      auth: "any",
      app: true,
      permission: "config:read",
      params: appParams,
      handler: async () => ok(PRESETS.map((p) => ({ id: p.id, description: p.description, sets: stripPresetPatch(p.patch) }))),
    }),
    defineRoute({
      method: "POST",
      path: "/api/v1/apps/{app}/presets/{preset}/apply",
      auth: "any",
      app: true,
      permission: "config:write",
      params: appParams.extend({ preset: z.string().max(64) }),
      handler: async (ctx) => {
        const preset = PRESETS.find((p) => p.id === ctx.params.preset);
        if (!preset) return problem("not_found", `no preset "${ctx.params.preset}"; use one of ${PRESETS.map((p) => p.id).join(", ")}`);
        const app = appOf(ctx).name;
        const edits = mergeEdits(stripPresetPatch(preset.patch));
        const updated = await configs.update(app, edits);
        if (isProblem(updated)) return updated;
        const changed = edits
          .filter((e) => !isDeepStrictEqual(valueAt(updated.before, e.path), valueAt(updated.after, e.path)))
          .map((e) => e.path.join("."));
        return ok({
          preset: preset.id,
          applied: true,
          reloaded: updated.reloaded,
          changed,
          diff: updated.diff,
          warnings: updated.warnings,
        });
      },
    }),
  ];
}
