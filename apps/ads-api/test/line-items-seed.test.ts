import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBench } from "../src/seed/bench-seed.js";
import { DEMO } from "../src/seed/demo-credentials.js";
import { seedDemo } from "../src/seed/demo-seed.js";
import { idsOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { AdsClient } from "./support/signed-fetch.js";

describe.each(TEST_ENGINES)("seeded line items on %s", (engine) => {
  let server: TestServer;
  let demo: AdsClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    await seedDemo(server.ctx.prisma, server.ctx.box);
    demo = new AdsClient(server.urls, {
      consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
      token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
    });
  });
  afterAll(() => server.close());

  it("gives each demo account line items of several objectives and product types", async () => {
    const placements = itemsOf(await demo.get("/12/line_items/placements"));
    const offered = (type: unknown) =>
      placements
        .filter((entry) => entry.product_type === type)
        .flatMap((entry) => entry.placements as string[][])
        .map((combination) => combination.join(","));
    for (const { id } of DEMO.accounts) {
      const items = itemsOf(await demo.get(`/12/accounts/${id}/line_items`));
      expect(items.map((item) => item.objective).sort()).toEqual([
        "ENGAGEMENTS",
        "FOLLOWERS",
        "PREROLL_VIEWS",
        "REACH",
        "WEBSITE_CLICKS",
      ]);
      expect(new Set(items.map((item) => item.product_type))).toEqual(
        new Set(["PROMOTED_POSTS", "PROMOTED_ACCOUNT", "MEDIA"]),
      );
      // What the seed wrote obeys what the API would have checked.
      for (const item of items) {
        expect(offered(item.product_type)).toContain((item.placements as string[]).join(","));
        expect(String(item.campaign_id)).toMatch(new RegExp(`^${id}c[1-4]$`));
        expect(item.currency).toBe("USD");
      }
      const preroll = items.find((item) => item.objective === "PREROLL_VIEWS");
      expect(preroll?.categories).toEqual(["1"]);
      const all = await demo.get(`/12/accounts/${id}/line_items`, { with_deleted: true });
      expect(idsOf(all)).toHaveLength(items.length + 1);
    }
  });

  it("seeds promoted posts with digit post ids beyond 2^53 on the promoted-posts line items", async () => {
    const posts = await server.ctx.prisma.promotedPost.findMany({
      include: { lineItem: true },
      orderBy: { id: "asc" },
    });
    expect(posts.length).toBe(4 * DEMO.accounts.length);
    for (const post of posts) {
      expect(post.postId).toMatch(/^\d{19}$/);
      expect(BigInt(post.postId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
      expect(post.lineItem.productType).toBe("PROMOTED_POSTS");
      expect(post.accountId).toBe(post.lineItem.accountId);
    }
    expect(new Set(posts.map((post) => post.postId)).size).toBe(posts.length);
  });

  it("lets the bench seed make many line items per campaign with attachments, deterministically", async () => {
    const options = {
      campaigns: 5,
      fundingInstruments: 2,
      cards: 0,
      seed: 4,
      grantUserIds: [DEMO.user.id],
      lineItemsPerCampaign: 4,
      attachmentsPerLineItem: 3,
    };
    const summary = await seedBench(server.ctx.prisma, { ...options, accountId: "benchLi" });
    // 20 line items, a quarter promoting accounts: 60 tags, 45 posts, 15 promoted accounts.
    expect(summary).toMatchObject({ campaigns: 5, lineItems: 20, attachments: 120 });
    const snapshot = async () => ({
      lineItems: await server.ctx.prisma.lineItem.findMany({
        where: { accountId: "benchLi" },
        orderBy: { id: "asc" },
      }),
      posts: await server.ctx.prisma.promotedPost.findMany({
        where: { accountId: "benchLi" },
        orderBy: { id: "asc" },
      }),
    });
    const before = await snapshot();
    await seedBench(server.ctx.prisma, { ...options, accountId: "benchLi" });
    expect(await snapshot()).toEqual(before);
    expect(await server.ctx.prisma.trackingTag.count({ where: { accountId: "benchLi" } })).toBe(60);
    expect(await server.ctx.prisma.promotedAccount.count({ where: { accountId: "benchLi" } })).toBe(
      15,
    );

    const campaign = before.lineItems[0]?.campaignId ?? "";
    const listed = await demo.get("/12/accounts/benchLi/line_items", { campaign_ids: campaign });
    expect(idsOf(listed)).toHaveLength(4);
    // Without the options, no line item is made (existing benchmarks stay as they were).
    // (A seed of its own: the bench media key derives from it.)
    const plain = await seedBench(server.ctx.prisma, {
      ...options,
      seed: 5,
      lineItemsPerCampaign: undefined,
      accountId: "benchNo",
    });
    expect(plain).toMatchObject({ lineItems: 0, attachments: 0 });
  });
});
