import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { sourceFiles } from "../helpers/imports.ts";

/**
 * STYLE.md's "handlers are thin: parse, call one service method, map the result", measured: the
 * body of every `handler` in a route file (`routes.ts`, `<concern>-routes.ts`) spans at most
 * MAX_HANDLER_LINES lines (between its braces, or all of an expression body). Logic that needs more belongs in the domain's service.
 */
const MAX_HANDLER_LINES = 8;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const isRouteFile = (file: string) => /(^|\/|-)routes\.ts$/.test(file);

interface Source {
  readonly path: string;
  readonly text: string;
}

/** Each handler whose block body is longer than the limit, as a message that says where it goes. */
function thickHandlers(files: readonly Source[], max = MAX_HANDLER_LINES): string[] {
  const found: string[] = [];
  for (const file of files.filter((f) => isRouteFile(f.path))) {
    const sf = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && node.name.getText(sf) === "handler" && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) {
        const body = node.initializer.body;
        const first = sf.getLineAndCharacterOfPosition(body.getStart(sf)).line;
        const last = sf.getLineAndCharacterOfPosition(body.getEnd()).line;
        // A block counts the lines between its braces; an expression body every line it spans.
        const lines = ts.isBlock(body) ? last - first - 1 : last - first + 1;
        if (lines > max) {
          const dir = path.posix.dirname(file.path);
          found.push(`${file.path}:${first + 1}: a ${lines}-line handler; move its logic into a service method in ${dir}/ so the handler only parses, calls it and maps the result (at most ${max} lines)`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

describe("thin route handlers", () => {
  it(`keeps every handler in src/ within ${MAX_HANDLER_LINES} lines`, () => {
    const files = sourceFiles(root, ["src"]).map((p) => ({ path: p, text: readFileSync(path.join(root, p), "utf8") }));
    assert.ok(files.filter((f) => isRouteFile(f.path)).length > 30, "the route files were found");
    const thick = thickHandlers(files);
    assert.deepEqual(thick, [], `handlers with logic in them:\n${thick.join("\n")}`);
  });

  it("flags a handler over the limit (block or expression) with where its logic belongs, and lets a short one and a non-route file pass", () => {
    const long = `export const r = [defineRoute({ handler: async (ctx) => {\n${"  step();\n".repeat(9)}} })];\n`;
    const short = `export const r = [defineRoute({ handler: async (ctx) => {\n${"  step();\n".repeat(8)}} })];\n`;
    const expression = `export const r = [defineRoute({ handler: async (ctx) =>\n  call(\n${"    arg,\n".repeat(8)}  ) })];\n`;
    const found = thickHandlers([
      { path: "src/demo/routes.ts", text: long },
      { path: "src/demo/extra-routes.ts", text: short },
      { path: "src/other/routes.ts", text: expression },
      { path: "src/demo/service.ts", text: long },
    ]);
    assert.deepEqual(found, [
      "src/demo/routes.ts:1: a 9-line handler; move its logic into a service method in src/demo/ so the handler only parses, calls it and maps the result (at most 8 lines)",
      "src/other/routes.ts:2: a 10-line handler; move its logic into a service method in src/other/ so the handler only parses, calls it and maps the result (at most 8 lines)",
    ]);
  });
});

describe("the plugins module", () => {
  it("builds its parts in order, without late-bound variables or casts", () => {
    const text = readFileSync(path.join(root, "src/plugins/module.ts"), "utf8");
    const sf = ts.createSourceFile("module.ts", text, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      if (ts.isVariableDeclarationList(node) && (node.flags & ts.NodeFlags.Let) !== 0) found.push(`line ${line}: let ${node.declarations.map((d) => d.name.getText(sf)).join(", ")}`);
      if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(sf) === "const")) found.push(`line ${line}: cast ${node.getText(sf)}`);
      if (ts.isNonNullExpression(node) || ts.isTypeAssertionExpression(node)) found.push(`line ${line}: ${node.getText(sf)}`);
      ts.forEachChild(node, visit);
    };
    visit(sf);
    assert.deepEqual(found, [], "each part is built once what it needs exists (settings, detections, workers, rooms, service)");
  });
});
