import { DEMO } from "@adsgraph/ads-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  globalId,
  postGraphQL,
  signIn,
  STACK_ENGINE,
  startFacade,
  startStack,
} from "../testing/index.js";
import type { RunningFacade, Stack } from "../testing/index.js";

// Upstream failures become GraphQL errors in one place (src/errors/): a code a client can
// act on, the service's own status and codes, and nothing else (no stack, no credentials).

const A = DEMO.accounts[0].id;

describe("upstream rate limits", () => {
  let stack: Stack;

  beforeAll(async () => {
    // Three requests per user token and endpoint family per window; the facade waits none.
    stack = await startStack({
      measureUpstream: true,
      adsApi: { limits: { userRate: 3 } },
      // Planning off: the calls reach rest-client, whose RATE_LIMITED is what this file tests;
      // a planned query is refused before sending (test/cost-enforcement.test.ts).
      facade: { env: { UPSTREAM_RATE_LIMIT_WAIT_MS: "0", COST_PLANNING: "false" } },
    });
  });
  afterAll(() => stack.close());

  it("answers RATE_LIMITED with when to retry, on the query path and as a mutation's typed error", async () => {
    const read = `{ biddingRules(currency: "USD") { nodes { currency } } }`;
    for (let i = 0; i < 3; i += 1) expect((await stack.query(read)).errors).toBeUndefined();
    // Never read before, so no snapshot can stand in for it (see test/snapshots.test.ts).
    const limited = await stack.query(`{ biddingRules(currency: "EUR") { nodes { currency } } }`);
    expect(limited.data).toEqual({ biddingRules: null });
    expect(limited.errors?.[0]).toMatchObject({
      path: ["biddingRules"],
      message: expect.stringContaining("rate limit") as unknown,
      extensions: { code: "RATE_LIMITED", resetAt: expect.stringMatching(/^\d{4}-/) as unknown },
    });

    const write = `mutation { createCampaign(input: { accountId: "${globalId("Account", A)}", name: "n", fundingInstrumentId: "${globalId("FundingInstrument", `${A}f1`, A)}", entityStatus: PAUSED }) {
      __typename ... on RateLimitedError { code resetAt message } } }`;
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push((await stack.query(write)).data);
    const created = { createCampaign: { __typename: "CreateCampaignPayload" } };
    expect(results.slice(0, 3)).toEqual([created, created, created]);
    expect(results[3]).toMatchObject({
      createCampaign: {
        __typename: "RateLimitedError",
        code: "RATE_LIMITED",
        resetAt: expect.stringMatching(/Z$/) as unknown,
      },
    });
  });
});

describe("an ads service that does not answer", () => {
  let facade: RunningFacade;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const nowhere = "http://127.0.0.1:9";
    facade = await startFacade({
      engine: STACK_ENGINE,
      env: {
        ADS_API_BASE_URL: nowhere,
        ADS_API_ADS_URL: nowhere,
        ADS_API_SANDBOX_URL: nowhere,
        UPSTREAM_TIMEOUT_MS: "1000",
      },
    });
    headers = { authorization: `Bearer ${await signIn(facade)}` };
  });
  afterAll(() => facade.close());

  it("answers UPSTREAM_ERROR without a stack, a URL or a credential", async () => {
    const { body } = await postGraphQL(facade.url, `{ account(rawId: "${A}") { name } }`, {
      headers,
    });
    expect(body).toEqual({
      data: { account: null },
      errors: [
        {
          message: "The ads service did not answer in time; retry later.",
          locations: [{ line: 1, column: 3 }],
          path: ["account"],
          extensions: {
            code: "UPSTREAM_ERROR",
            upstream: { status: null, codes: expect.any(Array) as unknown },
          },
        },
      ],
      // What the request spent upstream (issue 35): its attempts, though none was answered.
      extensions: { cost: expect.objectContaining({ mode: "run" }) as unknown },
    });
    const text = JSON.stringify(body);
    for (const secret of [
      DEMO.accessToken.token,
      DEMO.accessToken.secret,
      "127.0.0.1:9",
      "stacktrace",
    ]) {
      expect(text).not.toContain(secret);
    }
    const mutation = await postGraphQL(
      facade.url,
      `mutation { deleteSandboxAccount(input: { accountId: "${globalId("Account", A)}" }) { __typename ... on UpstreamError { status codes message } } }`,
      { headers },
    );
    expect(mutation.body.data).toMatchObject({
      deleteSandboxAccount: { __typename: "UpstreamError", status: null },
    });
  });
});
