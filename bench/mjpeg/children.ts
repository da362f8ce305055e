/** The MJPEG bench's camera process, seen from the bench (a `Child`, see child.ts). */
import { Child } from "../shared/child.ts";
import type { CameraCommand, CameraEvent, CameraReport } from "./protocol.ts";

export class Camera {
  private constructor(private readonly child: Child<CameraCommand, CameraEvent>) {}

  /** Starts a camera process and resolves once its first frame is sent. */
  static async start(options: Omit<Extract<CameraCommand, { cmd: "start" }>, "cmd">): Promise<Camera> {
    const child = new Child<CameraCommand, CameraEvent>("camera", new URL("./camera.ts", import.meta.url));
    try {
      await child.request({ cmd: "start", ...options }, "started");
      return new Camera(child);
    } catch (err) {
      await child.stop();
      throw err;
    }
  }

  get pid(): number {
    return this.child.pid;
  }

  async mark(): Promise<void> {
    await this.child.request({ cmd: "mark" }, "marked");
  }

  async report(): Promise<CameraReport> {
    return (await this.child.request({ cmd: "report" }, "report")).report;
  }

  stop(): Promise<void> {
    return this.child.stop();
  }
}
