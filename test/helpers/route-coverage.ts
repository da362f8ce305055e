import assert from "node:assert/strict";
import type { Route } from "../../src/http/route.ts";
import { Router } from "../../src/http/router.ts";

/**
 * The coverage rule the route matrices share (authorization, tenancy): every route the service
 * mounts is exercised by a row or named in an exemption with its reason, so a route added later
 * fails the matrix until someone decides what it must answer.
 */

export const routeKey = (r: { readonly method: string; readonly path: string }): string => `${r.method} ${r.path}`;

/**
 * Asserts that `rows` (concrete requests such as `/api/v1/apps/alpha/vods/1`, not templates; a
 * query is ignored) match mounted routes, that every mounted route has a row or an entry in
 * `exempt`, and that no exemption is stale (names a route that has a row, or no mounted route).
 */
export function assertCovered(
  mounted: readonly Route[],
  rows: ReadonlyArray<readonly [method: string, path: string, ...rest: unknown[]]>,
  exempt: Readonly<Record<string, string>>,
): void {
  const router = new Router();
  for (const route of mounted) router.add(route);
  const covered = new Set<string>();
  for (const [method, path] of rows) {
    const match = router.match(method, path.split("?")[0] ?? path);
    assert.equal(match.kind, "found", `the row ${method} ${path} matches no mounted route`);
    if (match.kind === "found") covered.add(routeKey(match.route));
  }
  const keys = new Set(mounted.map(routeKey));
  assert.ok(keys.size > 60, `only ${keys.size} routes mounted: is the app wired?`);
  const missing = [...keys].filter((r) => !covered.has(r) && exempt[r] === undefined);
  assert.deepEqual(missing, [], "add a row (or, with a reason, an exemption) for each of these");
  const stale = Object.keys(exempt).filter((r) => covered.has(r) || !keys.has(r));
  assert.deepEqual(stale, [], "these exemptions have a row or name no mounted route: remove them");
}
