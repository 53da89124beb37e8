import { Writable } from "node:stream";
import { buildAuthorizeUrl } from "@adsgraph/oauth";
import { endpoints, errorBodySchema, getEndpoint } from "@adsgraph/models";
import { servedEndpointIds } from "../src/index.js";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import { getPage } from "./support/browser.js";
import { getRequestToken } from "./support/oauth-legs.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { bodyOf, errorOf, errorsOf, itemsOf } from "./support/bodies.js";

const USER_RATE = 8;
const ACCOUNT_RATE = 5;
const TOTAL_COUNT = 3;

describe.each(HTTP_TEST_ENGINES)("conventions on %s (spec §2.1, §4.2, §7, §8)", (engine) => {
  let server: TestServer;
  const logs: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, {
      limits: { userRate: USER_RATE, accountRate: ACCOUNT_RATE, totalCount: TOTAL_COUNT },
      logLevel: "trace",
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString("utf8"));
          done();
        },
      }),
    });
  });
  afterAll(() => server.close());

  it("answers GET /health on each host role", async () => {
    for (const [role, url] of Object.entries(server.urls)) {
      const response = await fetch(`${url}/health`);
      // redis: off — the embedded mode (no REDIS_URL), one process.
      expect(await response.json()).toEqual({ status: "ok", role, redis: "off" });
    }
  });

  it("sends x-rate-limit-* per token and endpoint family and 429 when exhausted", async () => {
    const user = await createActor(server.ctx);
    const first = await user.client.get("/12/accounts");
    expect(first.headers.get("x-rate-limit-limit")).toBe(String(USER_RATE));
    expect(first.headers.get("x-rate-limit-remaining")).toBe(String(USER_RATE - 1));
    expect(Number(first.headers.get("x-rate-limit-reset"))).toBeGreaterThan(Date.now() / 1000);
    for (let call = 1; call < USER_RATE; call += 1) await user.client.get("/12/accounts");
    const limited = await user.client.get("/12/accounts");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-rate-limit-remaining")).toBe("0");
    expect(errorBodySchema.parse(bodyOf(limited)).errors[0]?.code).toBe(88);
    // Another family has its own window.
    expect((await user.client.get("/12/iab_categories")).status).toBe(200);
  });

  it("sends x-account-rate-limit-* on account GETs and limits with_total_count", async () => {
    const user = await createActor(server.ctx);
    const { accountId } = await createAccountFor(server.ctx, user.userId);
    const path = `/12/accounts/${accountId}/campaigns`;
    const first = await user.client.get(path);
    expect(first.headers.get("x-account-rate-limit-limit")).toBe(String(ACCOUNT_RATE));
    expect(first.headers.get("x-account-rate-limit-remaining")).toBe(String(ACCOUNT_RATE - 1));
    const other = await createActor(server.ctx);
    await server.ctx.prisma.accountGrant.create({
      data: { accountId, userId: other.userId, permissions: ["AD_MANAGER"] },
    });
    for (let call = 1; call < ACCOUNT_RATE; call += 1) await other.client.get(path);
    const limited = await other.client.get(path);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-account-rate-limit-remaining")).toBe("0");

    const counter = await createActor(server.ctx);
    for (let call = 0; call < TOTAL_COUNT; call += 1) {
      expect((await counter.client.get("/12/accounts", { with_total_count: true })).status).toBe(
        200,
      );
    }
    const over = await counter.client.get("/12/accounts", { with_total_count: true });
    expect(over.status).toBe(429);
    expect(errorOf(over).parameter).toBe("with_total_count");
    expect((await counter.client.get("/12/accounts")).status).toBe(200);
  });

  it("serves reference data from the data files (IAB categories paged, with_total_count)", async () => {
    const user = await createActor(server.ctx);
    const business = await user.client.get("/12/advertiser_business_categories");
    expect(
      getEndpoint("advertiser_business_categories.list").response.schema.parse(bodyOf(business))
        .data.length,
    ).toBeGreaterThan(10);
    const rules = await user.client.get("/12/bidding_rules", { currency: "EUR" });
    expect(itemsOf(rules)).toEqual([expect.objectContaining({ currency: "EUR" })]);
    const content = await user.client.get("/12/content_categories");
    expect(
      getEndpoint("content_categories.list").response.schema.parse(bodyOf(content)).data[0]
        ?.iab_categories.length,
    ).toBeGreaterThan(0);
    const placements = await user.client.get("/12/line_items/placements", {
      product_type: "PROMOTED_POSTS",
    });
    expect(itemsOf(placements)).toHaveLength(1);
    expect(bodyOf(placements).request).toEqual({ params: { product_type: "PROMOTED_POSTS" } });

    const schema = getEndpoint("iab_categories.list").response.schema;
    const first = schema.parse(
      bodyOf(await user.client.get("/12/iab_categories", { count: 100, with_total_count: true })),
    );
    const total = first.total_count ?? 0;
    expect(total).toBeGreaterThan(300);
    const seen = first.data.map((item) => item.id);
    let cursor = first.next_cursor ?? undefined;
    while (cursor !== undefined) {
      const page = schema.parse(
        bodyOf(await user.client.get("/12/iab_categories", { count: 100, cursor })),
      );
      seen.push(...page.data.map((item) => item.id));
      cursor = page.next_cursor ?? undefined;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen.slice(0, 3)).toEqual(["IAB1", "IAB1-1", "IAB1-2"]);
  });

  it("answers errors as {errors:[{code,message,parameter}]}: 404, bad bodies; every catalog endpoint is served", async () => {
    const user = await createActor(server.ctx);
    const { accountId } = await createAccountFor(server.ctx, user.userId);
    const missing = await user.client.get(`/12/accounts/${accountId}/campaigns/nope`);
    expect(missing.status).toBe(404);
    expect(errorBodySchema.parse(bodyOf(missing)).errors[0]).toMatchObject({
      code: "NOT_FOUND",
      parameter: "campaign_id",
    });
    // No catalog endpoint is left to answer 501: issue 18 served the last ones (activity).
    expect(servedEndpointIds()).toEqual(endpoints.map((endpoint) => endpoint.id));
    const unknownRoute = await fetch(`${server.urls.ads}/12/nothing/here`);
    expect(unknownRoute.status).toBe(404);
    const jsonOnQueryEndpoint = await user.client.post(`/12/accounts/${accountId}/campaigns`, {
      json: { name: "x" },
    });
    expect(jsonOnQueryEndpoint.status).toBe(400);
    expect(errorOf(jsonOnQueryEndpoint).code).toBe("INVALID_BODY");
    const unknownParameter = await user.client.get(`/12/accounts/${accountId}/campaigns`, {
      colour: "red",
      count: 0,
    });
    expect(
      errorsOf(unknownParameter)
        .map((error) => error.code)
        .sort(),
    ).toEqual(["OUT_OF_RANGE", "UNKNOWN_PARAMETER"]);
  });

  it("counts requests in the request log (GET /_admin/requests, loopback only)", async () => {
    await fetch(`${server.urls.base}/_admin/requests`, { method: "DELETE" });
    const user = await createActor(server.ctx);
    await user.client.get("/12/accounts");
    await user.client.get("/12/accounts");
    await user.client.get("/12/iab_categories");
    const counts = (await (
      await fetch(`${server.urls.ads}/_admin/requests?entries=true`)
    ).json()) as {
      total: number;
      byEndpoint: Record<string, number>;
      entries: { endpointId: string; status: number; role: string }[];
    };
    expect(counts.total).toBe(3);
    expect(counts.byEndpoint["accounts.list"]).toBe(2);
    expect(counts.entries[0]).toMatchObject({
      endpointId: "accounts.list",
      status: 200,
      role: "ads",
    });
    expect(server.ctx.requestLog.counts().total).toBe(3);
  });

  it("never writes secrets to the logs", async () => {
    const user = await createActor(server.ctx);
    await user.client.get("/12/accounts");
    const requestToken = await getRequestToken(
      { baseUrl: server.urls.base, consumer: user.credentials.consumer },
      { callback: "oob" },
    );
    await getPage(buildAuthorizeUrl(server.urls.base, { token: requestToken.token }));
    const text = logs.join("");
    expect(text).toContain("/oauth/authorize");
    for (const secret of [
      user.credentials.token?.token ?? "",
      user.credentials.token?.tokenSecret ?? "",
      user.consumerSecret,
      requestToken.token,
      requestToken.tokenSecret,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("latency option (ADS_API_LATENCY_MS)", () => {
  it("adds a fixed delay to every response", async () => {
    const server = await startTestServer("postgresql", { latencyMs: 150 });
    try {
      const began = performance.now();
      await fetch(`${server.urls.ads}/health`);
      expect(performance.now() - began).toBeGreaterThanOrEqual(140);
    } finally {
      await server.close();
    }
  });
});
