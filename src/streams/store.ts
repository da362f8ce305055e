import type { Db } from "../db/open.ts";
import { ExternalWrites } from "../db/external-writes.ts";
import { perDatabase } from "../db/per-database.ts";
import type { StreamType, StreamView } from "./view.ts";

export type { StreamType, StreamView } from "./view.ts";

interface Row {
  id: number;
  stream_id: string;
  type: StreamType;
  room: string;
  participant: string | null;
  status: "active" | "ended";
  started_at: string;
  last_event_at: number;
  last_stats_json: string;
}

const view = (r: Row): StreamView => ({
  id: r.id,
  streamId: r.stream_id,
  type: r.type,
  room: r.room,
  participant: r.participant,
  status: r.status,
  startedAt: r.started_at,
  lastStatsJson: r.last_stats_json,
});

type StartEvent = { streamId: string; type: StreamType; room: string; participant: string | null; at: number; stats: Record<string, unknown> };
type EndEvent = { streamId: string; type: StreamType; room: string; participant: string | null; at: number };

/**
 * One app's streams (in its own database); use `streamStore(db)`, which prepares them once per
 * connection. The active rows are kept in memory (every publisher token's quota check reads every
 * app of its tenant): dropped on every write here and whenever another connection has committed.
 */
export class StreamStore {
  private readonly q;
  private readonly external: ExternalWrites;
  private live: readonly StreamView[] | undefined;
  private readonly startTx;
  private readonly endTx;

  constructor(db: Db) {
    this.external = new ExternalWrites(db);
    this.q = {
      active: db.prepare<[], Row>("SELECT * FROM streams WHERE status = 'active' ORDER BY id"),
      activeInRoom: db.prepare<[string], Row>("SELECT * FROM streams WHERE status = 'active' AND room = ? ORDER BY id"),
      latest: db.prepare<[string], Row>("SELECT * FROM streams WHERE stream_id = ? ORDER BY id DESC LIMIT 1"),
      byId: db.prepare<[number], Row>("SELECT * FROM streams WHERE id = ?"),
      touch: db.prepare<[number, number]>("UPDATE streams SET last_event_at = ? WHERE id = ?"),
      insertActive: db.prepare<[string, StreamType, string, string | null, string, number, string]>(
        "INSERT INTO streams (stream_id, type, room, participant, status, started_at, last_event_at, last_stats_json) VALUES (?, ?, ?, ?, 'active', ?, ?, ?)",
      ),
      endRow: db.prepare<[string, number, number]>("UPDATE streams SET status = 'ended', ended_at = ?, last_event_at = ? WHERE id = ?"),
      insertEnded: db.prepare<[string, StreamType, string, string | null, string, string, number]>(
        "INSERT INTO streams (stream_id, type, room, participant, status, started_at, ended_at, last_event_at) VALUES (?, ?, ?, ?, 'ended', ?, ?, ?)",
      ),
      forceEnd: db.prepare<[string, number]>("UPDATE streams SET status = 'ended', ended_at = ? WHERE id = ? AND status = 'active'"),
    };
    this.startTx = db.transaction((s: StartEvent): boolean => {
      const latest = this.latest(s.streamId);
      if (latest && latest.lastEventAt > s.at) return false;
      if (latest?.status === "active") {
        this.q.touch.run(s.at, latest.id);
        return false;
      }
      this.q.insertActive.run(s.streamId, s.type, s.room, s.participant, new Date(s.at * 1000).toISOString(), s.at, JSON.stringify(s.stats));
      return true;
    });
    this.endTx = db.transaction((s: EndEvent): boolean => {
      const latest = this.latest(s.streamId);
      if (latest && latest.lastEventAt > s.at) return false;
      const now = new Date().toISOString();
      if (latest?.status === "active") {
        this.q.endRow.run(now, s.at, latest.id);
        return true;
      }
      if (latest) {
        this.q.touch.run(s.at, latest.id);
        return false;
      }
      this.q.insertEnded.run(s.streamId, s.type, s.room, s.participant, now, now, s.at);
      return false;
    });
  }

  active(): readonly StreamView[] {
    if (this.external.happened() || !this.live) this.live = this.q.active.all().map(view);
    return this.live;
  }

  activeInRoom(room: string): StreamView[] {
    return this.q.activeInRoom.all(room).map(view);
  }

  /** The latest row for a stream id (active or the memory of its end). */
  latest(streamId: string): (StreamView & { lastEventAt: number }) | undefined {
    const row = this.q.latest.get(streamId);
    return row && { ...view(row), lastEventAt: row.last_event_at };
  }

  /** SPEC 4.13's `{id}`: the row id, or the stream id (its latest row). */
  find(id: string): StreamView | undefined {
    return /^\d+$/.test(id) ? this.byId(Number(id)) : this.latest(id);
  }

  byId(id: number): StreamView | undefined {
    const row = this.q.byId.get(id);
    return row && view(row);
  }

  /**
   * Marks the stream active as of `at` (media-server seconds) unless a newer event already
   * decided its state. Answers true when it became active by this call.
   */
  start(s: StartEvent): boolean {
    return this.written(this.startTx(s));
  }

  /**
   * Marks the stream ended as of `at`. When it is not known as active, an ended row is kept so a
   * start that arrives late (older) cannot revive it. Answers true when an active stream ended.
   */
  end(s: EndEvent): boolean {
    return this.written(this.endTx(s));
  }

  /** Ends an active row whatever the media server says (stop route, reconciliation). */
  forceEnd(id: number): boolean {
    return this.written(this.q.forceEnd.run(new Date().toISOString(), id).changes > 0);
  }

  private written<T>(result: T): T {
    this.live = undefined;
    return result;
  }
}

export const streamStore = perDatabase((db) => new StreamStore(db));
