import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Logger } from "pino";
import type { z } from "zod";
import type { AppRow } from "../apps/store.ts";
import type { ApiRateLimits, RateSubject, RateVerdict } from "../auth/api-limits.ts";
import { actingAs } from "../auth/acting.ts";
import type { Guard } from "../auth/guard.ts";
import type { Principal } from "../auth/principal.ts";
import type { Cidr } from "../lib/cidr.ts";
import { resolveClientIp } from "./client-ip.ts";
import type { Metrics } from "../observability/metrics.ts";
import { Context } from "./context.ts";
import type { Exchange } from "./exchange.ts";
import { isProblem, problem, type Problem } from "../lib/problem.ts";
import { AppUnavailableError, appUnavailableProblem } from "../db/app-unavailable.ts";
import { poolProblem } from "../lib/task-pool.ts";
import { errorBody, statusOf } from "./problem.ts";
import type { Reply, StreamReply } from "./reply.ts";
import { answerIssues, RESPONSE_MISMATCH, type AnswerIssue } from "./response-check.ts";
import type { Route } from "./route.ts";
import type { Router } from "./router.ts";

export interface PipelineOptions {
  readonly router: Router;
  readonly guard: Guard;
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly trustProxy: readonly Cidr[];
  readonly maxBodyBytes: number;
  /** The API-wide request limits; without it nothing is counted. */
  readonly rateLimits?: ApiRateLimits;
  /**
   * Tests only (`SERVICE_TEST_RESPONSE_CHECK`): every success answer is checked against its
   * route's declared `response`, and one that departs from it becomes a 500 naming the route and
   * the field, so the API document cannot drift from what the service answers.
   */
  readonly checkResponses?: boolean;
}

/** An incoming id is echoed only when it is short and plain, so it is safe in logs and headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/**
 * Generated ids are a per-process random prefix and a counter: unique across restarts and
 * instances, and far cheaper than a UUID per request.
 */
const BOOT_ID = randomBytes(6).toString("hex");
let sequence = 0;
function nextRequestId(): string {
  return `${BOOT_ID}-${(++sequence).toString(36)}`;
}

const SHUTTING_DOWN = JSON.stringify({ data: null, error: { code: "service_unavailable", message: "the service is shutting down; retry shortly" } });

/** The API-wide limit covers the API; pages, `/health`, `/metrics` and media files are outside it. */
const LIMITED_PREFIX = "/api/";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The request pipeline: match, read and validate input, run the handler, render the outcome.
 * Expected failures arrive as `Problem` values; anything thrown is a bug and becomes a 500 that
 * names the request id and nothing else.
 */
export class Pipeline {
  private readonly inFlight = new Set<Exchange>();
  private draining = false;
  private closed = false;
  private readonly log: Logger;

  constructor(private readonly options: PipelineOptions) {
    this.log = options.logger.child({ component: "http" });
  }

  /** Requests received and not yet answered or aborted. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Drops every connection still waiting for an answer (the grace period is over). */
  abortPending(): void {
    for (const ex of this.inFlight) ex.close();
  }

  /** From now on every response asks the client to close its connection. */
  drain(): void {
    this.draining = true;
  }

  /**
   * After the grace period: requests still arriving on open keep-alive connections are answered
   * 503 without running any handler, as what handlers use is being shut down.
   */
  close(): void {
    this.closed = true;
  }

  async handle(ex: Exchange): Promise<void> {
    if (this.closed) {
      ex.send({ status: 503, headers: { "content-type": "application/json; charset=utf-8", "retry-after": "1" }, body: SHUTTING_DOWN, close: true });
      return;
    }
    const started = performance.now();
    const incoming = ex.headers["x-request-id"];
    const requestId = incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : nextRequestId();
    const isHead = ex.method === "HEAD";
    const match = this.options.router.match(isHead ? "GET" : ex.method, ex.path);
    const pattern = match.kind === "found" ? match.route.path : "unmatched";
    this.inFlight.add(ex);
    let status = 500;
    let unreadBody = false;
    let rate: RateVerdict | undefined;
    try {
      let outcome: Reply | StreamReply | Problem;
      switch (match.kind) {
        case "not_found":
          outcome = problem("not_found", `no route for ${ex.method} ${ex.path}`);
          break;
        case "method_not_allowed":
          outcome = problem("method_not_allowed", `${ex.method} is not allowed here; use ${match.allowed.join(", ")}`, {
            headers: { allow: match.allowed.join(", ") },
          });
          break;
        case "bad_encoding":
          outcome = problem("bad_request", "the path contains malformed percent-encoding");
          break;
        case "found": {
          const result = await this.run(ex, match.route, match.params, requestId);
          outcome = this.options.checkResponses ? this.checked(match.route, result.outcome, ex.path, requestId) : result.outcome;
          unreadBody = result.unreadBody;
          rate = result.rate;
        }
      }
      status = this.render(ex, outcome, requestId, isHead, unreadBody, rate?.headers);
    } catch (err) {
      // A damaged app database is that app's outage, already logged where it was found, and a
      // worker pool that is full or stopped a task past its timeout is load: neither is a bug.
      const failure = err instanceof AppUnavailableError ? appUnavailableProblem(err) : poolProblem(err);
      if (!failure) this.log.error({ err, requestId, method: ex.method, route: pattern }, "unhandled error in request");
      status = this.render(
        ex,
        failure ?? problem("internal_error", `internal error; quote request id ${requestId} when reporting it`),
        requestId,
        isHead,
        unreadBody,
      );
    } finally {
      this.inFlight.delete(ex);
      const seconds = (performance.now() - started) / 1000;
      this.options.metrics.observeRequest(ex.method, pattern, status, seconds);
      if (this.log.isLevelEnabled("debug")) {
        this.log.debug({ requestId, method: ex.method, route: pattern, status, ms: Math.round(seconds * 1000) }, "request");
      }
    }
  }

