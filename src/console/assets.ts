import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { staticFile, type StaticFile } from "../lib/static-file.ts";

export const ASSET_PREFIX = "/console/assets/";

/**
 * The ES modules the console's browser code imports by bare name, exactly as their npm packages
 * ship them: no bundler, so nothing is built at install or run time. Each package's `require`
 * entry sits beside its ES-module build in the same `dist/` folder.
 */
const VENDOR = [
  { specifier: "preact", name: "preact.js", resolve: "preact", file: "preact.module.js" },
  { specifier: "preact/hooks", name: "preact-hooks.js", resolve: "preact/hooks", file: "hooks.module.js" },
  { specifier: "htm", name: "htm.js", resolve: "htm", file: "htm.module.js" },
  { specifier: "uqr", name: "uqr.js", resolve: "uqr", file: "index.mjs" },
  // The Timeline tab's rewind player; the light build, as it plays one video rendition (no
  // subtitles, alternate audio or DRM), and only that tab imports it.
  { specifier: "hls.js", name: "hls.js", resolve: "hls.js", file: "hls.light.min.mjs" },
] as const;

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

export interface ConsoleAssets {
  /** The page's boot module and stylesheet. */
  readonly main: StaticFile;
  readonly style: StaticFile;
  /**
   * Maps the vendors' bare names, and every one of our own modules' plain URL, to its versioned
   * URL: relative imports between our modules then load the exact bytes the page was built with
   * and can be cached for a year.
   */
  readonly importMap: { readonly imports: Record<string, string> };
  find(name: string): StaticFile | undefined;
  contentType(file: StaticFile): string;
}

/** Reads every asset once, at startup; a missing vendor package fails the start, not a page. */
export function loadConsoleAssets(): ConsoleAssets {
  const require = createRequire(import.meta.url);
  const vendor = VENDOR.map((v) => ({
    specifier: v.specifier,
    file: staticFile(ASSET_PREFIX, v.name, readFileSync(path.join(path.dirname(require.resolve(v.resolve)), v.file))),
  }));
  const dir = new URL("./browser/", import.meta.url);
  const own = readdirSync(dir)
    .filter((name) => TYPES[path.extname(name)])
    .sort()
    .map((name) => staticFile(ASSET_PREFIX, name, readFileSync(new URL(name, dir))));
  const byName = new Map([...vendor.map((v) => v.file), ...own].map((f) => [f.name, f]));
  const need = (name: string): StaticFile => {
    const file = byName.get(name);
    if (!file) throw new Error(`console asset ${name} is missing from src/console/browser/`);
    return file;
  };
  const imports: Record<string, string> = {};
  for (const v of vendor) imports[v.specifier] = v.file.url;
  for (const f of own) if (f.name.endsWith(".js")) imports[ASSET_PREFIX + f.name] = f.url;
  return {
    main: need("main.js"),
    style: need("console.css"),
    importMap: { imports },
    find: (name) => byName.get(name),
    contentType: (file) => TYPES[path.extname(file.name)] ?? "application/octet-stream",
  };
}
