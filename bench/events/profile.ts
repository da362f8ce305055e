/**
 * Where the target's time went: a V8 .cpuprofile summarised by self time, per function and per
 * area (the service's own folders, the libraries it calls, Node internals, GC). Also runnable on
 * its own: `node --import tsx bench/events/profile.ts <file.cpuprofile> [top]`.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const REPO = fileURLToPath(new URL("../../", import.meta.url));

/** A short location: repo-relative, a package name, or Node's own module. */
function where(url: string): string {
  const file = url.startsWith("file://") ? fileURLToPath(url) : url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  if (pkg) return `${pkg[1] ?? ""}:${pkg[2] ?? ""}`;
  return file.startsWith(REPO) ? file.slice(REPO.length) : file;
}

/** The bucket a location belongs to: src/<domain>, a package, node internals, or V8's pseudo-frames. */
function area(fn: string, url: string): string {
  if (url === "") return fn.startsWith("(") ? fn : "(native)";
  if (url.startsWith("wasm://")) return "undici (llhttp, wasm)";
  const loc = where(url);
  if (loc.startsWith("src/") || loc.startsWith("bench/")) return loc.split("/").slice(0, 2).join("/");
  if (loc.includes(":") && !loc.startsWith("node:")) return loc.split(":")[0] ?? loc;
  return "node internals";
}

/**
 * A function's name and place. Lines are given for libraries only: tsx compiles src/ without
 * keeping line numbers, so they would mislead. Native frames (a SQLite statement's `run`, a
 * socket's `writev`) name their JavaScript caller, which says which statement or socket it was.
 */
function label(node: ProfileNode, parent: ProfileNode | undefined): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || "(anonymous)";
  if (url === "") {
    if (name.startsWith("(") || !parent) return name;
    return `${name} <- ${label(parent, undefined)}`;
  }
  const loc = where(url);
  return loc.startsWith("src/") || loc.startsWith("bench/") ? `${name}  ${loc}` : `${name}  ${loc}:${lineNumber + 1}`;
}

export function summarise(file: string, top = 20): string {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n);
  const self = new Map<number, number>();
  let total = 0;
  // Profiler.stop's own work (serialising the profile) is sampled too; it is not the service's.
  const profiler = new Set(profile.nodes.filter((n) => parentOf.get(n.id)?.callFrame.url === "node:inspector").map((n) => n.id));
  profile.samples.forEach((id, i) => {
    if (profiler.has(id)) return;
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const fns = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const key = label(node, parentOf.get(id));
    fns.set(key, (fns.get(key) ?? 0) + us);
    const a = area(node.callFrame.functionName || "(anonymous)", node.callFrame.url);
    areas.set(a, (areas.get(a) ?? 0) + us);
  }
  // Inclusive time of the service's own functions: each counted once per sample it is on the stack of.
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (profiler.has(id)) return;
    const seen = new Set<string>();
    for (let node = byId.get(id); node; node = parentOf.get(node.id)) {
      if (!where(node.callFrame.url).startsWith("src/")) continue;
      const key = label(node, undefined);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  const idle = areas.get("(idle)") ?? 0;
  const busy = total - idle;
  const share = (us: number) => `${((us / Math.max(busy, 1)) * 100).toFixed(1).padStart(5)}%`;
  const sorted = (m: Map<string, number>) => [...m].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]);
  return [
    `${file}: ${(total / 1e6).toFixed(2)} s sampled, ${(busy / 1e6).toFixed(2)} s busy (${((busy / Math.max(total, 1)) * 100).toFixed(0)}%); shares below are of busy time`,
    "  by area:",
    ...sorted(areas).slice(0, 12).map(([k, us]) => `    ${share(us)}  ${k}`),
    `  top ${top} functions by self time:`,
    ...sorted(fns).slice(0, top).map(([k, us]) => `    ${share(us)}  ${k}`),
    `  top ${top} src/ functions by inclusive time (callees included):`,
    ...sorted(inclusive).slice(0, top).map(([k, us]) => `    ${share(us)}  ${k}`),
  ].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (file === undefined) throw new Error("usage: events-profile.ts <file.cpuprofile> [top]");
  console.log(summarise(file, Number(process.argv[3] ?? 20)));
}
