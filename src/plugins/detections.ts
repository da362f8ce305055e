import type { DetectionsMessage } from "../../workers/plugins/protocol.ts";

/** The newest detections each plugin reported per app and room, for the detections routes and players. */
export class PluginDetections {
  private readonly latest = new Map<string, Map<string, DetectionsMessage>>();

  record(app: string, plugin: string, message: DetectionsMessage): void {
    const key = `${app}/${plugin}`;
    let rooms = this.latest.get(key);
    if (!rooms) this.latest.set(key, (rooms = new Map()));
    rooms.set(message.room, message);
  }

  /** The plugin's newest detections, one per room it reported on. */
  of(app: string, plugin: string): DetectionsMessage[] {
    return [...(this.latest.get(`${app}/${plugin}`)?.values() ?? [])];
  }

  inRoom(app: string, plugin: string, room: string): DetectionsMessage | undefined {
    return this.latest.get(`${app}/${plugin}`)?.get(room);
  }

  forget(app: string, plugin: string): void {
    this.latest.delete(`${app}/${plugin}`);
  }
}
