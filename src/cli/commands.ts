import { AppStore } from "../apps/store.ts";
import type { Config } from "../config.ts";
import { Databases } from "../db/databases.ts";
import { createLogging } from "../logging.ts";
import { TokenService } from "../tokens/service.ts";

/** One admin command: `npm run cli -- <name> [args]`. Returns the process exit code. */
interface Command {
  readonly summary: string;
  run(config: Config, args: readonly string[], out: NodeJS.WritableStream): Promise<number>;
}

/** Runs `work` against the data dir's databases, logging to the file only so stdout stays clean. */
async function withDatabases<T>(config: Config, work: (databases: Databases) => T): Promise<T> {
  const logging = createLogging({ ...config.log, stdout: false, dir: config.dataDir });
  const databases = new Databases({ dataDir: config.dataDir, logger: logging.logger });
  try {
    return work(databases);
  } finally {
    databases.close();
    await logging.close();
  }
}

const commands: Record<string, Command> = {
  "seed-token": {
    summary: "create the first global API token and print it alone; prints nothing while one exists",
    async run(config, _args, out) {
      const token = await withDatabases(config, (databases) =>
        new TokenService({ db: databases.global, apps: new AppStore(databases.global), authzEnforce: config.authzEnforce }).seedGlobal(),
      );
      if (token !== undefined) out.write(`${token}\n`);
      return 0;
    },
  },
  migrate: {
    summary: "apply pending migrations to the global database and exit",
    async run(config, _args, out) {
      await withDatabases(config, () => undefined);
      out.write(`database in ${config.dataDir} is up to date\n`);
      return 0;
    },
  },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(14)}${c.summary}`);
  return `usage: npm run cli -- <command>\n\ncommands:\n  ${"serve".padEnd(14)}run the service (what npm start does)\n${lines.join("\n")}\n`;
}

export async function runCommand(config: Config, argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === "help" || name === "--help") {
    process.stdout.write(usage());
    return 0;
  }
  const command = name === undefined ? undefined : commands[name];
  if (!command) {
    process.stderr.write(`unknown command ${JSON.stringify(name)}\n\n${usage()}`);
    return 2;
  }
  return command.run(config, args, process.stdout);
}
