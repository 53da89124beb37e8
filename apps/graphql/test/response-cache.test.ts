import { createUser, DEMO, issueAccessToken } from "@adsgraph/ads-api";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postGraphQL, STACK_ENGINE, startFacade } from "../testing/index.js";

const ACCOUNT = DEMO.accounts[0].id;
const FRESH_SECONDS = 6;
/** One user's share of the response cache (the byte-limit test offers more). */
const USER_SHARE = 16 * 1024;
/** The response cache: 64 KiB in all, and that share per user. */
const CACHE_LIMITS = {
  RESPONSE_CACHE_MAX_BYTES: String(64 * 1024),
  RESPONSE_CACHE_USER_MAX_BYTES: String(USER_SHARE),
};

interface Answer {
  data?: unknown;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  extensions?: {
    upstream?: { requests: number };
    cache?: { stale: boolean; paths: { path: string; stale: boolean; snapshotAt: string }[] };
  };
}

const QUERY = `query Campaigns($id: String!, $first: Int) { account(rawId: $id) { name
  campaigns(first: $first) { edges { node { id rawId name fundingInstrument { rawId } } } } } }`;

type Campaigns = { account: { campaigns: { edges: { node: { id: string; name: string } }[] } } };

/**
 * ads-api and a facade with short entity freshness and the response cache on (small limits, so
 * the bound is reached), the demo user's session, and a way to ask as anyone.
 */
async function startPair(env: Record<string, string> = {}) {
  const adsApi = await startAdsApi({ engine: STACK_ENGINE });
  const facade = await startFacade({
    engine: STACK_ENGINE,
    env: {
      ...adsApi.env,
      UPSTREAM_STATS: "true",
      SNAPSHOT_FRESH_SECONDS_ENTITY: String(FRESH_SECONDS),
      ...env,
    },
  });
  const sessionOf = async (
    user: { id: string; screenName: string },
    token: { token: string; secret: string },
  ) => {
    const created = await facade.services.sessions.create({
      userId: user.id,
      screenName: user.screenName,
      accessToken: token.token,
      accessTokenSecret: token.secret,
    });
    return { id: created.session.id, headers: { authorization: `Bearer ${created.token}` } };
  };
  const demo = await sessionOf(DEMO.user, DEMO.accessToken);
  const query = async (
    variables: Record<string, unknown> = { id: ACCOUNT, first: 5 },
    headers = demo.headers,
    text = QUERY,
  ): Promise<Answer> => {
    const answer = (await postGraphQL(facade.url, text, { variables, headers })).body as Answer;
    await facade.services.snapshots.writer.flush();
    return answer;
  };
  const hits = () => facade.services.responseCache.stats().hits;
  /** Asks until an answer comes from the response cache (a loaded machine may need a few). */
  const untilServedFromCache = (variables?: Record<string, unknown>) =>
    vi.waitFor(
      async () => {
        const before = hits();
        const answer = await query(variables);
        expect(hits(), "an answer from the response cache").toBeGreaterThan(before);
        return answer;
      },
      { timeout: 60_000, interval: 20 },
    );
  return { adsApi, facade, demo, sessionOf, query, hits, untilServedFromCache };
}

