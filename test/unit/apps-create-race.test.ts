import assert from "node:assert/strict";
import path from "node:path";
import { it } from "node:test";
import pino from "pino";
import { ConfigFiles } from "../../src/apps/config/files.ts";
import { InTurn } from "../../src/lib/in-turn.ts";
import { AppConfigService } from "../../src/apps/config/service.ts";
import { AppSecrets } from "../../src/apps/secrets.ts";
import { AppService } from "../../src/apps/service.ts";
import { AppStore } from "../../src/apps/store.ts";
import type { Principal } from "../../src/auth/principal.ts";
import { isProblem } from "../../src/lib/problem.ts";
import { SecretBox } from "../../src/secrets/box.ts";
import { describeEachBackend } from "../helpers/backends.ts";

const logger = pino({ level: "silent" });
const platform: Principal = { kind: "token", tokenId: 1, scope: "global", allowedIps: [] };

describeEachBackend("AppService.create: the checks and the insert are no longer one synchronous step", (backend) => {
  const service = async () => {
    const { databases, dataDir } = await backend.open();
    const store = new AppStore({ db: databases.sql, logger });
    await store.load();
    const configs = new AppConfigService({ storage: new ConfigFiles(path.join(dataDir, "apps")), locks: new InTurn<string>(), logger });
    const secrets = new AppSecrets({ databases, box: new SecretBox("a master key that is long enough for tests"), logger });
    return new AppService({ store, configs, secrets, databases, dataDir, logger });
  };

  it("lets only one of creates started together take a name, or overlapping room prefixes", async () => {
    const apps = await service();
    const sameName = await Promise.all([apps.create(platform, { name: "twin" }), apps.create(platform, { name: "twin", roomPrefix: "twin-b" })]);
    assert.deepEqual(sameName.map((r) => (isProblem(r) ? r.code : "created")).sort(), ["conflict", "created"]);
    const overlapping = await Promise.all([
      apps.create(platform, { name: "left", roomPrefix: "stage" }),
      apps.create(platform, { name: "right", roomPrefix: "stage-2" }),
    ]);
    assert.deepEqual(overlapping.map((r) => (isProblem(r) ? r.code : "created")).sort(), ["conflict", "created"]);
  });
});
