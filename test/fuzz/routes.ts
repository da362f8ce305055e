import fc from "fast-check";
import { Agent } from "undici";
import type { Route } from "../../src/http/route.ts";
import { ERROR_CODES } from "../../src/lib/problem.ts";
import { KINDS, type Fixture, type Kind } from "./fixture.ts";
import { invalidInput, shapeOf, validInput, type FuzzInput } from "./inputs.ts";

/**
 * The route fuzzer: for every route of the live table and every credential kind, random valid and
 * invalid inputs derived from the route's own zod schemas, each checked against the properties
 * below. `test/integration/fuzz.test.ts` runs a few cases of each; `test/fuzz/run.ts` many more.
 */

/** A request that takes longer than this has hung. */
export const TIMEOUT_MS = 5_000;

/** 503 codes that say a dependency is not configured in this run (no media server, no egress). */
const DOCUMENTED_503 = new Set(["media_server_unavailable", "egress_unavailable", "service_unavailable"]);

/** Answers whose body is a live stream: the headers are checked, then the body is let go. */
const STREAMING_TYPES = /^(multipart\/x-mixed-replace|text\/event-stream)/i;

/**
 * Routes not fuzzed, each with why. Kept short on purpose: a route here is a route nobody checks.
 * (Empty today: no camera is connected and no media server runs, so the MJPEG stream answers
 * before streaming and no route starts a media process; streaming answers are still cut after
 * their headers, see STREAMING_TYPES.)
 */
export const SKIPPED: Readonly<Record<string, string>> = {};

/**
 * Pages whose documented error answer is an HTML page, not the JSON error body (README, "Player
 * pages": "an unknown app also answers the page with 404"). Their status is still checked.
 */
export const HTML_ERROR_PAGES: Readonly<Record<string, string>> = {
  "GET /play/{app}/{room}": "a viewer's browser gets the player page saying the stream is not here",
  "GET /embed/{app}/{room}": "the framed player says the stream is not here",
};

export const routeKey = (r: { method: string; path: string }): string => `${r.method} ${r.path}`;

/** The credential kinds a route is fuzzed with: the cluster token only where it means something. */
export function kindsFor(route: Route): Kind[] {
  return KINDS.filter((k) => k !== "clusterToken" || route.auth === "cluster");
}

export interface Outcome {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/** Sends one input; throws on a timeout or a broken connection, which the property reports. */
export async function send(base: string, input: FuzzInput, credential: Record<string, string>, dispatcher: Agent): Promise<Outcome> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  // Dispatcher.request puts the path on the request line as given: `request(url)` would parse it
  // as a URL and resolve `..` segments, turning `/apps/alpha/ingress/..` into `/apps/alpha`.
  const res = await dispatcher.request({
    origin: base,
    path: input.path,
    method: input.method as "GET",
    headers: { ...input.headers, ...credential },
    body: input.body,
    signal,
  });
  const contentType = String(res.headers["content-type"] ?? "");
  if (STREAMING_TYPES.test(contentType)) {
    res.body.destroy();
    return { status: res.statusCode, contentType, text: "" };
  }
  return { status: res.statusCode, contentType, text: await res.body.text() };
}

/** What is wrong with a response, or undefined when every property holds. */
export function violation(route: Route, input: FuzzInput, out: Outcome): string | undefined {
  let code: unknown;
  const page = HTML_ERROR_PAGES[routeKey(route)] !== undefined && /^text\/html/i.test(out.contentType);
  if (out.status >= 400 && input.method !== "HEAD" && !page) {
    let body: unknown;
    try {
      body = JSON.parse(out.text);
    } catch {
      return `error ${out.status} is not JSON: ${out.text.slice(0, 200)}`;
    }
    const b = body as { data?: unknown; error?: { code?: unknown; message?: unknown } } | null;
    if (typeof b !== "object" || b === null || b.data !== null || typeof b.error !== "object" || b.error === null) {
      return `error ${out.status} is not { data: null, error }: ${out.text.slice(0, 200)}`;
    }
    code = b.error.code;
    if (!(ERROR_CODES as readonly unknown[]).includes(code)) return `error code ${JSON.stringify(code)} is not in ERROR_CODES`;
    if (typeof b.error.message !== "string" || b.error.message.length === 0) return `error ${String(code)} has no message`;
  }
  if (out.status >= 500) {
    const documented = out.status === 503 && (input.method === "HEAD" || DOCUMENTED_503.has(String(code)));
    if (!documented) return `status ${out.status} ${String(code ?? "")}: ${out.text.slice(0, 200)}`;
  }
  return undefined;
}

export interface Failure {
  readonly route: string;
  readonly kind: Kind;
  readonly seed: number;
  readonly path: string | undefined;
  readonly counterexample: FuzzInput | undefined;
  readonly error: string;
  readonly shrinks: number;
}

export interface FuzzOptions {
  /** Cases per route and credential kind. */
  readonly cases: number;
  readonly seed: number;
  /** Only routes whose `METHOD path` contains this. */
  readonly filter?: string;
  /** Counts answers by generator label and status (`valid 2xx`, `body:oversized 413` ...), when given. */
  readonly stats?: Map<string, number>;
  /** Called after each route × kind, for progress. */
  readonly onProgress?: (route: string, kind: Kind, failed: boolean) => void;
}

