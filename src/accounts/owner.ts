import { problem, type Problem } from "../lib/problem.ts";
import type { SqlDb } from "../db/sql.ts";
import { isUniqueViolation } from "../lib/unique-violation.ts";
import { hashPassword } from "./passwords.ts";
import { AccountStore } from "./store.ts";

/**
 * The first person of an install, made from the shell (`npm run cli -- create-owner`) because a
 * fresh server has nobody who could send an invite and self-signup is usually off. They own a new
 * team, like a self-signup, and are a superadmin: whoever holds the data dir runs the platform.
 */
export async function createOwner(
  db: SqlDb,
  person: { email: string; password: string; teamName: string },
): Promise<{ userId: number; teamId: number } | Problem> {
  const store = new AccountStore(db);
  const taken = () => problem("conflict", `an account with the email ${person.email} already exists`);
  if (await store.userByEmail(person.email)) return taken();
  const hash = await hashPassword(person.password);
  try {
    return await store.transaction(async (trx) => {
      const teamId = await store.insertTeam(person.teamName, trx);
      const userId = await store.insertUser({ email: person.email, username: null, hash, superadmin: true, teamId, role: "owner" }, trx);
      return { userId, teamId };
    });
  } catch (err) {
    // A sign-up for the same email between the check and the insert: the unique index decides.
    if (isUniqueViolation(err)) return taken();
    throw err;
  }
}
