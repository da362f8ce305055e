import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createApp, getApp } from "../helpers/apps.ts";
import { errorOf } from "../helpers/envelope.ts";
import { startNodes, type StartedNodes } from "../helpers/cluster-server.ts";
import { UNREACHABLE_LIVEKIT, type TestResponse, type TestServer } from "../helpers/server.ts";

/** Rounds per kind of race: each node checks only what it knows, so without the lock most rounds let both through. */
const ROUNDS = 8;

/**
 * Which of two answers given at the same moment won: exactly one is its request's success
 * (`won[i]`), the other 409 `conflict`.
 */
function oneWins(answers: readonly [TestResponse, TestResponse], won: readonly [number, number], round: number): 0 | 1 {
  const told = `round ${round}: ${answers.map((res) => `${res.status} ${res.text}`).join(" | ")}`;
  const [first, second] = answers;
  const winner = first.status === won[0] ? 0 : 1;
  const loser = winner === 0 ? second : first;
  assert.equal(answers[winner].status, won[winner], told);
  assert.equal(loser.status, 409, told);
  assert.equal(errorOf(loser).code, "conflict", told);
  return winner;
}

/**
 * Issue 32: two nodes on one PostgreSQL database and one Redis keep room prefixes apart as one
 * node does (SPEC 2.1). Each write is asked of both nodes at the same moment, so each would pass a
 * check against its own registry and configs alone; the cluster lock lets one through per round.
 */
describe("room prefixes stay apart across nodes", () => {
  let cluster: StartedNodes;
  let a: TestServer;
  let b: TestServer;
  const create = (server: TestServer, name: string, roomPrefix: string) => server.request("POST", "/api/v1/apps", { token: a.rootToken, body: { name, roomPrefix } });
  const prefixOf = async (server: TestServer, app: string) => (await getApp(server, app, a.rootToken)).roomPrefix;

  before(async () => {
    cluster = await startNodes(["node-a", "node-b"], { ...UNREACHABLE_LIVEKIT });
    [a, b] = cluster.nodes as [TestServer, TestServer];
  });
  after(() => cluster?.close());

  it("lets one of two creates with overlapping prefixes through, one on each node at once", { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const names = [`one-${round}`, `two-${round}`] as const;
      // A dash apart: `race-N` owns every room of `race-N-b`.
      const answers = await Promise.all([create(a, names[0], `race-${round}`), create(b, names[1], `race-${round}-b`)]);
      const winner = oneWins(answers, [201, 201], round);
      const loser = names[winner === 0 ? 1 : 0];
      for (const server of [a, b]) assert.equal((await server.request("GET", `/api/v1/apps/${loser}`, { token: a.rootToken })).status, 404, `round ${round}: ${loser} was created`);
    }
  });

  it("lets one of two creates of one name through, one on each node at once, the other a 409", { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Prefixes far apart: the name alone collides, and the registry's index decides.
      const answers = await Promise.all([create(a, `same-${round}`, `apart-a-${round}`), create(b, `same-${round}`, `apart-b-${round}`)]);
      const winner = oneWins(answers, [201, 201], round);
      assert.match(errorOf(answers[winner === 0 ? 1 : 0]).message, /already exists/, `round ${round}`);
      assert.equal(await prefixOf(a, `same-${round}`), `apart-${winner === 0 ? "a" : "b"}-${round}`);
    }
  });

  it("lets one of two PATCHes to one prefix through, one on each node at once", { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const names = [`left-${round}`, `right-${round}`] as const;
      await createApp(a, { name: names[0] });
      await createApp(b, { name: names[1] }, a.rootToken);
      const meet = `meet-${round}`;
      const answers = await Promise.all([
        a.request("PATCH", `/api/v1/apps/${names[0]}`, { token: a.rootToken, body: { roomPrefix: meet } }),
        b.request("PATCH", `/api/v1/apps/${names[1]}`, { token: a.rootToken, body: { roomPrefix: meet } }),
      ]);
      const winner = oneWins(answers, [200, 200], round);
      assert.equal(await prefixOf(winner === 0 ? a : b, names[winner]), meet);
      const loser = winner === 0 ? 1 : 0;
      assert.equal(await prefixOf(loser === 0 ? a : b, names[loser]), names[loser], `round ${round}: the loser's prefix moved`);
    }
  });

  it("lets one of a create and a config.yaml write of one prefix through, one on each node at once", { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const held = `held-${round}`;
      await createApp(b, { name: held }, a.rootToken);
      const mix = `mix-${round}`;
      const answers = await Promise.all([
        create(a, `new-${round}`, mix),
        b.request("PUT", `/api/v1/apps/${held}/config/raw`, { token: a.rootToken, body: { yaml: `display_name: Held\nroom_prefix: ${mix}\n` } }),
      ]);
      const winner = oneWins(answers, [201, 200], round);
      assert.equal(await prefixOf(b, held), winner === 1 ? mix : held);
    }
  });
});
