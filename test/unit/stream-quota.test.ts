import assert from "node:assert/strict";
import { it } from "node:test";
import { sql } from "kysely";
import pino from "pino";
import { AppStore } from "../../src/apps/store.ts";
import { isProblem } from "../../src/lib/problem.ts";
import { StreamQuota } from "../../src/tenants/quota.ts";
import { ReservationStore } from "../../src/tenants/store.ts";
import { describeEachBackend } from "../helpers/backends.ts";

const logger = pino({ level: "silent" });

describeEachBackend("StreamQuota on the reservations table", (backend) => {
  it("lets only one of several reservations made at once take the last free slot", async () => {
    const { databases, creating } = await backend.open();
    await sql`INSERT INTO teams (id, name, plan, created_at) VALUES (1, 'T', 'free', '2026-01-01T00:00:00Z')`.execute(databases.sql);
    const apps = new AppStore({ db: databases.sql, logger });
    await apps.load();
    const app = await apps.insert("quota-app", 1, creating("quota-app"));
    const quota = new StreamQuota({ reservations: new ReservationStore(databases.sql), apps, planOf: async () => "free", holders: async () => [] });
    for (let i = 1; i <= 4; i++) assert.equal(await quota.reserve(app, `held-${i}`, 60), undefined);
    const racers = await Promise.all(["a", "b", "c"].map((id) => quota.reserve(app, `racer-${id}`, 60)));
    assert.deepEqual(racers.map((r) => (isProblem(r) ? r.code : "reserved")).sort(), ["quota_exceeded", "quota_exceeded", "reserved"]);
    assert.equal((await quota.holders(1)).size, 5);
    assert.equal(await quota.reserve(app, "held-2", 60), undefined, "a holder reserving again takes no second slot");
  });
});
