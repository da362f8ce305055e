// The console's only connection to the service: the public API, with the person's session.
//
// The session JWT lives in this module variable and nowhere else: no cookie, no localStorage or
// sessionStorage. Closing or reloading the tab signs the tab out; in exchange the browser holds no
// credential it would attach by itself, so another site cannot make it send an authenticated
// request (no cross-site request forgery), and script injected later cannot read one from storage.

let token = null;
let me = null;
let notice = "";
const listeners = new Set();

class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The signed-in account (`GET /api/v1/account`), or null. */
export const account = () => me;

/** Why the person was last signed out by the service (an ended session), shown on the sign-in page. */
export const lastNotice = () => notice;

export function onSessionChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

function forget(why) {
  token = null;
  me = null;
  notice = why;
  changed();
}

/**
 * Calls `/api/v1<path>` and answers the envelope's `data` (or a bare body, or the text of a
 * non-JSON answer); throws `ApiError`
 * with the API's code and message. A 401 to a request that carried the session means the session
 * has ended (revoked, idle or expired): the console forgets it and shows the sign-in page.
 */
export async function api(method, path, body) {
  const headers = { accept: "application/json" };
  const sent = token;
  if (sent) headers.authorization = `Bearer ${sent}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "omit",
    cache: "no-store",
  });
  // A few routes answer text (the raw config.yaml): hand it back as a string.
  if (res.ok && res.status !== 204 && !/json/.test(res.headers.get("content-type") ?? "")) return res.text();
  const payload = res.status === 204 ? null : await res.json().catch(() => null);
  if (res.ok) return payload && "data" in payload && "error" in payload ? payload.data : payload;
  const error = payload?.error ?? { code: `http_${res.status}`, message: res.statusText || `HTTP ${res.status}` };
  // Only `unauthorized` is about the session; other 401s (a wrong current password, a wrong 2FA
  // code) are about what the person typed, and must not sign them out.
  if (res.status === 401 && error.code === "unauthorized" && sent && sent === token) forget("Your session has ended. Sign in again.");
  throw new ApiError(res.status, error.code, error.message, error.details);
}

/**
 * `GET /api/v1<path>` of a paged list, answered whole: `{ data, total, limit, offset }` (`api`
 * keeps only `data`).
 */
export async function apiPage(path) {
  const { res, sent } = await get(path, "application/json");
  if (!res.ok) return fail(res, sent);
  const { data, total, limit, offset } = await res.json();
  return { data, total, limit, offset };
}

/**
 * Fetches `/api/v1<path>` with the session and answers the body as a Blob: for files a media
 * element or a download link cannot fetch by itself, because they need the `Authorization` header
 * (a VOD's raw route). Errors throw `ApiError` as `api` does.
 */
export async function apiBlob(path) {
  const { res, sent } = await get(path, "*/*");
  return res.ok ? res.blob() : fail(res, sent);
}

async function get(path, accept) {
  const sent = token;
  const headers = { accept };
  if (sent) headers.authorization = `Bearer ${sent}`;
  const res = await fetch(`/api/v1${path}`, { headers, credentials: "omit", cache: "no-store" });
  return { res, sent };
}

async function fail(res, sent) {
  const payload = await res.json().catch(() => null);
  const error = payload?.error ?? { code: `http_${res.status}`, message: res.statusText || `HTTP ${res.status}` };
  if (res.status === 401 && sent && sent === token) forget("Your session has ended. Sign in again.");
  throw new ApiError(res.status, error.code, error.message, error.details);
}

/** Adopts a session token from login or a magic link, then loads who it belongs to. */
export async function startSession(jwt) {
  token = jwt;
  try {
    me = await api("GET", "/account");
  } catch (err) {
    token = null;
    throw err;
  }
  notice = "";
  changed();
}

/** Reloads the account after a change to it (2FA on or off). */
export async function refreshAccount() {
  me = await api("GET", "/account");
  changed();
}

/** The session's id, from the JWT's `sid` claim (older tokens have none and cannot be revoked). */
function sessionId() {
  try {
    const claims = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    return typeof claims.sid === "string" ? claims.sid : null;
  } catch {
    return null;
  }
}

/** Sign-out revokes the session at the service, so the token is useless even if it was copied. */
export async function signOut() {
  const sid = sessionId();
  try {
    if (sid) await api("DELETE", `/auth/sessions/${encodeURIComponent(sid)}`);
  } finally {
    forget("You are signed out.");
  }
}