describe("the response cache", () => {
  let pair: Awaited<ReturnType<typeof startPair>>;

  beforeAll(async () => {
    pair = await startPair(CACHE_LIMITS);
  });
  afterAll(async () => {
    await pair.facade.close();
    await pair.adsApi.close();
  });

  it("answers a repeat exactly as the snapshots did: same data, cache marks, zero upstream requests", async () => {
    const first = await pair.query();
    expect(first.errors).toBeUndefined();
    const fromSnapshots = await pair.query();
    const cached = await pair.untilServedFromCache();
    expect(cached).toEqual(fromSnapshots);
    expect(cached.data).toEqual(first.data);
    expect(cached.extensions?.upstream?.requests).toBe(0);
    expect(cached.extensions?.cache?.stale).toBe(false);
    expect(cached.extensions?.cache?.paths.map((p) => p.path)).toContain("account");
  });

  it("never gives another user's answer: a user without access is refused", async () => {
    await pair.untilServedFromCache();
    const { prisma, box } = pair.adsApi.server.ctx;
    const outsider = await createUser(prisma, {
      screenName: "rc_outsider",
      password: "outsider-password",
    });
    const app = await prisma.app.findFirstOrThrow({ where: { name: DEMO.app.name } });
    const token = await issueAccessToken(
      prisma,
      { box },
      { appId: app.id, userId: outsider.id, accessType: "write" },
    );
    const session = await pair.sessionOf(
      { id: outsider.id, screenName: outsider.screenName },
      token,
    );
    const hitsBefore = pair.hits();
    for (let i = 0; i < 3; i += 1) {
      const answer = await pair.query(undefined, session.headers);
      expect(answer.data).toEqual({ account: null });
      expect(answer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    expect(pair.hits()).toBe(hitsBefore);
  });

  it("shows a mutation's change in the very next query", async () => {
    const before = (await pair.untilServedFromCache()).data as Campaigns;
    const node = before.account.campaigns.edges[0]?.node;
    expect(node).toBeDefined();
    const renamed = `Renamed ${Date.now()}`;
    const result = (
      await postGraphQL(
        pair.facade.url,
        `mutation ($id: ID!, $name: String!) { updateCampaign(input: { id: $id, name: $name }) { __typename } }`,
        { variables: { id: node?.id, name: renamed }, headers: pair.demo.headers },
      )
    ).body;
    expect(result.errors).toBeUndefined();
    const after = (await pair.query()).data as Campaigns;
    expect(after.account.campaigns.edges[0]?.node.name).toBe(renamed);
  });

  it("gives a revoked session no stored answer", async () => {
    const session = await pair.sessionOf(DEMO.user, DEMO.accessToken);
    const ask = () => pair.query(undefined, session.headers);
    let cached = false;
    for (let i = 0; i < 20 && !cached; i += 1) {
      const before = pair.hits();
      expect((await ask()).errors).toBeUndefined();
      cached = pair.hits() > before;
    }
    expect(cached).toBe(true);
    await pair.facade.services.sessions.revoke(session.id, "test");
    const hitsBefore = pair.hits();
    const answer = await ask();
    expect(answer.data).toEqual({ account: null });
    expect(answer.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(pair.hits()).toBe(hitsBefore);
  });

  it("keeps memory within its byte limits, whatever one client asks", async () => {
    // Snapshots fresh for the whole loop, in a pair of its own: every answer rests on the
    // account's snapshot, and re-reading it upstream once it expires drops them all (as it
    // should), which emptied the cache mid-loop on a loaded machine.
    const long = await startPair({ ...CACHE_LIMITS, SNAPSHOT_FRESH_SECONDS_ENTITY: "3600" });
    try {
      // Each page size twice: the second answer comes from fresh snapshots and is stored.
      let offered = 0;
      for (let first = 1; first <= 40; first += 1) {
        await long.query({ id: ACCOUNT, first });
        offered += JSON.stringify(await long.query({ id: ACCOUNT, first })).length;
      }
      const { bytes, entries } = long.facade.services.responseCache.stats();
      // More was offered than the share holds, and the share held what it could.
      expect(offered).toBeGreaterThan(USER_SHARE);
      expect(entries).toBeGreaterThan(0);
      // One user: their share, well under the whole cache.
      expect(bytes).toBeLessThanOrEqual(USER_SHARE);
    } finally {
      await long.facade.close();
      await long.adsApi.close();
    }
  });

  it("never stores an answer that read the database beyond fresh snapshots (health, history)", async () => {
    for (const text of [
      `query ($id: String!) { health account(rawId: $id) { name } }`,
      `query ($id: String!) { account(rawId: $id) { campaigns(first: 1) { edges { node {
        history(first: 1) { edges { node { version } } } } } } } }`,
    ]) {
      const hitsBefore = pair.hits();
      for (let i = 0; i < 3; i += 1) {
        const answer = await pair.query({ id: ACCOUNT }, pair.demo.headers, text);
        expect(answer.errors).toBeUndefined();
      }
      expect(pair.hits()).toBe(hitsBefore);
    }
  });

  it("goes upstream again once freshness expires, and never stores an outage answer as fresh", async () => {
    const cached = await pair.untilServedFromCache();
    await new Promise((resolve) => setTimeout(resolve, FRESH_SECONDS * 1000 + 200));
    const expired = await pair.query();
    expect(expired.extensions?.upstream?.requests).toBeGreaterThan(0);
    expect(expired.data).toEqual(cached.data);

    await pair.untilServedFromCache();
    await new Promise((resolve) => setTimeout(resolve, FRESH_SECONDS * 1000 + 200));
    await pair.adsApi.close();
    const hitsBefore = pair.hits();
    for (let i = 0; i < 3; i += 1) {
      const down = await pair.query();
      expect(down.data).toEqual(cached.data);
      expect(down.extensions?.cache?.stale).toBe(true);
    }
    expect(pair.hits()).toBe(hitsBefore);
  });
});