export interface FuzzSummary {
  readonly routes: number;
  readonly skipped: number;
  readonly cases: number;
  readonly failures: Failure[];
}

const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Routes whose fuzzed input can end the member's session (logout, session deletion). */
const SESSION_ROUTES = /^\/api\/v1\/(auth\/sessions|account)/;

/** Fuzzes one route with one credential kind; answers the failure (shrunk) or undefined. */
export async function fuzzRoute(
  fx: Fixture,
  route: Route,
  kind: Kind,
  cases: number,
  seed: number,
  dispatcher: Agent,
  stats?: Map<string, number>,
): Promise<{ runs: number; failure?: Failure }> {
  const tally = (label: string, what: string) => stats?.set(`${label} ${what}`, (stats.get(`${label} ${what}`) ?? 0) + 1);
  const shape = shapeOf(route);
  const arb = fc.oneof(validInput(shape), invalidInput(shape));
  let runs = 0;
  const property = fc.asyncProperty(arb, async (input) => {
    runs++;
    fx.takeErrors();
    const write = WRITE.has(input.method);
    const before = write ? await fx.snapshot() : "";
    let out: Outcome;
    try {
      out = await send(fx.server.url, input, fx.headersFor(kind), dispatcher);
    } catch (err) {
      const e = err as Error & { code?: string };
      // A refused oversized body may be answered before it is all written: the socket closes.
      if (input.label === "body:oversized" && e.code !== "UND_ERR_ABORTED" && e.name !== "TimeoutError") {
        tally(input.label, "closed");
        return;
      }
      throw new Error(`no answer (${e.name} ${e.code ?? ""}: ${e.message})`);
    } finally {
      if (kind === "member" && SESSION_ROUTES.test(route.path)) await fx.renewMember();
    }
    tally(input.label, out.status === 413 || out.status === 415 || out.status === 503 ? String(out.status) : `${Math.floor(out.status / 100)}xx`);
    const wrong = violation(route, input, out);
    if (wrong) throw new Error(wrong + logged(fx));
    if (write && out.status >= 400) {
      const after = await fx.snapshot();
      if (after !== before) throw new Error(`refused ${out.status} but state changed: ${diff(before, after)}`);
    }
  });
  const result = await fc.check(property, { numRuns: cases, seed, endOnFailure: false, interruptAfterTimeLimit: 120_000 });
  if (!result.failed) return { runs };
  return {
    runs,
    failure: {
      route: routeKey(route),
      kind,
      seed,
      path: result.counterexamplePath ?? undefined,
      counterexample: result.counterexample?.[0],
      error: result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance),
      shrinks: result.numShrinks,
    },
  };
}

function logged(fx: Fixture): string {
  const errors = fx.takeErrors();
  return errors.length === 0 ? "" : `\n  server log: ${errors.join("\n  ")}`;
}

function diff(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, unknown>;
  const b = JSON.parse(after) as Record<string, unknown>;
  return Object.keys(b)
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => (k === "config" ? "config.yaml changed" : `${k} ${String(a[k])} → ${String(b[k])}`))
    .join(", ");
}

/** Every route of the live table × every credential kind, `cases` each. */
export async function fuzzAll(fx: Fixture, options: FuzzOptions): Promise<FuzzSummary> {
  const dispatcher = new Agent({ connections: 4 });
  const failures: Failure[] = [];
  let cases = 0;
  let routes = 0;
  let skipped = 0;
  try {
    for (const [i, route] of fx.server.app.routes.entries()) {
      const key = routeKey(route);
      if (options.filter !== undefined && !key.includes(options.filter)) continue;
      if (SKIPPED[key] !== undefined) {
        skipped++;
        continue;
      }
      routes++;
      for (const [j, kind] of kindsFor(route).entries()) {
        // Each route × kind gets its own seed, derived from the run's, so a failure replays alone.
        const seed = (options.seed + i * 131 + j * 7) | 0;
        const { runs, failure } = await fuzzRoute(fx, route, kind, options.cases, seed, dispatcher, options.stats);
        cases += runs;
        if (failure) failures.push(failure);
        options.onProgress?.(key, kind, failure !== undefined);
        // A case that broke the fixture itself (its app gone) would fail every later route: stop here.
        try {
          await fx.snapshot();
        } catch (err) {
          failures.push({ route: key, kind, seed, path: undefined, counterexample: undefined, error: `the fixture is broken after this route, run stopped: ${(err as Error).message}`, shrinks: 0 });
          return { routes, skipped, cases, failures };
        }
      }
    }
  } finally {
    await dispatcher.close();
  }
  return { routes, skipped, cases, failures };
}

/** A failure as a reader needs it: where, with what, what came back, and how to replay it. */
export function describeFailure(f: Failure): string {
  const c = f.counterexample;
  const body = c?.body === undefined ? "" : Buffer.isBuffer(c.body) ? ` body=<${c.body.length} bytes>` : ` body=${JSON.stringify(c.body.length > 300 ? c.body.slice(0, 300) + `…(${c.body.length} chars)` : c.body)}`;
  const headers = c ? ` headers=${JSON.stringify(c.headers)}` : "";
  return `${f.route} as ${f.kind} [seed ${f.seed}, ${f.shrinks} shrinks]\n  ${c ? `${c.label}: ${c.method} ${c.path.length > 300 ? c.path.slice(0, 300) + "…" : c.path}` : "?"}${headers}${body}\n  → ${f.error}`;
}
