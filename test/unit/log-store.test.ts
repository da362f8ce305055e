import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import type { LogStoreTasks } from "../../workers/log-store.ts";
import { TaskPool } from "../../src/lib/task-pool.ts";
import { createLogging } from "../../src/logging.ts";
import { LogSink } from "../../src/logs/service.ts";
import { ftsQuery, LogStore, type LogRow } from "../../src/logs/store.ts";
import { tempDir } from "../helpers/server.ts";

const row = (ts: string, msg: string): LogRow => ({ ts, level: 30, app: null, source: "test", msg, meta: null });

describe("the log store's file", () => {
  it("keeps lines by age, then by count, newest kept", () => {
    const store = new LogStore(path.join(tempDir(), "logs.db"));
    try {
      const old = Array.from({ length: 12_000 }, (_, i) => row("2026-01-01T00:00:00.000Z", `old ${i}`));
      const recent = Array.from({ length: 3000 }, (_, i) => row(`2026-06-01T00:00:${String(i % 60).padStart(2, "0")}.000Z`, `recent ${i}`));
      store.append(old);
      store.append(recent);
      assert.equal(store.prune("2026-03-01T00:00:00.000Z", 1_000_000), 12_000, "every line older than the cut goes, in batches");
      assert.equal(store.prune("2026-03-01T00:00:00.000Z", 1000), 2000, "then all but the newest 1000");
      const { rows, total } = store.query({ limit: 1, offset: 0 });
      assert.deepEqual([total, rows[0]?.msg], [1000, "recent 2999"]);
      assert.equal(store.query({ q: "old", limit: 10, offset: 0 }).total, 0, "the full-text index forgets pruned lines");
      assert.equal(store.query({ q: "recent 2000", limit: 10, offset: 0 }).total, 1);
    } finally {
      store.close();
    }
  });

  it("turns free text into quoted FTS terms, all required", () => {
    assert.equal(ftsQuery("disk  full"), '"disk" "full"');
    assert.equal(ftsQuery('say "hi" OR *'), '"say" """hi""" "OR" "*"');
    assert.equal(ftsQuery("   "), undefined);
  });
});

describe("the log sink", () => {
  it("keeps taking lines after a flush found nothing waiting", async () => {
    const pool = new TaskPool<LogStoreTasks>({ name: "log_store", taskFile: new URL("../../workers/log-store.ts", import.meta.url), maxThreads: 1, maxQueue: 8, timeoutMs: 60_000, retryAfterSeconds: 5 });
    const logging = createLogging({ level: "info", stdout: false, maxBytes: 1024 * 1024, maxFiles: 1 });
    const sink = new LogSink({ pool, file: path.join(tempDir(), "logs.db"), node: "node-test", maxAgeMs: 86_400_000, maxRows: 1000, logger: logging.logger });
    try {
      // What a timer firing after its lines went with the previous batch does.
      await sink.flush();
      for (const msg of ["first", "second"]) {
        sink.record({ level: "info", time: new Date().toISOString(), msg, component: "unit" });
        await sink.flush();
      }
      assert.deepEqual((await sink.query({ limit: 10, offset: 0 })).data.map((l) => l.message), ["second", "first"]);
    } finally {
      await sink.close();
      await pool.close();
      await logging.close();
    }
  });
});
