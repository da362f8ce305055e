import { problem, type Problem } from "../lib/problem.ts";

/**
 * Why an app cannot be used: SQLite refused to open its database, its integrity check or our
 * migrations refused it, it is closed for maintenance for a few seconds, its `config.yaml` cannot
 * be read, parsed or validated (`config`), or one of its sealed secrets cannot be opened
 * (`secrets`: tampered with, or sealed under another master key).
 */
export type FailedCheck = "open" | "quick_check" | "migrate" | "maintenance" | "config" | "secrets";

/**
 * One app's file cannot be used (damaged, or refused by a check). Thrown by `Databases.app`, by
 * `AppConfigService.get` and by `AppSecrets.get` so that whatever touched it stops; the HTTP
 * pipeline answers it as 503 `app_unavailable`, and loops over every app skip that app. Every
 * other app is unaffected.
 */
export class AppUnavailableError extends Error {
  constructor(
    readonly app: string,
    readonly check: FailedCheck,
    readonly detail: string,
    /** What the operator should do, for the checks that are not about the database. */
    readonly action?: string,
  ) {
    super(`${check === "config" || check === "secrets" ? "a file" : "the database"} of app ${app} is unavailable (${check}: ${detail})`);
  }
}

export function appUnavailableProblem(err: AppUnavailableError): Problem {
  if (err.check === "maintenance") {
    return problem("app_unavailable", `app ${err.app} is being optimized; retry in a few seconds`, {
      details: { app: err.app, check: err.check },
      headers: { "retry-after": "5" },
    });
  }
  if (err.action !== undefined) {
    return problem("app_unavailable", `app ${err.app} is unavailable: ${err.detail}; ${err.action}`, { details: { app: err.app, check: err.check } });
  }
  return problem(
    "app_unavailable",
    `app ${err.app} is unavailable: its database failed the ${err.check} check (${err.detail}); an operator must restore it from a backup`,
    { details: { app: err.app, check: err.check } },
  );
}

/** Whether `p` is the 503 of an app closed while its database is optimized (see `appUnavailableProblem`). */
export function isMaintenance(p: Problem): boolean {
  return p.code === "app_unavailable" && (p.details as { check?: FailedCheck } | undefined)?.check === "maintenance";
}

/**
 * `run()` for one app of a loop over many, or `fallback` when that app's database is unavailable:
 * the failure was logged where it was found, and one app must not stop the loop.
 */
export function unlessUnavailable<T>(fallback: T, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof AppUnavailableError) return fallback;
    throw err;
  }
}

/** `unlessUnavailable` for work that awaits its app's database. */
export async function unlessUnavailableAsync<T>(fallback: T, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppUnavailableError) return fallback;
    throw err;
  }
}