  private async run(
    ex: Exchange,
    route: Route,
    rawParams: Record<string, string>,
    requestId: string,
  ): Promise<{ outcome: Reply | StreamReply | Problem; unreadBody: boolean; rate?: RateVerdict }> {
    const takesBody = route.body !== undefined && BODY_METHODS.has(ex.method);
    // uWS hands the body only to an onData registered before its request callback returns, so
    // reading starts now, bounded by the limit, and is awaited once the caller is known.
    const bodyRead = takesBody ? this.readBody(ex, route) : undefined;
    // Who is calling is settled from the headers alone, before the body is parsed or validated.
    let principal: Principal | null = null;
    let app: AppRow | null = null;
    let ip: string | undefined;
    let rate: RateVerdict | undefined;
    if (route.auth === "cluster") {
      ip = resolveClientIp(ex.peer, ex.headers["x-forwarded-for"], this.options.trustProxy);
      const refused = this.options.guard.clusterCaller(ex.headers["x-cluster-token"]);
      // A wrong cluster token costs its address, like any failed credential; the right one is counted as itself.
      rate = await this.countRequest(route, refused ? null : "cluster", ip);
      if (rate?.refused) return { outcome: rate.refused, unreadBody: takesBody, rate };
      if (refused) return { outcome: refused, unreadBody: takesBody, rate };
    } else if (route.auth !== "public") {
      ip = resolveClientIp(ex.peer, ex.headers["x-forwarded-for"], this.options.trustProxy);
      const caller = await this.options.guard.authenticate(ex.headers["authorization"], ip);
      // Counted after authentication: by credential once known, by address for a failed one.
      rate = await this.countRequest(route, isProblem(caller) ? null : caller, ip);
      if (rate?.refused) return { outcome: rate.refused, unreadBody: takesBody, rate };
      if (isProblem(caller)) return { outcome: caller, unreadBody: takesBody, rate };
      await this.options.guard.knowApp(rawParams);
      const target = this.options.guard.authorize(caller, route, rawParams);
      if (isProblem(target)) return { outcome: target, unreadBody: takesBody, rate };
      principal = caller;
      app = target;
    } else if (this.options.rateLimits && route.path.startsWith(LIMITED_PREFIX)) {
      ip = resolveClientIp(ex.peer, ex.headers["x-forwarded-for"], this.options.trustProxy);
      rate = await this.countRequest(route, null, ip);
      if (rate?.refused) return { outcome: rate.refused, unreadBody: takesBody, rate };
    }
    if (route.auth === "public") await this.options.guard.knowApp(rawParams);

    let body: unknown;
    if (bodyRead) {
      const read = await bodyRead;
      if (read.kind === "failed") return { outcome: read.problem, unreadBody: true, rate };
      body = read.body;
    }
    if (ex.aborted) return { outcome: problem("bad_request", "client went away"), unreadBody: false, rate };

    const issues: Issue[] = [];
    const params = validate("params", route.params, rawParams, issues);
    const query = route.query ? validate("query", route.query, parseQuery(ex.rawQuery), issues) : EMPTY;
    const validBody = validate("body", route.body, body, issues);
    if (issues.length > 0) {
      const first = issues[0] as Issue;
      return {
        outcome: problem("validation_failed", `${first.path}: ${first.message}`, { details: issues }),
        unreadBody: false,
        rate,
      };
    }

    const ctx = new Context(ex, this.options.trustProxy, requestId, route.path, params, query, validBody, this.log, principal, app, ip);
    // The address is resolved only if something records it (the context keeps it once resolved).
    const acting = {
      principal,
      requestId,
      get ip() {
        return ctx.ip;
      },
    };
    return { outcome: await actingAs(acting, () => route.handler(ctx)), unreadBody: false, rate };
  }

