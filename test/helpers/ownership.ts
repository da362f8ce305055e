import path from "node:path";
import ts from "typescript";
import { specifiersOf } from "./imports.ts";

/**
 * STYLE.md's data and handler rules as a checker over source texts, so it runs on the real tree
 * and on small synthetic ones alike:
 * 1. `store`: no file imports another domain's store (`src/<domain>/store.ts`) at run time; a
 *    type-only import (a row type such as `AppRow`) reads no table;
 * 2. `sql`: SQL (`.prepare(x)`, a database's `.exec(x)`) only in store files, `src/db/` (the
 *    database layer: connections, migrator, instance row) and migrations (`.sql`, never scanned);
 * 3. `routes`: route files call services only: no store (not even handed in: a type import of a
 *    `...Store` class counts, a row type does not), no `src/db/`, no client library of LiveKit,
 *    S3, MQTT or SQLite, no file system or child processes.
 * Each violation says where the code belongs.
 */
export interface SourceText {
  /** Root-relative with forward slashes (`src/recording/service.ts`). */
  readonly path: string;
  readonly text: string;
}

export type OwnershipRule = "store" | "sql" | "routes";

export interface OwnershipViolation {
  readonly rule: OwnershipRule;
  /** Stable across line moves: `rule file -> what` (what KNOWN_VIOLATIONS lists). */
  readonly key: string;
  readonly message: string;
}

/** `src/<domain>/...` → `<domain>`; anything else (app.ts, workers/, machines/) has none. */
export function domainOf(file: string): string | undefined {
  const m = /^src\/([^/]+)\/./.exec(file);
  return m?.[1];
}

/** A domain's store: `src/<domain>/store.ts`, or `src/<domain>/<part>/store.ts` of a sub-area. */
export const isStoreFile = (file: string): boolean => /^src\/[^/]+\/(?:.+\/)?store\.ts$/.test(file);

/** `routes.ts`, `<concern>-routes.ts`: a domain's route table. */
export const isRouteFile = (file: string): boolean => /(^|\/|-)routes\.ts$/.test(file);

/** The module API a domain provides to the others, by the project's naming (`vods` → `VodsApi`). */
const apiName = (domain: string): string => domain.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("") + "Api";

/** What a route file may not import (packages by name or prefix), with what to do instead. */
const ROUTE_FORBIDDEN: ReadonlyArray<readonly [RegExp, string]> = [
  [/^livekit-server-sdk$/, "LiveKit"],
  [/^@aws-sdk\//, "S3"],
  [/^mqtt$/, "MQTT"],
  [/^better-sqlite3$/, "SQLite"],
  [/^(node:)?fs(\/promises)?$/, "the file system"],
  [/^(node:)?child_process$/, "child processes"],
];

/** Receivers whose `.exec(x)` is a database's, when the argument is not a literal. */
const DB_RECEIVER = /(^|\.)(db|database|global|conn|connection|sqlite)$/i;

interface Resolved {
  readonly specifier: string;
  /** The root-relative file for a relative specifier (`.js` read as `.ts`); undefined for packages. */
  readonly file: string | undefined;
  readonly line: number;
  readonly typeOnly: boolean;
}

function importsOf(file: SourceText): Resolved[] {
  return specifiersOf(file.path, file.text).map(({ specifier, line, typeOnly }) => ({
    specifier,
    line,
    typeOnly,
    file: specifier.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(file.path), specifier)).replace(/\.js$/, ".ts") : undefined,
  }));
}

/** The names each import declaration binds, by `specifier:line` (`import type { AppStore } from "x"`). */
function importedNames(file: SourceText): Map<string, string[]> {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false);
  const names = new Map<string, string[]>();
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteralLike(node.moduleSpecifier)) continue;
    const clause = node.importClause;
    const bound = [
      ...(clause?.name ? [clause.name.text] : []),
      ...(clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.map((e) => (e.propertyName ?? e.name).text) : []),
    ];
    const line = source.getLineAndCharacterOfPosition(node.moduleSpecifier.getStart(source)).line + 1;
    names.set(`${node.moduleSpecifier.text}:${line}`, bound);
  }
  return names;
}

/** Calls that run SQL, with their line: `x.prepare(...)` always, `x.exec(...)` on a database. */
export function sqlCalls(file: SourceText): Array<{ method: "prepare" | "exec"; line: number }> {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const found: Array<{ method: "prepare" | "exec"; line: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const first = node.arguments[0];
      const literal = first !== undefined && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first));
      // RegExp#exec takes the text to match, never a literal SQL string on a database handle.
      const isDbExec = method === "exec" && !ts.isRegularExpressionLiteral(node.expression.expression) && (literal || DB_RECEIVER.test(node.expression.expression.getText(source)));
      // `prepare()` without a statement is a module's hook, not SQL.
      if ((method === "prepare" && first !== undefined) || isDbExec) {
        found.push({ method: method as "prepare" | "exec", line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function ownershipViolations(files: readonly SourceText[]): OwnershipViolation[] {
  const out: OwnershipViolation[] = [];
  for (const file of files) {
    const mine = domainOf(file.path);
    const names = isRouteFile(file.path) ? importedNames(file) : new Map<string, string[]>();
    for (const imp of importsOf(file)) {
      const target = imp.file;
      const owner = target === undefined ? undefined : domainOf(target);
      if (target !== undefined && !imp.typeOnly && isStoreFile(target) && owner !== undefined && owner !== mine) {
        out.push({
          rule: "store",
          key: `store ${file.path} -> ${target}`,
          message: `${file.path}:${imp.line} imports ${target}: call the ${owner} module's API (${apiName(owner)}) instead; only src/${owner}/ may use its store`,
        });
      }
      if (!isRouteFile(file.path)) continue;
      const forbidden =
        target === undefined
          ? ROUTE_FORBIDDEN.find(([pattern]) => pattern.test(imp.specifier))?.[1]
          : isStoreFile(target) && (!imp.typeOnly || (names.get(`${imp.specifier}:${imp.line}`) ?? []).some((name) => name.endsWith("Store")))
            ? "a store"
            : target.startsWith("src/db/") && !imp.typeOnly
              ? "the database"
              : undefined;
      if (forbidden !== undefined) {
        const service = mine === undefined ? "the domain's service.ts" : `src/${mine}/service.ts`;
        out.push({
          rule: "routes",
          key: `routes ${file.path} -> ${target ?? imp.specifier}`,
          message: `${file.path}:${imp.line} imports ${target ?? imp.specifier}: a route file calls services only; move what it does with ${forbidden} into ${service} and call that from the handler`,
        });
      }
    }
    if (isStoreFile(file.path) || file.path.startsWith("src/db/")) continue;
    const calls = sqlCalls(file);
    for (const method of new Set(calls.map((c) => c.method))) {
      const lines = calls.filter((c) => c.method === method).map((c) => c.line);
      const store = mine === undefined ? "the owning domain's store.ts" : `src/${mine}/store.ts`;
      out.push({
        rule: "sql",
        key: `sql ${file.path} .${method}(`,
        message: `${file.path}:${lines.join(",")} runs SQL (.${method}): move the statements into ${store} as named methods and call those; only store files and migrations hold SQL`,
      });
    }
  }
  return out;
}
