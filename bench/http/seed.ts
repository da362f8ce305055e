/**
 * Seeds the service target over its own HTTP API, as users would: a signed-up owner whose team
 * gets 10 apps, 90 platform apps from the installer's global token, and an app token of the team.
 */
import { PLATFORM_APPS, TEAM_APPS, TEAM_APP, platformApp, teamApp, type Credentials } from "./fixtures.ts";

async function call(base: string, method: string, path: string, token: string | undefined, body: unknown, shape: "enveloped" | "bare" = "enveloped"): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`seeding: ${method} ${path} answered ${res.status} ${text}`);
  const parsed = JSON.parse(text) as { data?: unknown };
  return shape === "bare" ? parsed : parsed.data;
}

export async function seedService(base: string, rootToken: string): Promise<Credentials> {
  const signedUp = (await call(base, "POST", "/api/v1/auth/signup", undefined, { email: "owner@bench.example", password: "bench password, long enough", teamName: "Bench" })) as { token: string };
  let teamAppId = 0;
  for (let i = 1; i <= TEAM_APPS; i++) {
    const created = (await call(base, "POST", "/api/v1/apps", signedUp.token, { name: teamApp(i) })) as { id: number; name: string };
    if (created.name === TEAM_APP) teamAppId = created.id;
  }
  for (let i = 1; i <= PLATFORM_APPS; i++) await call(base, "POST", "/api/v1/apps", rootToken, { name: platformApp(i) });
  // SPEC 4.5 answers a created token bare, not enveloped.
  const team = (await call(base, "POST", "/api/v1/tokens", rootToken, { name: "bench team", scope: "app", appId: teamAppId }, "bare")) as { token: string };
  return { global: rootToken, team: team.token };
}
