/**
 * The messages between the bench and its child processes (viewer fleets, cameras, the TCP
 * blaster). Every command gets exactly one reply, so the parent can await them in turn. They
 * travel over the fork IPC channel as JSON between two halves of this bench, hence no runtime
 * validation: a mismatch is a bench bug that the next message exposes.
 */
import type { SparseLatencies } from "../shared/latency.ts";

/**
 * normal: reads and parses everything. throttled: parses but reads at a fixed byte rate.
 * stalled: sends the request, then never reads. raw: the ceiling's reader, counts bytes only.
 */
export type ViewerKind = "normal" | "throttled" | "stalled" | "raw";

/** Where viewers connect; `path` is absent for the raw ceiling, which sends no request. */
export interface Target {
  readonly host: string;
  readonly port: number;
  readonly path?: string;
}

export type FleetCommand =
  | { readonly cmd: "open"; readonly kind: ViewerKind; readonly count: number; readonly target: Target; readonly bytesPerSecond?: number }
  | { readonly cmd: "mark" }
  | { readonly cmd: "report" }
  | { readonly cmd: "churn"; readonly target: Target; readonly perSecond: number; readonly lifetimeMs: number; readonly seconds: number };

/** One kind of viewer in one process, over the window since the last `mark`. */
export interface KindReport {
  readonly kind: ViewerKind;
  readonly viewers: number;
  readonly parts: number;
  /** Parts carrying a frame newer than the viewer's previous one. */
  readonly frames: number;
  readonly bytes: number;
  /** Frames skipped: the sum of sequence-number gaps between consecutive new frames. */
  readonly gaps: number;
  /** Parts repeating the previous frame (the server's keepalive during camera silence). */
  readonly repeats: number;
  /** New frames per second, one entry per viewer that was open for the whole window. */
  readonly fps: readonly number[];
  /** Frames skipped, one entry per viewer that was open for the whole window. */
  readonly viewerGaps: readonly number[];
  /** Camera-to-viewer latency of new frames. */
  readonly latency: SparseLatencies;
  /** ms from connect to the server closing it, one entry per viewer the server closed (ever). */
  readonly closedByServerMs: readonly number[];
  readonly errors: number;
  readonly errorSamples: readonly string[];
}

export interface ChurnReport {
  readonly connects: number;
  readonly parts: number;
  readonly bytes: number;
  /** Viewers that got at least one whole frame before leaving on their own. */
  readonly completed: number;
  /** ms from connecting to the first whole part, per viewer that got one. */
  readonly firstPart: SparseLatencies;
  readonly errors: number;
  readonly errorSamples: readonly string[];
}

export type FleetEvent =
  | { readonly ev: "opened"; readonly ready: number; readonly failed: number; readonly ports: readonly number[]; readonly errorSamples: readonly string[] }
  | { readonly ev: "marked" }
  | { readonly ev: "report"; readonly windowMs: number; readonly kinds: readonly KindReport[] }
  | { readonly ev: "churned"; readonly churn: ChurnReport };

export type CameraCommand =
  | { readonly cmd: "start"; readonly wsUrl: string; readonly key: string; readonly frameBytes: number; readonly fps: number; readonly frames: number }
  | { readonly cmd: "mark" }
  | { readonly cmd: "report" };

export interface CameraReport {
  readonly sent: number;
  readonly windowMs: number;
  /** The most the WebSocket client had queued, in bytes: above zero the server was slow to read. */
  readonly maxBuffered: number;
  /**
   * The latest a frame went out after its due time, in ms. Near a frame interval, two frames may
   * reach the server together, and it rightly sends viewers only the newer one.
   */
  readonly maxLateMs: number;
  /** Set once the server closed the camera's socket. */
  readonly closed?: string;
}

export type CameraEvent =
  | { readonly ev: "started" }
  | { readonly ev: "marked" }
  | { readonly ev: "report"; readonly report: CameraReport };

/** The first and only message of a reference writer (the ceiling's blaster, the floor's bare uWS writer). */
export type WriterEvent = { readonly ev: "listening"; readonly port: number };
