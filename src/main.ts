import { buildApp, type App } from "./app.ts";
import { runCommand } from "./cli/commands.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";

/**
 * Process entry and the only reader of `process.env`. Without arguments (or with `serve`) it runs
 * the service; otherwise it runs an admin command (`npm run cli -- <command>`).
 */
async function main(): Promise<number | undefined> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 78; // EX_CONFIG
  }
  const argv = process.argv.slice(2);
  if (argv.length > 0 && argv[0] !== "serve") return runCommand(config, argv);
  // A person at a terminal reads the log; anything else (a pipe, journald, a collector) parses it.
  const format = config.log.format ?? (process.stdout.isTTY ? "pretty" : "json");
  await serve({ ...config, log: { ...config.log, format } });
  return undefined;
}

async function serve(config: Config): Promise<void> {
  let app: App;
  try {
    app = await buildApp(config);
  } catch (err) {
    process.stderr.write(`cannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const { logger } = app;
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));
  process.on("uncaughtException", (err) => {
    logger.fatal({ err }, "uncaught exception; exiting");
    process.exit(70);
  });

  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) {
      logger.warn({ signal }, "second signal: exiting without waiting");
      process.exit(1);
    }
    signalled = true;
    logger.info({ signal, graceMs: config.shutdownGraceMs }, "shutting down");
    app.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);

  await announceFirstStart(app);
  try {
    await app.listen();
  } catch (err) {
    logger.fatal({ err }, "cannot listen");
    await app.stop();
    process.exit(1);
  }
}

/**
 * On an empty data dir the installer's first global token is seeded and shown once, on stdout
 * only: it never goes to the log. Later starts seed nothing, even if every global token was
 * revoked since; `npm run cli -- seed-token` is the deliberate way to get a new one then. The
 * banner also says where the console is and how to get a first person into it, so a new user
 * does not have to find that in the docs.
 */
async function announceFirstStart(app: App): Promise<void> {
  if (!app.databases.fresh) return;
  const token = await app.tokens.seedGlobal();
  if (token === undefined) return;
  const { config } = app;
  const admin = config.admin
    ? `  Sign in as ${config.admin.username} (the break-glass admin of SERVICE_ADMIN_USERNAME), or\n` +
      `  create the first person (owner of a new team, superadmin) in another terminal:\n`
    : `  Create the first person (owner of a new team, superadmin) in another terminal:\n`;
  process.stdout.write(
    `\n  First start on an empty data dir (${config.dataDir}).\n` +
      `  Global API token, shown this once; keep it somewhere safe:\n\n    ${token}\n\n` +
      `  Console: ${config.publicUrl}/console\n` +
      admin +
      `\n    npm run --silent cli -- create-owner you@example.com\n\n` +
      `  It prints the password to sign in with.${config.admin ? "" : " (Or set SERVICE_ADMIN_USERNAME and SERVICE_ADMIN_PASSWORD and restart.)"}\n\n`,
  );
}

main().then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
