import type { AppRef } from "../apps/store.ts";
import type { Databases } from "../db/databases.ts";
import type { Problem } from "../lib/problem.ts";
import type { Relayed, RelayedStream, RelayRequest, Relays } from "../peers/relay.ts";
import { vodStore, type VodRow } from "./store.ts";

/**
 * What a "no local file" answer adds when another node wrote the file and this node answers all
 * the same (that node is not live, so the call was not relayed there): where the file is.
 */
export function fileNodeNote(row: Pick<VodRow, "node">, here: string): string {
  return row.node !== null && row.node !== here ? `; its file was written on node ${row.node}, which is not live now: it can be read once that node is back` : "";
}

/**
 * Calls that need a VOD's local file (its raw bytes, a probe, a download link to them, a failed
 * upload's retry, a delete that removes it) answered by the node that wrote it (`vods.node`)
 * while that node is live, as it answers them, with the caller's credential. Whether a file at
 * the same path is here is not asked: a path names different files on two machines (every node
 * has its own data dir, often at the same path), so only the writer's answer is the file's. A
 * shared volume costs a hop while the writer lives, and serves the file from any node once it is
 * gone. Each method is undefined when this node is the one to answer: the row names no node or
 * this one, or its node is not live (the route's own answer then says the file is missing here,
 * and where it was written).
 */
export class VodFileNodes {
  constructor(
    private readonly databases: Databases,
    private readonly relays: Relays,
  ) {}

  async answeredThere(ctx: RelayRequest, app: AppRef, id: number): Promise<Relayed | Problem | undefined> {
    return await this.relays.answerOn(await this.nodeOf(app, id), ctx);
  }

  /** `answeredThere` for the file's bytes, streamed as they come (a VOD may be gigabytes). */
  async streamedThere(ctx: RelayRequest, app: AppRef, id: number): Promise<RelayedStream | Problem | undefined> {
    return await this.relays.streamOn(await this.nodeOf(app, id), ctx);
  }

  /** The node that wrote the VOD's local file, while the row has one. */
  private async nodeOf(app: AppRef, id: number): Promise<string | undefined> {
    const row = await vodStore(this.databases.appSql(app.name)).get(id);
    return row?.local_path ? (row.node ?? undefined) : undefined;
  }
}
