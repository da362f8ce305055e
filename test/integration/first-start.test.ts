import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { after, describe, it } from "node:test";
import { freePort } from "../helpers/ports.ts";
import { FIRST_TOKEN, spawnService, stoppedCleanly, type ServiceProcess } from "../helpers/process.ts";
import { startServer, tempDir, withTestDatabase, type TestServer } from "../helpers/server.ts";
import { eventually } from "../helpers/wait.ts";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, "g");
/** A pretty line: `[10:12:46.130] INFO: listening {"component":"http",...,"port":18972}`. */
const PRETTY_LISTENING = /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening .*"port":(\d+)/m;
const JSON_LISTENING = /^\{"level":30,.*"port":(\d+),"msg":"listening"\}$/m;

const cleanups: Array<() => void> = [];
after(() => cleanups.forEach((c) => c()));

/**
 * `npm start` at a terminal: the service under `script`, which gives it a pseudo-terminal as
 * stdout (what `process.stdout.isTTY` sees), with the output of both streams collected.
 */
function startOnTerminal(env: Record<string, string>): { output(): string; stop(): Promise<void> } {
  const child = spawn("script", ["-qec", `${process.execPath} --import tsx ${MAIN}`, "/dev/null"], {
    env: { PATH: process.env["PATH"] ?? "", TERM: "xterm", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => child.kill("SIGKILL"));
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  const exited = once(child, "exit");
  return {
    output: () => out.replace(ANSI, "").replace(/\r/g, ""),
    async stop() {
      // `script` hangs up its terminal on SIGTERM, which ends the service inside it.
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** `spawnService`, killed after the tests even when an assertion stops one midway. */
function service(env: Record<string, string>): ServiceProcess {
  const svc = spawnService(env);
  cleanups.push(() => svc.child.kill("SIGKILL"));
  return svc;
}

const env = (dataDir: string, extra: Record<string, string> = {}) => ({ SERVICE_HOST: "127.0.0.1", SERVICE_DATA_DIR: dataDir, METRICS_DEFAULT_METRICS: "off", ...extra });

async function listeningJson(svc: ServiceProcess): Promise<number> {
  const [, port = ""] = await svc.waitFor(JSON_LISTENING, 30_000);
  return Number(port);
}

describe("first start (issue 31)", () => {
  it("GET / redirects to the console, which answers its page", async () => {
    const server: TestServer = await startServer();
    try {
      const res = await server.request("GET", "/");
      assert.equal(res.status, 302);
      assert.equal(res.headers.get("location"), "/console");
      const page = await server.request("GET", res.headers.get("location") ?? "");
      assert.equal(page.status, 200);
      assert.match(page.headers.get("content-type") ?? "", /^text\/html/);
    } finally {
      await server.close();
    }
  });

  it("logs pretty lines on a terminal and JSON lines on a pipe, unless SERVICE_LOG_FORMAT says otherwise", async () => {
    const onTerminal = startOnTerminal(env(tempDir(), { SERVICE_PORT: "0" }));
    await eventually(() => PRETTY_LISTENING.test(onTerminal.output()), 30_000, "a pretty listening line on the terminal");
    assert.doesNotMatch(onTerminal.output(), /^\{"level"/m, "no JSON line on a terminal");
    await onTerminal.stop();

    const forcedJson = startOnTerminal(env(tempDir(), { SERVICE_PORT: "0", SERVICE_LOG_FORMAT: "json" }));
    await eventually(() => JSON_LISTENING.test(forcedJson.output()), 30_000, "a JSON listening line on the terminal with SERVICE_LOG_FORMAT=json");
    await forcedJson.stop();

    const piped = service(env(tempDir(), { SERVICE_PORT: "0" }));
    await listeningJson(piped);
    assert.doesNotMatch(piped.stdout(), /INFO: /, "no pretty line on a pipe");
    await stoppedCleanly(piped);

    const forcedPretty = service(env(tempDir(), { SERVICE_PORT: "0", SERVICE_LOG_FORMAT: "pretty" }));
    await forcedPretty.waitFor(PRETTY_LISTENING, 30_000);
    assert.doesNotMatch(forcedPretty.stdout(), /^\{"level"/m);
    forcedPretty.child.kill("SIGTERM");
    assert.equal(await forcedPretty.exited(), 0);

    const wrong = service(env(tempDir(), { SERVICE_LOG_FORMAT: "xml" }));
    assert.equal(await wrong.exited(), 78);
    assert.match(wrong.stderr(), /SERVICE_LOG_FORMAT/);
  });

  it("the first start's banner gives the token, the console URL and how to create the first person; a later start prints none", async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = service(env(dataDir, { SERVICE_PORT: String(port) }));
    await listeningJson(first);
    assert.match(first.stdout(), FIRST_TOKEN);
    assert.ok(first.stdout().includes(`  Console: http://127.0.0.1:${port}/console\n`), first.stdout());
    assert.ok(first.stdout().includes("    npm run --silent cli -- create-owner you@example.com\n"), first.stdout());
    assert.match(first.stdout(), /Or set SERVICE_ADMIN_USERNAME and SERVICE_ADMIN_PASSWORD and restart/);
    await stoppedCleanly(first);

    const again = service(env(dataDir, { SERVICE_PORT: String(port) }));
    await listeningJson(again);
    assert.doesNotMatch(again.stdout(), /Console:|create-owner/);
    await stoppedCleanly(again);

    const withAdmin = service(env(tempDir(), { SERVICE_PORT: "0", SERVICE_ADMIN_USERNAME: "root-admin", SERVICE_ADMIN_PASSWORD: "a-long-enough-password" }));
    await listeningJson(withAdmin);
    assert.match(withAdmin.stdout(), /Sign in as root-admin \(the break-glass admin of SERVICE_ADMIN_USERNAME\)/);
    assert.doesNotMatch(withAdmin.stdout(), /Or set SERVICE_ADMIN_USERNAME/);
    await stoppedCleanly(withAdmin);
  });
});

/** `npm run --silent cli -- <args>` on a data dir, with `input` piped to stdin. */
async function cli(dataDir: string, args: string[], input = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // The database the test's server will use on this run's backend (PostgreSQL's with its keys).
  const env = await withTestDatabase(dataDir, { PATH: process.env["PATH"] ?? "", SERVICE_DATA_DIR: dataDir });
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, ...args], {
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  cleanups.push(() => child.kill("SIGKILL"));
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(input);
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const [code] = (await once(child, "exit")) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}

describe("npm run cli -- create-owner (issue 31)", () => {
  it("creates a person who signs in as owner of a new team and superadmin, with the printed password", async () => {
    const dataDir = tempDir();
    const made = await cli(dataDir, ["create-owner", "First@Example.com", "--team", "Acme"]);
    assert.equal(made.code, 0, made.stderr);
    const [, password = ""] = made.stdout.match(/shown this once[^\n]*\n\n {2}(\S+)\n/) ?? [];
    assert.equal(password.length, 16, made.stdout);
    assert.match(made.stdout, /^created first@example\.com, owner of team \d+ and superadmin; sign in at http:\/\/localhost:8080\/console$/m);

    const piped = await cli(dataDir, ["create-owner", "second@example.com", "--password-stdin"], "correct horse battery staple\n");
    assert.equal(piped.code, 0, piped.stderr);
    assert.doesNotMatch(piped.stdout, /correct horse/, "a piped password is not echoed");

    const server = await startServer({ SERVICE_DATA_DIR: dataDir });
    try {
      const login = await server.request("POST", "/api/v1/auth/login", { body: { user: "first@example.com", password } });
      assert.equal(login.status, 200, login.text);
      const token = (login.json as { data: { token: string } }).data.token;
      const me = await server.request("GET", "/api/v1/account", { token });
      assert.equal(me.status, 200, me.text);
      assert.deepEqual(
        { ...(me.json as { data: Record<string, unknown> }).data, id: 0, teamId: 0 },
        { id: 0, email: "first@example.com", username: null, superadmin: true, teamId: 0, role: "owner", twoFactorEnabled: false },
      );
      const tenant = await server.request("GET", "/api/v1/tenant", { token });
      assert.equal((tenant.json as { data: { name: string } }).data.name, "Acme", tenant.text);
      const second = await server.request("POST", "/api/v1/auth/login", { body: { user: "second@example.com", password: "correct horse battery staple" } });
      assert.equal(second.status, 200, second.text);
    } finally {
      await server.close();
    }
  });

  it("refuses a taken email, a bad email, a short piped password and a missing email, saying why", async () => {
    const dataDir = tempDir();
    assert.equal((await cli(dataDir, ["create-owner", "taken@example.com"])).code, 0);
    const taken = await cli(dataDir, ["create-owner", "TAKEN@example.com"]);
    assert.deepEqual([taken.code, taken.stderr], [1, "an account with the email taken@example.com already exists\n"]);
    const bad = await cli(dataDir, ["create-owner", "not-an-email"]);
    assert.deepEqual([bad.code, bad.stderr], [2, "email: expected an email address\n"]);
    const short = await cli(dataDir, ["create-owner", "short@example.com", "--password-stdin"], "short\n");
    assert.deepEqual([short.code, short.stderr], [2, "password: use at least 10 characters\n"]);
    const missing = await cli(dataDir, ["create-owner"]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^the new person's email is missing\nusage: npm run --silent cli -- create-owner <email>/);
  });
});
