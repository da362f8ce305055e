import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One import or re-export between two files of the project, as written in the importing file. */
export interface ImportEdge {
  /** The importing file, relative to the project root with forward slashes (`src/app.ts`). */
  readonly from: string;
  /** The imported file, relative to the project root likewise. */
  readonly to: string;
  /** The specifier as written (`../http/problem.ts`). */
  readonly specifier: string;
  readonly line: number;
  /** Erased at run time: `import type`, `export type`, or every named element marked `type`. */
  readonly typeOnly: boolean;
}

const SOURCE = /\.(ts|mts|mjs|js)$/;

/** Every source file under `dirs` (relative to `root`), as root-relative paths. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(rel);
      return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
    });
  return dirs.filter((dir) => existsSync(path.join(root, dir))).flatMap(walk).sort();
}

/** True when a named import or export list has elements and each is marked `type`. */
function allNamedTypeOnly(elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>): boolean {
  return elements.length > 0 && elements.every((element) => element.isTypeOnly);
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false; // `import "x"` runs x
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return clause.name === undefined && named !== undefined && ts.isNamedImports(named) && allNamedTypeOnly(named.elements);
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  const clause = node.exportClause;
  return node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && allNamedTypeOnly(clause.elements));
}

/**
 * The module specifiers a file names: static imports and re-exports, `import("x")` calls (run time)
 * and `import("x")` types (type only). Parsed with the compiler, so multi-line import lists,
 * comments and strings that merely look like imports are read as the compiler reads them.
 */
export function specifiersOf(fileName: string, text: string): Array<{ specifier: string; line: number; typeOnly: boolean }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: Array<{ specifier: string; line: number; typeOnly: boolean }> = [];
  const add = (literal: ts.Node, typeOnly: boolean) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    found.push({ specifier: literal.text, line, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, isTypeOnlyImport(node));
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier) add(node.moduleSpecifier, isTypeOnlyExport(node));
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The project-internal import graph of `files`: relative specifiers resolved to files that exist
 * (a `.js` specifier may name its `.ts` source). Package imports are left out.
 */
export function importGraph(root: string, files: readonly string[]): ImportEdge[] {
  return files.flatMap((from) =>
    specifiersOf(from, readFileSync(path.join(root, from), "utf8")).flatMap(({ specifier, line, typeOnly }) => {
      if (!specifier.startsWith(".")) return [];
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
      const candidates = [target, target.replace(/\.js$/, ".ts"), target.replace(/\.mjs$/, ".mts")];
      const to = candidates.find((candidate) => existsSync(path.join(root, candidate)));
      return to === undefined ? [] : [{ from, to, specifier, line, typeOnly }];
    }),
  );
}

/**
 * Each import cycle once, as the path of files that closes it (`a → b → a`). Tarjan's algorithm
 * finds the strongly connected components; one cycle is then traced through each, which is
 * enough to name the files to untangle.
 */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = next.get(node)?.includes(node) ?? false;
    if (component.length > 1 || selfLoop) components.push(component);
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) connect(node);
  return components.map((component) => cycleThrough(component, next));
}

/** A shortest path from the component's first file (alphabetically) back to itself, inside it. */
function cycleThrough(component: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0] ?? "";
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i] ?? "";
    for (const to of next.get(node) ?? []) {
      if (to === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (members.has(to) && !cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...component];
}
