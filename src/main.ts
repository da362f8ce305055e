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
  await serve(config);
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

  announceFirstToken(app);
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
 * revoked since; `npm run cli -- seed-token` is the deliberate way to get a new one then.
 */
function announceFirstToken(app: App): void {
  if (!app.databases.fresh) return;
  const token = app.tokens.seedGlobal();
  if (token === undefined) return;
  process.stdout.write(
    `\n  First start on an empty data dir (${app.config.dataDir}).\n` +
      `  Global API token, shown this once; keep it somewhere safe:\n\n    ${token}\n\n`,
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
