/**
 * What a running plugin costs the MJPEG relay: the service in its own process (`BenchService`),
 * one camera sending the fixture photo at 30 fps, and viewers in a child process counting the
 * bytes they get (the MJPEG bench's `raw` viewers). The service's CPU per MB delivered is measured
 * (a) with no plugin, the baseline; (b) with deface enabled and the viewers still on the original
 * stream (publicOriginal on), with the deface worker's own CPU beside it; (c) with the viewers on
 * the deface rendition instead. Same service, camera and app throughout.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Timing } from "../mjpeg/measure.ts";
import { ViewerFleet } from "../mjpeg/fleet.ts";
import type { Target } from "../mjpeg/protocol.ts";
import { msPerMB } from "../mjpeg/results.ts";
import { BenchService } from "../mjpeg/service.ts";
import { complaintNotes } from "../shared/complaints.ts";
import { machineCores, residentBytes, sampleMachine, sampleProcess } from "../shared/proc-cpu.ts";
import { PacedCamera } from "./camera.ts";
import { defaceStatus, enableDeface, untilServed, type DefaceStatus } from "./deface-api.ts";
import { runSeconds } from "./sched-cpu.ts";

const CAMERA_FPS = 30;
/** One viewer process holds a few dozen byte-counting sockets with room to spare. */
const VIEWER_PROCESSES = 1;
/** Until the camera's stream is served, and until deface's rendition is (its worker loads a model first). */
const SERVED_TIMEOUT_MS = 20_000;
const WORKER_TIMEOUT_MS = 180_000;

export interface FanoutSettings extends Timing {
  readonly viewers: number;
  /** deface's fps in (b) and (c); undefined for the manifest's default. */
  readonly defaceFps: number | undefined;
  readonly variant: boolean;
}

/** One window of one scenario. */
export interface FanoutFigures {
  readonly name: string;
  readonly viewers: number;
  readonly seconds: number;
  readonly bytes: number;
  readonly cameraFps: number;
  /** CPU seconds the service ran in the window (schedstat, ns precision). */
  readonly serviceCpuSeconds: number;
  readonly serviceMsPerMB: number;
  readonly serviceUserMsPerMB: number;
  readonly serviceRss: number;
  readonly machineCores: number;
  /** The deface worker over the same window, when it runs. */
  readonly worker?: { readonly cores: number; readonly rss: number; readonly status: DefaceStatus };
  /** Viewers the server closed during the window, and errors they saw. */
  readonly closed: number;
  readonly errors: readonly string[];
}

export interface FanoutRun {
  readonly results: readonly FanoutFigures[];
  /** The deface config the worker ran with. */
  readonly defaceConfig?: Readonly<Record<string, unknown>>;
  readonly notes: readonly string[];
  /** Set when a scenario could not run; the ones before it are in `results`. */
  readonly error?: string;
}

interface Setup {
  readonly service: BenchService;
  readonly camera: PacedCamera;
  readonly settings: FanoutSettings;
}

const withVariant = (path: string | undefined, variant: string): string => `${path ?? ""}${path?.includes("?") ? "&" : "?"}variant=${variant}`;

