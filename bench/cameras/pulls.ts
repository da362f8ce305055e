import { setTimeout as sleep } from "node:timers/promises";
import { FMP4_OUTPUT } from "../../src/pull/fmp4.ts";
import { Puller } from "../../src/pull/puller.ts";
import { eventually } from "../../test/helpers/wait.ts";
import type { BenchService } from "../mjpeg/service.ts";
import { childPids, sampleProcess } from "../shared/proc-cpu.ts";
import { coresOver } from "./cpu.ts";

/**
 * The baseline: every camera pulled by the service's own `Puller` from this process, so the
 * ffmpeg input is the service's (RTSP over `transport` straight to the camera, the video copied into
 * fragmented MP4 as the service's ring files hold it), its output thrown away: the copy with
 * nothing after it. Answers the cores those ffmpegs use over `seconds`, after `warmupSeconds`.
 */
export async function barePullCores(urls: readonly string[], seconds: number, warmupSeconds: number, transport: "tcp" | "udp"): Promise<number> {
  const ended: string[] = [];
  let live = 0;
  const pulls = urls.map((url) => new Puller({ url, transport, output: FMP4_OUTPUT, onLive: () => live++, onEnded: (end) => ended.push(end.error) }));
  try {
    await eventually(() => live === urls.length || ended.length > 0, 20_000, "the bare pulls to be live");
    if (ended.length > 0) throw new Error(`a bare pull ended: ${ended.join("; ")}`);
    await sleep(warmupSeconds * 1000);
    const pids = childPids(process.pid, "ffmpeg");
    if (pids.length !== urls.length) throw new Error(`expected ${urls.length} bare ffmpeg pulls, found ${pids.length}`);
    const { cores } = await coresOver({ cores: () => pids.reduce((sum, pid) => sum + sampleProcess(pid).processSeconds, 0) }, seconds);
    if (ended.length > 0) throw new Error(`a bare pull ended while measured: ${ended.join("; ")}`);
    return cores;
  } finally {
    await Promise.all(pulls.map((p) => p.stop()));
  }
}

/** A camera the service pulls: its ingress and the room it plays in. */
export interface PulledRoom {
  readonly ingressId: string;
  readonly room: string;
}

interface IngressView {
  readonly ingressId: string;
  readonly roomName: string;
  readonly camera: { readonly state: string; readonly error?: string | null };
}

/** Asks the service to pull each URL into room `<prefix><i>` of `app`; resolves once every one is live. */
export async function pullCameras(service: BenchService, app: string, urls: readonly string[], prefix: string, transport: "tcp" | "udp" = "tcp"): Promise<PulledRoom[]> {
  const rooms: PulledRoom[] = [];
  for (const [i, url] of urls.entries()) {
    const { data } = (await service.api("POST", `/api/v1/apps/${app}/ingress`, { inputType: "url", url, room: `${prefix}${i}`, transport })) as { data: IngressView };
    rooms.push({ ingressId: data.ingressId, room: data.roomName });
  }
  const states = async () =>
    Promise.all(rooms.map(async (r) => ((await service.api("GET", `/api/v1/apps/${app}/ingress/${r.ingressId}`)) as { data: IngressView }).data.camera));
  await eventually(async () => (await states()).every((c) => c.state === "live"), 30_000, `${urls.length} pulled cameras to be live`);
  return rooms;
}

/** Deletes the rooms' ingresses: their pulls stop. */
export async function removePulls(service: BenchService, app: string, rooms: readonly PulledRoom[]): Promise<void> {
  for (const r of rooms) await service.api("DELETE", `/api/v1/apps/${app}/ingress/${r.ingressId}`);
}
