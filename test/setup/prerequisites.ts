import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import { loadUws } from "../../src/http/uws.ts";
import { ensureLivekit, LIVEKIT_VERSION } from "./livekit.ts";

/**
 * One thing the suite needs from the machine. `ensure` installs or builds it when missing
 * (idempotently, cached) and throws with a clear message when it cannot: the suite then fails
 * loudly instead of skipping.
 */
export interface Prerequisite {
  readonly name: string;
  ensure(): Promise<string>;
}

const require = createRequire(import.meta.url);

export const prerequisites: Prerequisite[] = [
  {
    name: "uWebSockets.js native binding",
    async ensure() {
      if (!loadUws().native) throw new Error("the native uWS binding does not load on this Node; run npm ci on Node 20");
      return `loaded for ABI ${process.versions.modules}`;
    },
  },
  {
    name: "better-sqlite3 native module",
    async ensure() {
      const Database = require("better-sqlite3") as typeof import("better-sqlite3");
      const db = new Database(":memory:");
      const version = db.prepare("SELECT sqlite_version()").pluck().get() as string;
      db.close();
      return `SQLite ${version}`;
    },
  },
  {
    name: `livekit-server ${LIVEKIT_VERSION}`,
    async ensure() {
      return ensureLivekit();
    },
  },
  {
    name: "redis-server (each LiveKit test starts its own, for ingress)",
    async ensure() {
      const result = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
      if (result.error || result.status !== 0) throw new Error("redis-server is not installed; apt-get install redis-server");
      return result.stdout.trim().split(" ").slice(0, 3).join(" ");
    },
  },
];
