import type { HttpMethod, Route } from "./route.ts";

export type RouteMatch =
  | { readonly kind: "found"; readonly route: Route; readonly params: Record<string, string> }
  | { readonly kind: "method_not_allowed"; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: "not_found" }
  | { readonly kind: "bad_encoding" };

interface Node {
  readonly statics: Map<string, Node>;
  /** Parameters are positional: routes may name the same segment differently (`{name}`, `{app}`). */
  param?: Node;
  readonly routes: Map<HttpMethod, { route: Route; names: readonly string[] }>;
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
    const names: string[] = [];
    for (const segment of splitPath(route.path)) {
      const param = PARAM.exec(segment);
      if (param) {
        names.push(param[1] as string);
        node.param ??= newNode();
        node = node.param;
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
    node.routes.set(route.method, { route, names });
  }

  match(method: HttpMethod | string, rawPath: string): RouteMatch {
    const segments = splitPath(rawPath);
    const raw: string[] = [];
    const node = this.walk(this.root, segments, 0, raw, method);
    if (!node) {
      const any = this.walk(this.root, segments, 0, [], undefined);
      return any ? { kind: "method_not_allowed", allowed: [...any.routes.keys()] } : { kind: "not_found" };
    }
    const { route, names } = node.routes.get(method as HttpMethod) as { route: Route; names: readonly string[] };
    const params: Record<string, string> = {};
    for (const [i, value] of raw.entries()) {
      try {
        params[names[i] as string] = decodeURIComponent(value);
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
    params: string[],
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
      params.push(segment);
      const found = this.walk(node.param, segments, index + 1, params, method);
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
