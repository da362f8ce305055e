import { setTimeout as sleep } from "node:timers/promises";

/** Asks `check` every `everyMs` until it says true or `ms` have passed; answers whether it did. */
export async function pollUntil(check: () => Promise<boolean>, ms: number, everyMs = 50): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(everyMs)) {
    if (await check()) return true;
  }
  return false;
}