/** Opens the viewers on `target`, warms up, and measures one window. */
async function scenario(setup: Setup, name: string, target: Target, workerPid?: number): Promise<FanoutFigures> {
  process.stderr.write(`fan-out ${name} ...\n`);
  const { service, camera, settings } = setup;
  const fleet = ViewerFleet.start(VIEWER_PROCESSES);
  try {
    const opened = await fleet.open("raw", settings.viewers, target);
    if (opened.failed > 0) throw new Error(`${opened.failed} of ${settings.viewers} viewers could not connect: ${opened.errorSamples.join("; ")}`);
    await sleep(settings.warmupSeconds * 1000);
    await fleet.mark();
    const sample = () => ({
      wallMs: performance.now(),
      service: runSeconds(service.pid),
      // Ticks, coarse, but the only split of user and kernel time there is.
      serviceUser: sampleProcess(service.pid).userSeconds,
      worker: workerPid === undefined ? 0 : runSeconds(workerPid),
      machine: sampleMachine(),
      frames: camera.frames,
    });
    const before = sample();
    await sleep(settings.seconds * 1000);
    const after = sample();
    const report = await fleet.report();
    const raw = report.kinds.get("raw");
    const bytes = raw?.bytes ?? 0;
    if (bytes === 0) throw new Error(`the viewers of ${target.path ?? "/"} got no bytes in ${settings.seconds} s`);
    const seconds = (after.wallMs - before.wallMs) / 1000;
    const serviceCpuSeconds = after.service - before.service;
    const worker =
      workerPid === undefined
        ? undefined
        : { cores: (after.worker - before.worker) / seconds, rss: residentBytes(workerPid), status: await defaceStatus(service) };
    return {
      name,
      viewers: settings.viewers,
      seconds,
      bytes,
      cameraFps: (after.frames - before.frames) / seconds,
      serviceCpuSeconds,
      serviceMsPerMB: msPerMB(serviceCpuSeconds, bytes),
      serviceUserMsPerMB: msPerMB(after.serviceUser - before.serviceUser, bytes),
      serviceRss: residentBytes(service.pid),
      machineCores: machineCores(before.machine, after.machine),
      ...(worker ? { worker } : {}),
      closed: raw?.closedByServerMs.length ?? 0,
      errors: raw?.errorSamples ?? [],
    };
  } finally {
    await fleet.stop();
  }
}


/** Runs (a), (b) and, with `variant`, (c) on one service; stops everything it started, whatever happens. */
export async function runFanout(jpeg: Buffer, settings: FanoutSettings): Promise<FanoutRun> {
  const results: FanoutFigures[] = [];
  const notes: string[] = [];
  let defaceConfig: Readonly<Record<string, unknown>> | undefined;
  let service: BenchService | undefined;
  let camera: PacedCamera | undefined;
  try {
    service = await BenchService.start();
    const warning = await service.createApp();
    if (warning !== undefined) notes.push(warning);
    const endpoint = await service.mintCamera("cam");
    camera = await PacedCamera.start(endpoint, jpeg, CAMERA_FPS);
    const original = endpoint.viewers;
    await untilServed(service, original.path ?? "/", SERVED_TIMEOUT_MS);
    const setup: Setup = { service, camera, settings };

    results.push(await scenario(setup, "(a) no plugin", original));

    defaceConfig = await enableDeface(service, { publicOriginal: true, ...(settings.defaceFps === undefined ? {} : { fps: settings.defaceFps }) });
    const rendition = { ...original, path: withVariant(original.path, "deface") };
    await untilServed(service, rendition.path, WORKER_TIMEOUT_MS);
    const { pid } = await defaceStatus(service);
    if (pid === null) throw new Error("deface serves a rendition but its worker status has no pid");
    results.push(await scenario(setup, "(b) deface on, viewers on the original", original, pid));
    if (settings.variant) results.push(await scenario(setup, "(c) deface on, viewers on the rendition", rendition, pid));
    const after = await defaceStatus(service);
    if (after.pid !== pid) notes.push(`the deface worker changed pid during the run (${pid} -> ${String(after.pid)}, state ${after.state}): it restarted`);
    return { results, ...(defaceConfig ? { defaceConfig } : {}), notes: [...notes, ...complaintNotes(service.complaints(), 10)] };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`fan-out could not run: ${err instanceof Error ? (err.stack ?? message) : message}\n`);
    return { results, ...(defaceConfig ? { defaceConfig } : {}), notes: [...notes, ...(service ? complaintNotes(service.complaints(), 10) : [])], error: message };
  } finally {
    await camera?.stop();
    await service?.stop();
  }
}
