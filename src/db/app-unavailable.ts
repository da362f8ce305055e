import { problem, type Problem } from "../lib/problem.ts";

/**
 * Why an app's database cannot be used: SQLite refused to open it, its integrity check or our
 * migrations refused it, or it is closed for maintenance for a few seconds.
 */
export type FailedCheck = "open" | "quick_check" | "migrate" | "maintenance";

/**
 * One app's database cannot be used (damaged, or refused by a check). Thrown by `Databases.app`
 * so that whatever touched it stops; the HTTP pipeline answers it as 503 `app_unavailable`, and
 * loops over every app skip that app. Every other app is unaffected.
 */
export class AppUnavailableError extends Error {
  constructor(
    readonly app: string,
    readonly check: FailedCheck,
    readonly detail: string,
  ) {
    super(`the database of app ${app} is unavailable (${check}: ${detail})`);
  }
}

export function appUnavailableProblem(err: AppUnavailableError): Problem {
  if (err.check === "maintenance") {
    return problem("app_unavailable", `app ${err.app} is being optimized; retry in a few seconds`, {
      details: { app: err.app, check: err.check },
      headers: { "retry-after": "5" },
    });
  }
  return problem(
    "app_unavailable",
    `app ${err.app} is unavailable: its database failed the ${err.check} check (${err.detail}); an operator must restore it from a backup`,
    { details: { app: err.app, check: err.check } },
  );
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
