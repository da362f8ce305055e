import { problem, type Problem } from "../lib/problem.ts";
import { hashPassword } from "./passwords.ts";
import type { Db } from "../db/open.ts";
import { AccountStore } from "./store.ts";

/**
 * The first person of an install, made from the shell (`npm run cli -- create-owner`) because a
 * fresh server has nobody who could send an invite and self-signup is usually off. They own a new
 * team, like a self-signup, and are a superadmin: whoever holds the data dir runs the platform.
 */
export async function createOwner(
  db: Db,
  person: { email: string; password: string; teamName: string },
): Promise<{ userId: number; teamId: number } | Problem> {
  const store = new AccountStore(db);
  if (store.userByEmail(person.email)) return problem("conflict", `an account with the email ${person.email} already exists`);
  const hash = await hashPassword(person.password);
  return store.transaction(() => {
    const teamId = store.insertTeam(person.teamName);
    const userId = store.insertUser({ email: person.email, username: null, hash, superadmin: true, teamId, role: "owner" });
    return { userId, teamId };
  })();
}
