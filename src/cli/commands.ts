import type { Config } from "../config.ts";
import { Databases } from "../db/databases.ts";
import { createLogging } from "../logging.ts";

/** One admin command: `npm run cli -- <name> [args]`. Returns the process exit code. */
interface Command {
  readonly summary: string;
  run(config: Config, args: readonly string[], out: NodeJS.WritableStream): Promise<number>;
}

const commands: Record<string, Command> = {
  migrate: {
    summary: "apply pending migrations to the global database and exit",
    async run(config, _args, out) {
      const logging = createLogging({ ...config.log, stdout: false, dir: config.dataDir });
      const databases = new Databases({ dataDir: config.dataDir, logger: logging.logger });
      databases.close();
      await logging.close();
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
