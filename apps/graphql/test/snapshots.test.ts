import { createUser, DEMO, grantAccess, issueAccessToken, revokeAccess } from "@adsgraph/ads-api";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import { TEST_ENGINES, type DatabaseTarget } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postGraphQL, signIn, startFacade } from "../testing/index.js";

const ACCOUNT = DEMO.accounts[0].id;

interface Answer {
  data?: unknown;
  errors?: { message: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
  extensions?: {
    upstream?: { requests: number };
    cache?: { stale: boolean; paths: { path: string; stale: boolean; snapshotAt: string }[] };
  };
}

/** ads-api plus a facade with the given snapshot settings, and the demo user's session. */
async function startPair(
  engine: DatabaseTarget["engine"],
  env: Record<string, string>,
  limits = {},
) {
  const adsApi = await startAdsApi({ engine, limits });
  const facade = await startFacade({
    engine,
    env: { ...adsApi.env, UPSTREAM_STATS: "true", ...env },
  });
  const sessionOf = async (
    user: { id: string; screenName: string },
    token: { token: string; secret: string },
  ) => {
    return { authorization: `Bearer ${await signIn(facade, user, token)}` };
  };
  const demo = await sessionOf(DEMO.user, DEMO.accessToken);
  const query = async (text: string, headers = demo): Promise<Answer> => {
    const answer = (await postGraphQL(facade.url, text, { headers })).body as Answer;
    await facade.services.snapshots.writer.flush();
    return answer;
  };
  return { adsApi, facade, demo, sessionOf, query };
}

const ACCESS_TTL_SECONDS = 4;
const ACCOUNT_QUERY = `{ account(rawId: "${ACCOUNT}") { name
  campaigns(first: 20) { edges { node { name fundingInstrument { description } } } } } }`;

describe.each(TEST_ENGINES)(
  "snapshots answer fresh reads, and only to who may see them, on %s",
  (engine) => {
    let pair: Awaited<ReturnType<typeof startPair>>;

    beforeAll(async () => {
      pair = await startPair(engine, {
        SNAPSHOT_FRESH_SECONDS_ENTITY: "300",
        // Long enough that a loaded machine answers the repeat within it; the revocation test waits it out.
        ACCESS_CHECK_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
      });
    });
    afterAll(async () => {
      await pair.facade.close();
      await pair.adsApi.close();
    });

    it("answers the same query a second time with zero upstream requests", async () => {
      const first = await pair.query(ACCOUNT_QUERY);
      expect(first.errors).toBeUndefined();
      expect(first.extensions?.upstream?.requests).toBeGreaterThan(0);
      await pair.adsApi.requests.reset();

      const second = await pair.query(ACCOUNT_QUERY);
      expect(second.data).toEqual(first.data);
      expect(second.extensions?.upstream?.requests).toBe(0);
      expect((await pair.adsApi.requests.counts()).total).toBe(0);
      expect(second.extensions?.cache?.stale).toBe(false);
      expect(second.extensions?.cache?.paths.map((p) => p.path)).toContain("account");
    });

    it("refuses FORBIDDEN to a user without access even though the snapshots are there", async () => {
      const { prisma, box } = pair.adsApi.server.ctx;
      const outsider = await createUser(prisma, {
        screenName: `outsider_${engine.slice(0, 2)}`,
        password: "outsider-password",
      });
      const app = await prisma.app.findFirstOrThrow({ where: { name: DEMO.app.name } });
      const token = await issueAccessToken(
        prisma,
        { box },
        { appId: app.id, userId: outsider.id, accessType: "write" },
      );
      const headers = await pair.sessionOf(
        { id: outsider.id, screenName: outsider.screenName },
        token,
      );

      const answer = await pair.query(ACCOUNT_QUERY, headers);
      expect(answer.data).toEqual({ account: null });
      expect(answer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(JSON.stringify(answer)).not.toContain("Spring");
      expect(answer.extensions?.cache).toBeUndefined();
    });

    it("stops serving a user's snapshots within the access window after access is revoked", async () => {
      const { prisma } = pair.adsApi.server.ctx;
      expect((await pair.query(ACCOUNT_QUERY)).errors).toBeUndefined();
      await revokeAccess(prisma, ACCOUNT, DEMO.user.id);
      try {
        await new Promise((resolve) => setTimeout(resolve, ACCESS_TTL_SECONDS * 1000 + 100));
        const answer = await pair.query(ACCOUNT_QUERY);
        expect(answer.data).toEqual({ account: null });
        expect(answer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      } finally {
        await grantAccess(prisma, ACCOUNT, DEMO.user.id, ["ACCOUNT_ADMIN", "POST_COMPOSER"]);
      }
    });
  },
);

describe.each(TEST_ENGINES)("history and outages on %s", (engine) => {
  let pair: Awaited<ReturnType<typeof startPair>>;
  let campaignNodeId: string;

  beforeAll(async () => {
    pair = await startPair(
      engine,
      {
        SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
        UPSTREAM_RATE_LIMIT_WAIT_MS: "0",
        UPSTREAM_TIMEOUT_MS: "1000",
        // Planning off: with it, a query past the spent budget is refused before it is sent
        // (issue 35) instead of drawing the 429 whose stale-snapshot answer this describes.
        COST_PLANNING: "false",
      },
      { userRate: 40, rateWindowMs: 60_000 },
    );
    const list = await pair.query(
      `{ account(rawId: "${ACCOUNT}") { campaigns(first: 1) { edges { node { id rawId } } } } }`,
    );
    const edges = (
      list.data as { account: { campaigns: { edges: { node: { id: string; rawId: string } }[] } } }
    ).account.campaigns.edges;
    campaignNodeId = edges[0]?.node.id ?? "";
  });
  afterAll(async () => {
    await pair.facade.close();
    await pair.adsApi.close();
  });

  const historyQuery = () => `{ account(rawId: "${ACCOUNT}") { campaign(id: "${campaignNodeId}") {
    history(first: 10) { edges { node { version changedFields } } } } } }`;
  const versions = async () =>
    (
      (await pair.query(historyQuery())).data as {
        account: {
          campaign: {
            history: { edges: { node: { version: number; changedFields: string[] } }[] };
          };
        };
      }
    ).account.campaign.history.edges.map((edge) => edge.node);

  it("lists each change made through mutations, and nothing for reads that changed nothing", async () => {
    const before = await versions();
    for (let i = 0; i < 3; i += 1) await versions(); // reads, no change
    expect(await versions()).toEqual(before);

    for (const name of ["Renamed once", "Renamed twice"]) {
      const result = await pair.query(
        `mutation { updateCampaign(input: { id: "${campaignNodeId}", name: "${name}" }) { __typename } }`,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ updateCampaign: { __typename: "UpdateCampaignPayload" } });
    }
    const after = await versions();
    expect(after.length).toBe(before.length + 2);
    expect(after[0]?.changedFields).toEqual(expect.arrayContaining(["name"]));
    expect(after[0]?.version).toBe((before[0]?.version ?? 0) + 2);
  });

  it("answers from the last snapshot, marked stale, when upstream answers 429 and when it is down", async () => {
    const fresh = await pair.query(ACCOUNT_QUERY);
    expect(fresh.errors).toBeUndefined();

    let limited: Answer = fresh;
    for (let i = 0; i < 60 && limited.extensions?.cache?.stale !== true; i += 1) {
      limited = await pair.query(ACCOUNT_QUERY);
    }
    expect(limited.data).toEqual(fresh.data);
    expect(limited.extensions?.cache?.stale).toBe(true);
    expect(limited.extensions?.cache?.paths[0]?.snapshotAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    await pair.adsApi.close();
    const down = await pair.query(ACCOUNT_QUERY);
    expect(down.data).toEqual(fresh.data);
    expect(down.extensions?.cache?.stale).toBe(true);

    // Never read before: no snapshot to answer, so an error on that path only.
    const never = await pair.query(`{ biddingRules(currency: "JPY") { nodes { currency } } }`);
    expect(never.data).toEqual({ biddingRules: null });
    expect(never.errors?.[0]?.path).toEqual(["biddingRules"]);
  });
});
