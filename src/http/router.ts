import type { HttpMethod, Route } from "./route.ts";

export type RouteMatch =
  | { readonly kind: "found"; readonly route: Route; readonly params: Record<string, string> }
  | { readonly kind: "method_not_allowed"; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: "not_found" }
  | { readonly kind: "bad_encoding" };

interface Node {
  readonly statics: Map<string, Node>;
  param?: { readonly name: string; readonly node: Node };
  readonly routes: Map<HttpMethod, Route>;
}

function newNode(): Node {
  return { statics: new Map(), routes: new Map() };
}

const PARAM = /^\{([A-Za-z][A-Za-z0-9_]*)\}$/;

/**
 * A segment trie. Paths are split on the raw `/` before percent-decoding, so a parameter may carry
 * an encoded slash (`room%2Fparticipant`) and still match one segment. Static segments win over
 * parameters at the same depth.
 */
export class Router {
  private readonly root = newNode();

  add(route: Route): void {
    let node = this.root;
    for (const segment of splitPath(route.path)) {
      const param = PARAM.exec(segment);
      if (param) {
        const name = param[1] as string;
        if (node.param && node.param.name !== name) {
          throw new Error(`route ${route.path}: parameter {${name}} conflicts with {${node.param.name}}`);
        }
        node.param ??= { name, node: newNode() };
        node = node.param.node;
      } else {
        let next = node.statics.get(segment);
        if (!next) {
          next = newNode();
          node.statics.set(segment, next);
        }
        node = next;
      }
    }
    if (node.routes.has(route.method)) throw new Error(`duplicate route ${route.method} ${route.path}`);
    node.routes.set(route.method, route);
  }

  match(method: HttpMethod | string, rawPath: string): RouteMatch {
    const segments = splitPath(rawPath);
    const raw: Array<[string, string]> = [];
    const node = this.walk(this.root, segments, 0, raw, method);
    if (!node) {
      const any = this.walk(this.root, segments, 0, [], undefined);
      return any ? { kind: "method_not_allowed", allowed: [...any.routes.keys()] } : { kind: "not_found" };
    }
    const route = node.routes.get(method as HttpMethod) as Route;
    const params: Record<string, string> = {};
    for (const [name, value] of raw) {
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return { kind: "bad_encoding" };
      }
    }
    return { kind: "found", route, params };
  }

  /** Depth-first, static before parameter, to the first node with `method` (any method if undefined). */
  private walk(
    node: Node,
    segments: readonly string[],
    index: number,
    params: Array<[string, string]>,
    method: string | undefined,
  ): Node | undefined {
    if (index === segments.length) {
      const accepts = method === undefined ? node.routes.size > 0 : node.routes.has(method as HttpMethod);
      return accepts ? node : undefined;
    }
    const segment = segments[index] as string;
    const exact = node.statics.get(segment);
    if (exact) {
      const found = this.walk(exact, segments, index + 1, params, method);
      if (found) return found;
    }
    if (node.param && segment !== "") {
      params.push([node.param.name, segment]);
      const found = this.walk(node.param.node, segments, index + 1, params, method);
      if (found) return found;
      params.pop();
    }
    return undefined;
  }
}

/** `/a/b/` and `/a/b` are the same resource; the root stays `/`. */
function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.split("/").slice(1);
}
