import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { before, it } from "node:test";
import pino from "pino";
import { ConfigFiles } from "../../src/apps/config/files.ts";
import { InTurn } from "../../src/lib/in-turn.ts";
import { AppConfigService } from "../../src/apps/config/service.ts";
import { AppSecrets } from "../../src/apps/secrets.ts";
import { SettingsBlock } from "../../src/apps/settings-block.ts";
import { isProblem, problem } from "../../src/lib/problem.ts";
import { parseSsrfAllowlist } from "../../src/lib/ssrf.ts";
import { SecretBox } from "../../src/secrets/box.ts";
import { describeEachBackend } from "../helpers/backends.ts";

const logger = pino({ level: "silent" });

/** A block over the MQTT url and password, as the real ones are built: a rule, an endpoint, edits, a secret, a reset. */
interface Body {
  readonly url?: string;
  readonly username?: string;
  readonly password?: string;
}

describeEachBackend("SettingsBlock: one GET/PUT pattern for the S3, MQTT and media-server blocks", (backend) => {
  let configs: AppConfigService;
  let secrets: AppSecrets;
  let files: ConfigFiles;
  const resets: string[] = [];
  let refuseNextWrite = false;

  before(async () => {
    const t = await backend.open();
    const { databases, dataDir } = t;
    await t.registerApp("demo");
    files = new ConfigFiles(path.join(dataDir, "apps"));
    mkdirSync(path.join(dataDir, "apps", "demo"), { recursive: true });
    writeFileSync(files.configPath("demo"), "display_name: Demo\n");
    configs = new AppConfigService({ storage: files, locks: new InTurn<string>(), logger });
    configs.admitWith(() => (refuseNextWrite ? problem("conflict", "refused by the apps service's rule") : undefined));
    secrets = new AppSecrets({ databases, box: new SecretBox("a master key that is long enough for tests"), logger });
    await secrets.load("demo");
  });

  const block = () =>
    new SettingsBlock({
      configs,
      secrets,
      ssrf: parseSsrfAllowlist(undefined),
      spec: {
        view: (app: string) => ({ url: configs.get(app).mqtt.url, username: configs.get(app).mqtt.username, hasPassword: secrets.has(app, "mqtt.password") }),
        check: (_app: string, b: Body) => (b.username === "root" ? problem("validation_failed", "body.username: not root") : undefined),
        endpoints: (b) => [["body.url", b.url]],
        edits: (b) => [
          [["mqtt", "url"], b.url],
          [["mqtt", "username"], b.username],
        ],
        secrets: (b) => [["mqtt.password", b.password]],
        reset: (app) => void resets.push(app),
      },
    });

  it("views, then writes the edits (backed up), the secret and the reset, and answers the new view", async () => {
    const before = files.readNow("demo");
    const view = await block().update("demo", { url: "mqtt://broker.example.com", password: "pw" });
    assert.deepEqual(view, { url: "mqtt://broker.example.com", username: "", hasPassword: true });
    assert.equal(secrets.get("demo", "mqtt.password"), "pw");
    assert.deepEqual(resets, ["demo"]);
    assert.match(files.readNow("demo") ?? "", /url: mqtt:\/\/broker\.example\.com/);
    assert.equal(await files.readBackup("demo", (await files.listBackups("demo"))[0]?.ts ?? ""), before, "the file before the write is kept as a backup");
    assert.deepEqual(block().view("demo"), view);
  });

  it("keeps an omitted secret, removes one given as empty, and still resets when nothing else changed", async () => {
    resets.length = 0;
    assert.equal(((await block().update("demo", { username: "svc" })) as { hasPassword: boolean }).hasPassword, true);
    assert.equal(((await block().update("demo", { password: "" })) as { hasPassword: boolean }).hasPassword, false);
    assert.equal(secrets.get("demo", "mqtt.password"), undefined);
    assert.deepEqual(resets, ["demo", "demo"]);
  });

  it("stores nothing when its own rule, the outbound policy or the config write refuses", async () => {
    resets.length = 0;
    const text = files.readNow("demo");
    const own = await block().update("demo", { username: "root", url: "mqtt://127.0.0.1", password: "a" });
    assert.ok(isProblem(own));
    assert.equal(own.message, "body.username: not root", "the block's own rule is checked first");
    const outbound = await block().update("demo", { url: "mqtt://127.0.0.1:1883", password: "b" });
    assert.ok(isProblem(outbound));
    assert.equal(outbound.code, "validation_failed");
    assert.match(outbound.message, /^body\.url: /);
    refuseNextWrite = true;
    const refused = await block().update("demo", { username: "someone", password: "c" });
    refuseNextWrite = false;
    assert.ok(isProblem(refused));
    assert.equal(refused.code, "conflict");
    assert.equal(files.readNow("demo"), text, "config.yaml is untouched");
    assert.equal(secrets.has("demo", "mqtt.password"), false, "no secret was stored");
    assert.deepEqual(resets, [], "nothing was reset");
  });
});