  /** The answer itself, or the 500 that names how it departs from what its route declares. */
  private checked(route: Route, outcome: Reply | StreamReply | Problem, path: string, requestId: string): Reply | StreamReply | Problem {
    if (isProblem(outcome) || outcome.kind !== "reply") return outcome;
    const issues = answerIssues(route, outcome);
    if (issues.length === 0) return outcome;
    const key = `${route.method} ${route.path}`;
    this.log.error({ requestId, route: key, path, issues }, RESPONSE_MISMATCH);
    const first = issues[0] as AnswerIssue;
    return problem("internal_error", `${key} answered what it does not declare, at ${first.path}: ${first.message}`, {
      details: { responseCheck: key, issues },
    });
  }

  private async countRequest(route: Route, caller: RateSubject, ip: string): Promise<RateVerdict | undefined> {
    if (!this.options.rateLimits || !route.path.startsWith(LIMITED_PREFIX)) return undefined;
    return this.options.rateLimits.count(caller, ip);
  }

  private async readBody(ex: Exchange, route: Route): Promise<{ kind: "ok"; body: unknown } | { kind: "failed"; problem: Problem }> {
    const limit = route.bodyLimit ?? this.options.maxBodyBytes;
    const declared = ex.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return tooLarge(limit);
    const hasBody = (declared !== undefined && declared !== "0") || ex.headers["transfer-encoding"] !== undefined;
    const isJson = route.rawBody !== true;
    if (isJson && hasBody && !JSON_TYPE.test(ex.headers["content-type"] ?? "")) {
      return {
        kind: "failed",
        problem: problem("unsupported_media_type", "send the body as JSON with Content-Type: application/json"),
      };
    }
    if (!hasBody) return { kind: "ok", body: isJson ? {} : Buffer.alloc(0) };
    const read = await ex.readBody(limit);
    if (read.kind === "too_large") return tooLarge(limit);
    if (read.kind === "aborted") return { kind: "failed", problem: problem("bad_request", "client went away") };
    if (!isJson) return { kind: "ok", body: read.body };
    // An empty body is an empty object, so routes whose fields are all optional accept none.
    if (read.body.length === 0) return { kind: "ok", body: {} };
    try {
      return { kind: "ok", body: JSON.parse(read.body.toString("utf8")) as unknown };
    } catch (err) {
      return {
        kind: "failed",
        problem: problem("invalid_json", `the request body is not valid JSON: ${(err as Error).message}`),
      };
    }
  }

  private render(
    ex: Exchange,
    outcome: Reply | StreamReply | Problem,
    requestId: string,
    headOnly: boolean,
    unreadBody: boolean,
    rateHeaders?: Readonly<Record<string, string>>,
  ): number {
    const close = this.draining || unreadBody;
    if (isProblem(outcome)) {
      const status = statusOf(outcome.code);
      if (status >= 500) this.options.metrics.countError("http", outcome.code);
      ex.send({
        status,
        headers: { ...rateHeaders, ...outcome.headers, "content-type": "application/json; charset=utf-8", "x-request-id": requestId },
        body: errorBody(outcome),
        headOnly,
        close,
      });
      return status;
    }
    const headers: Record<string, string> = { ...rateHeaders, ...outcome.headers };
    headers["x-request-id"] = requestId;
    if (outcome.kind === "stream") {
      const status = outcome.status ?? 200;
      if (headOnly) ex.send({ status, headers, headOnly, close });
      else if (this.draining) return this.render(ex, problem("service_unavailable", "the service is shutting down; retry shortly", { headers: { "retry-after": "1" } }), requestId, false, true);
      else ex.handOver((res, onGone) => outcome.start(res, onGone, headers));
      return status;
    }
    if (outcome.contentType !== undefined) headers["content-type"] = outcome.contentType;
    ex.send({ status: outcome.status, headers, body: outcome.body, headOnly, close });
    return outcome.status;
  }
}

function tooLarge(limit: number) {
  return { kind: "failed", problem: problem("payload_too_large", `the request body exceeds ${limit} bytes`) } as const;
}

interface Issue {
  readonly path: string;
  readonly message: string;
  readonly code: string;
}

const EMPTY: Readonly<Record<string, string>> = Object.freeze({});

function validate(where: "params" | "query" | "body", schema: z.ZodType | undefined, value: unknown, issues: Issue[]): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) {
    const nul = nulAt(result.data, [where]);
    if (nul === undefined) return result.data;
    issues.push({ path: nul.join("."), message: "contains a NUL character (\\u0000), which no field accepts", code: "invalid_string" });
    return undefined;
  }
  for (const issue of result.error.issues) {
    issues.push({ path: [where, ...issue.path.map(String)].join("."), message: issue.message, code: issue.code });
  }
  return undefined;
}

/**
 * Where the first string holding a NUL character is, if any: no field means one (PostgreSQL's
 * text refuses it, SQLite's would store it), so it is refused here for every route and backend.
 */
function nulAt(value: unknown, at: string[]): string[] | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? at : undefined;
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulAt(inner, [...at, key]);
    if (found) return found;
  }
  return undefined;
}

/** The first value of each key wins, so a repeated parameter cannot smuggle in a second value. */
function parseQuery(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw === "") return out;
  for (const [key, value] of new URLSearchParams(raw)) {
    if (!(key in out)) out[key] = value;
  }
  return out;
}
