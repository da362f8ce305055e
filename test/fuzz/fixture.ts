import { dataOf } from "../helpers/envelope.ts";
import { acceptInvite, createToken, invite, login, PASSWORD, signup } from "../helpers/identity.ts";
import { sql, type RawBuilder } from "kysely";
import { appRow, globalRow } from "../helpers/rows.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { storedConfig } from "../helpers/stored-config.ts";

/**
 * The world the fuzzer attacks: one real service, two tenants each with one app (`alpha`, whose
 * member we hold, and `beta`, whose app token we hold), and the credential kinds of README
 * "Identity and access" that reach different code: nobody, the installer's global token, an app
 * token of the other tenant's app, a member's session, and (for the node routes only) the cluster
 * token. The full twelve-kind table lives in authz-matrix.test.ts, whose setup sits inside its
 * `describe`; this is the smaller set the brief allows.
 */
export const KINDS = ["anonymous", "globalToken", "otherAppToken", "member", "clusterToken"] as const;
export type Kind = (typeof KINDS)[number];

export const FIXTURE_APP = "alpha";
export const OTHER_APP = "beta";
const MEMBER_EMAIL = "member@alpha.example";
const CLUSTER_TOKEN = "fuzz-cluster-token-long-enough-0123456789";
/** The service's body limit in this run, so the oversized cases know what "over" is. */
export const MAX_BODY_BYTES = 256 * 1024;

export interface Fixture {
  readonly server: TestServer;
  /** Headers that present each credential kind; the member's is renewed when a case ends it. */
  headersFor(kind: Kind): Record<string, string>;
  /** Logs the member in again if a fuzzed request (logout everywhere, session delete) ended the session. */
  renewMember(): Promise<void>;
  /** The service's error-level log records since the last call, for a failure's report. */
  takeErrors(): string[];
  /** Cheap state that no refused request may change (see `snapshot`). */
  snapshot(): Promise<string>;
  close(): Promise<void>;
}

export async function startFixture(): Promise<Fixture> {
  const server = await startServer({
    SERVICE_ALLOW_SIGNUP: "on",
    SERVICE_CLUSTER_TOKEN: CLUSTER_TOKEN,
    SERVICE_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
  });
  const ownerA = await signup(server, "owner@alpha.example", "Alpha");
  const ownerB = await signup(server, "owner@beta.example", "Beta");
  for (const [jwt, name] of [[ownerA, FIXTURE_APP], [ownerB, OTHER_APP]] as const) {
    const res = await server.request("POST", "/api/v1/apps", { token: jwt, body: { name } });
    if (res.status !== 201) throw new Error(`fixture: creating ${name}: ${res.status} ${res.text}`);
  }
  const betaId = dataOf<{ id: number }>(await server.request("GET", `/api/v1/apps/${OTHER_APP}`, { token: ownerB })).id;
  let member = await acceptInvite(server, MEMBER_EMAIL, await invite(server, ownerA, MEMBER_EMAIL));
  const otherApp = (await createToken(server, server.rootToken, { scope: "app", appId: betaId })).token;

  const errors: string[] = [];
  server.app.logging.subscribe((r) => {
    if (r.level === "error" || r.level === "fatal") {
      const err = r["err"] as { stack?: string; message?: string } | undefined;
      errors.push(`${String(r["msg"])}: ${err?.stack ?? err?.message ?? ""}`.slice(0, 1500));
    }
  });
  type Count = RawBuilder<{ n: number }>;
  const global = async (query: Count) => (await globalRow(server, query))?.n;
  const alpha = async (table: string) => (await appRow(server, FIXTURE_APP, (t) => sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${t(table)}`))?.n;

  return {
    server,
    headersFor(kind): Record<string, string> {
      switch (kind) {
        case "anonymous":
          return {};
        case "globalToken":
          return { authorization: `Bearer ${server.rootToken}` };
        case "otherAppToken":
          return { authorization: `Bearer ${otherApp}` };
        case "member":
          return { authorization: `Bearer ${member}` };
        case "clusterToken":
          return { "x-cluster-token": CLUSTER_TOKEN };
      }
    },
    takeErrors: () => errors.splice(0),
    async renewMember() {
      const res = await server.request("GET", "/api/v1/account", { token: member });
      if (res.status === 401) member = await login(server, MEMBER_EMAIL, PASSWORD);
    },
    /**
     * Counts of what a write would add or remove, globally (apps, live tokens, users, teams,
     * sessions, invites, magic links, cluster nodes) and in alpha's database (camera keys,
     * ingresses, streams, VODs, restream destinations, secrets), and alpha's config.yaml text.
     * Each is a COUNT or one small file, on either backend.
     */
    async snapshot() {
      return JSON.stringify({
        apps: await global(sql`SELECT COUNT(*) AS n FROM apps`),
        tokens: await global(sql`SELECT COUNT(*) AS n FROM api_tokens WHERE revoked_at IS NULL`),
        users: await global(sql`SELECT COUNT(*) AS n FROM users`),
        teams: await global(sql`SELECT COUNT(*) AS n FROM teams`),
        sessions: await global(sql`SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NULL`),
        invites: await global(sql`SELECT COUNT(*) AS n FROM invites`),
        magicLinks: await global(sql`SELECT COUNT(*) AS n FROM magic_links`),
        clusterNodes: await global(sql`SELECT COUNT(*) AS n FROM cluster_nodes`),
        cameraKeys: await alpha("ws_ingest_keys"),
        ingresses: await alpha("ingresses"),
        streams: await alpha("streams"),
        vods: await alpha("vods"),
        restreams: await alpha("restream_destinations"),
        secrets: await alpha("secrets"),
        config: await storedConfig(server, FIXTURE_APP),
      });
    },
    close: () => server.close(),
  };
}
