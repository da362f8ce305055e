/**
 * The plugin routes the fan-out bench calls on its service: enable deface, read its worker's
 * status, and wait until a stream answers (a rendition has no frame before its worker's first).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { APP, type BenchService } from "../mjpeg/service.ts";

const roomStats = z.object({ fps: z.number(), latencyMs: z.number(), analysed: z.number(), skipped: z.number() });
const workerStatus = z.object({
  state: z.string(),
  pid: z.number().nullable(),
  rooms: z.record(z.string(), roomStats),
  rssBytes: z.number().nullable(),
});
export type DefaceStatus = z.infer<typeof workerStatus>;
const statusBody = z.object({ data: workerStatus });
const pluginBody = z.object({ data: z.object({ config: z.record(z.string(), z.unknown()) }) });

const POLL_MS = 250;
const BASE = `/api/v1/apps/${APP}/plugins/deface`;

const call = (service: BenchService, method: string, route: string, body?: unknown): Promise<unknown> => service.api(method, route, body);

/** Installs and enables deface with `config` (publicOriginal and fps); answers the config it runs with. */
export async function enableDeface(service: BenchService, config: Readonly<Record<string, unknown>>): Promise<Readonly<Record<string, unknown>>> {
  await call(service, "POST", `${BASE}/install`, {});
  return pluginBody.parse(await call(service, "PATCH", BASE, { enabled: true, config })).data.config;
}

export async function defaceStatus(service: BenchService): Promise<DefaceStatus> {
  return statusBody.parse(await call(service, "GET", `${BASE}/worker/status`)).data;
}

/** Polls until a public GET of `path` answers 200, and fails with the last answer after `timeoutMs`. */
export async function untilServed(service: BenchService, path: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = "no answer";
  while (performance.now() < deadline) {
    const aborter = new AbortController();
    try {
      const res = await fetch(`http://127.0.0.1:${service.port}${path}`, { signal: aborter.signal });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    } finally {
      // A multipart stream never ends on its own: the headers are all this needs.
      aborter.abort();
    }
    await sleep(POLL_MS);
  }
  throw new Error(`${path} was not served within ${timeoutMs / 1000} s; last answer: ${last}`);
}
