import { DEMO, grantAccess, revokeAccess } from "@adsgraph/ads-api";
import { startAdsApi } from "@adsgraph/ads-api/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postGraphQL, signIn, startFacade, STACK_ENGINE } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";

// Query.account selecting only the account's lists skips accounts.get while upstream's word
// that the caller may see the account holds (ACCESS_CHECK_TTL_SECONDS): the list's own read
// proves access again. Answers and refusals stay as they were.

const ACCOUNT = DEMO.accounts[0].id;
const ACCESS_TTL_SECONDS = 3;
const LISTS_ONLY = `{ account(rawId: "${ACCOUNT}") { rawId
  campaigns(first: 20) { edges { node { name fundingInstrument { rawId } } } } } }`;

interface Answer {
  data?: unknown;
  errors?: unknown[];
  extensions?: { upstream?: { byEndpoint: Record<string, number> } };
}

describe("Query.account without accounts.get while access is known", () => {
  let adsApi: Awaited<ReturnType<typeof startAdsApi>>;
  let facade: RunningFacade;
  let headers: Record<string, string>;
  const query = async (text: string): Promise<Answer> =>
    (await postGraphQL(facade.url, text, { headers })).body;
  const accountReads = (answer: Answer) =>
    answer.extensions?.upstream?.byEndpoint["accounts.get"] ?? 0;
  const waitOutAccess = () =>
    new Promise((resolve) => setTimeout(resolve, ACCESS_TTL_SECONDS * 1000 + 200));

  beforeAll(async () => {
    adsApi = await startAdsApi({ engine: STACK_ENGINE });
    facade = await startFacade({
      engine: STACK_ENGINE,
      env: {
        ...adsApi.env,
        UPSTREAM_STATS: "true",
        SNAPSHOT_WRITES: "false",
        SNAPSHOT_FRESH_SECONDS_ENTITY: "0",
        SNAPSHOT_FRESH_SECONDS_REFERENCE: "0",
        ACCESS_CHECK_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
      },
    });
    headers = { authorization: `Bearer ${await signIn(facade)}` };
  });
  afterAll(async () => {
    await facade.close();
    await adsApi.close();
  });

  it("reads the account while access is not known, then only its lists, with the same answer", async () => {
    const cold = await query(LISTS_ONLY);
    expect(cold.errors).toBeUndefined();
    expect(accountReads(cold)).toBe(1);
    const warm = await query(LISTS_ONLY);
    expect(warm.errors).toBeUndefined();
    expect(accountReads(warm)).toBe(0);
    expect(JSON.stringify(warm.data)).toBe(JSON.stringify(cold.data));
    // A selected field of the account's own still reads it.
    const named = await query(
      `{ account(rawId: "${ACCOUNT}") { name campaigns(first: 1) { edges { node { rawId } } } } }`,
    );
    expect(accountReads(named)).toBe(1);
  });

  it("never skips past ACCESS_CHECK_TTL_SECONDS", async () => {
    expect(accountReads(await query(LISTS_ONLY))).toBe(0);
    await waitOutAccess();
    expect(accountReads(await query(LISTS_ONLY))).toBe(1);
  });

  it("refuses an account revoked upstream within the TTL exactly as when access is not known", async () => {
    const { prisma } = adsApi.server.ctx;
    expect((await query(LISTS_ONLY)).errors).toBeUndefined();
    await revokeAccess(prisma, ACCOUNT, DEMO.user.id);
    try {
      // Access still known: the list's read is refused, and the account is read as before.
      const withinTtl = await query(LISTS_ONLY);
      expect(withinTtl.data).toEqual({ account: null });
      expect(accountReads(withinTtl)).toBe(1);
      await waitOutAccess();
      const unknown = await query(LISTS_ONLY);
      expect(withinTtl.data).toEqual(unknown.data);
      expect(withinTtl.errors).toEqual(unknown.errors);
      expect(withinTtl.errors).toHaveLength(1);
    } finally {
      await grantAccess(prisma, ACCOUNT, DEMO.user.id, ["ACCOUNT_ADMIN", "POST_COMPOSER"]);
    }
  });
});
