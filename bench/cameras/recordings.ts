import { eventually } from "../../test/helpers/wait.ts";
import { APP, type BenchService } from "../mjpeg/service.ts";

/** Starts recording each room (`POST /recording/start`); answers their VOD ids. */
export async function startRecordings(service: BenchService, rooms: readonly string[]): Promise<number[]> {
  const vods: number[] = [];
  for (const roomName of rooms) {
    const { data } = (await service.api("POST", `/api/v1/apps/${APP}/recording/start`, { roomName })) as { data: { vodId: number } };
    vods.push(data.vodId);
  }
  return vods;
}

/** Stops the recordings; a failed stop is printed, not thrown, so that it cannot hide why a measure failed. */
export async function stopRecordings(service: BenchService, vods: readonly number[]): Promise<void> {
  for (const vodId of vods) {
    await service.api("POST", `/api/v1/apps/${APP}/recording/${vodId}/stop`, {}).catch((err: unknown) => console.error(`stopping recording ${vodId}: ${String(err)}`));
  }
}

/**
 * Waits until every VOD is ready or failed, so that finishing them (probing the files, moving
 * them) is not measured with the next phase; answers how many ended in each status.
 */
export async function settledVods(service: BenchService, vods: readonly number[]): Promise<Record<string, number>> {
  const statuses = () => Promise.all(vods.map(async (id) => ((await service.api("GET", `/api/v1/apps/${APP}/vods/${id}`)) as { data: { status: string } }).data.status));
  await eventually(async () => (await statuses()).every((s) => s === "ready" || s === "failed"), 60_000, "the recordings' VODs to be ready or failed");
  const counts: Record<string, number> = {};
  for (const s of await statuses()) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}
