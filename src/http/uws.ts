import { createRequire } from "node:module";
import type * as Uws from "uWebSockets.js";
import type { TemplatedApp, us_listen_socket } from "uWebSockets.js";

export type UwsModule = typeof Uws;
export type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket, WebSocket, WebSocketBehavior } from "uWebSockets.js";

const require = createRequire(import.meta.url);

/**
 * Loads uWebSockets.js and tells whether its native binding is what loaded. The package swallows
 * a failed binary load and hands back a JavaScript shim that is far slower and incomplete; the
 * only reliable sign of the real thing is the `.node` file in the module cache.
 */
export function loadUws(): { uws: UwsModule; native: boolean } {
  const uws = require("uWebSockets.js") as UwsModule;
  const native = Object.keys(require.cache).some((file) => /[\\/]uws_[^\\/]+\.node$/.test(file));
  return { uws, native };
}

export class NativeUwsMissingError extends Error {
  override readonly name = "NativeUwsMissingError";
}

/**
 * The service refuses to run on the JavaScript fallback: it would serve, but at a fraction of the
 * throughput and without parts of the API we rely on. `SERVICE_ALLOW_UWS_FALLBACK=on` overrides.
 */
export function requireNativeUws(allowFallback: boolean, warn: (message: string) => void): UwsModule {
  const { uws, native } = loadUws();
  if (native) return uws;
  const message =
    "uWebSockets.js could not load its native binding and fell back to its slow JavaScript shim " +
    `(Node ${process.version}, ${process.platform}-${process.arch}, ABI ${process.versions.modules})`;
  if (!allowFallback) throw new NativeUwsMissingError(`${message}; refusing to start. Set SERVICE_ALLOW_UWS_FALLBACK=on to run anyway.`);
  warn(`${message}; running anyway because SERVICE_ALLOW_UWS_FALLBACK is on`);
  return uws;
}

/**
 * Listens with uWS's exclusive-port option: without it, uWS v20.30 binds with SO_REUSEPORT and
 * shares the port with a leftover process instead of failing. Resolves with the listen socket
 * and the bound port (useful with port 0).
 */
export function listenExclusive(uws: UwsModule, app: TemplatedApp, host: string, port: number): Promise<{ socket: us_listen_socket; port: number }> {
  const exclusive = (uws as { LIBUS_LISTEN_EXCLUSIVE_PORT?: number }).LIBUS_LISTEN_EXCLUSIVE_PORT ?? 1;
  // uWS accepts (host, port, options, cb) although its typings omit that overload.
  const listen = app.listen as unknown as (host: string, port: number, options: number, cb: (socket: us_listen_socket | false) => void) => TemplatedApp;
  return new Promise((resolve, reject) => {
    listen.call(app, host, port, exclusive, (socket) => {
      if (socket) resolve({ socket, port: uws.us_socket_local_port(socket) });
      else reject(new Error(`cannot listen on ${host}:${port}: the address is in use or not available`));
    });
  });
}
