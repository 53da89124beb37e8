import { getEndpoint } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBench } from "../src/seed/bench-seed.js";
import { DEMO } from "../src/seed/demo-credentials.js";
import { FRIEND_POST_ID, demoPostId } from "../src/seed/demo-posts.js";
import { seedDemo } from "../src/seed/demo-seed.js";
import { bodyOf, dataOf, errorOf, idsOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { AdsClient } from "./support/signed-fetch.js";
import type { Query } from "./support/signed-fetch.js";

const [FIRST, SECOND] = DEMO.accounts;

describe.each(TEST_ENGINES)("seeded posts on %s (issue 16)", (engine) => {
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

  const posts = async (accountId: string, query: Query) => {
    const response = await demo.get(`/12/accounts/${accountId}/posts`, { count: 1000, ...query });
    expect(response.status, response.text).toBe(200);
    getEndpoint("posts.list").response.schema.parse(bodyOf(response));
    return itemsOf(response);
  };

  it("gives each demo account posts of every type, with fixed ids", async () => {
    for (const [index, { id }] of DEMO.accounts.entries()) {
      const n = index + 1;
      const all = { timeline_type: "ALL", include_mentions_and_replies: true } as const;
      const published = await posts(id, { post_type: "PUBLISHED", ...all });
      const nullcast = published.filter((post) => post.nullcast === true);
      expect(nullcast.map((post) => post.id).sort()).toEqual(
        [1, 2, 3, 4, 5, 6, 7, 8].map((seq) => demoPostId(n, seq)),
      );
      // The demo user's organic posts are seen from both accounts, whichever made them.
      expect(published.filter((post) => post.nullcast === false)).toHaveLength(6);
      expect((await posts(id, { post_type: "DRAFT", ...all })).length).toBe(4);
      const scheduled = await posts(id, { post_type: "SCHEDULED", ...all });
      expect(scheduled).toHaveLength(3);
      for (const post of scheduled) {
        expect(Date.parse(String(post.scheduled_at))).toBeGreaterThan(Date.now() + 59 * 86_400_000);
      }
      // Media of each kind, a card, a video call to action, a reply, names.
      const kinds = new Set(
        nullcast.flatMap((post) => post.media_keys as string[]).map((key) => key.split("_")[0]),
      );
      expect([...kinds].sort()).toEqual(["13", "16", "3"]);
      expect(nullcast.some((post) => post.card_uri !== null)).toBe(true);
      expect(nullcast.some((post) => post.video_cta === "WATCH_NOW")).toBe(true);
      expect(nullcast.filter((post) => post.name !== null).length).toBeGreaterThanOrEqual(3);
      const reply = nullcast.find((post) => post.in_reply_to_post_id !== null);
      expect(reply).toMatchObject({
        in_reply_to_post_id: FRIEND_POST_ID,
        in_reply_to_user_id: DEMO.friend.id,
      });
      const created = nullcast.map((post) => Date.parse(String(post.created_at)));
      expect(Math.max(...created)).toBeLessThan(Date.now());
      expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(14 * 86_400_000);
    }
    // Defaults: NULLCAST, without the reply (seq 7).
    const defaults = await posts(FIRST.id, { post_type: "PUBLISHED" });
    expect(defaults.map((post) => post.id)).not.toContain(demoPostId(1, 7));
    expect(defaults).toHaveLength(7);
  });

  it("resolves mentions of the friend, and points the demo promoted posts at real posts", async () => {
    const [thanks] = await posts(FIRST.id, { post_type: "PUBLISHED", post_ids: demoPostId(1, 6) });
    expect(thanks?.entities).toMatchObject({
      user_mentions: [{ screen_name: DEMO.friend.screenName, id: DEMO.friend.id }],
    });
    const promoted = itemsOf(await demo.get(`/12/accounts/${FIRST.id}/promoted_posts`));
    const postIds = promoted.map((item) => String(item.post_id));
    expect(postIds.length).toBeGreaterThan(0);
    const found = await posts(FIRST.id, { post_type: "PUBLISHED", post_ids: postIds.join(",") });
    expect(found.map((post) => post.id).sort()).toEqual([...postIds].sort());
  });

  it("lets the demo user compose; the friend is promotable nowhere; media owners are set", async () => {
    const base = `/12/accounts/${SECOND.id}`;
    const key = (position: number) => `3_140000000000012${position}0`;
    const compose = (query: Query) =>
      demo.post(`${base}/post`, { query: { as_user_id: DEMO.user.id, ...query } });
    expect((await compose({ text: "From the demo user", media_keys: key(3) })).status).toBe(200);
    const notShared = await compose({ text: "x", media_keys: key(6) });
    expect(errorOf(notShared).parameter).toBe("media_keys");
    expect(dataOf(await compose({ text: "shared", media_keys: key(7) })).media_keys).toEqual([
      key(7),
    ]);
    const asFriend = await compose({ as_user_id: DEMO.friend.id, text: "x" });
    expect(errorOf(asFriend).parameter).toBe("as_user_id");
    const friendsPosts = await demo.get(`${base}/posts`, {
      post_type: "PUBLISHED",
      user_id: DEMO.friend.id,
    });
    expect(errorOf(friendsPosts).parameter).toBe("user_id");
    const user = await server.ctx.prisma.user.findUniqueOrThrow({ where: { id: DEMO.user.id } });
    expect(user.premium).toBe(true);
    const unowned = await server.ctx.prisma.mediaLibraryObject.count({
      where: { accountId: { in: DEMO.accounts.map((account) => account.id) }, ownerUserId: null },
    });
    expect(unowned).toBe(0);
  });

  it("runs the posts step once, also on a database seeded before posts existed", async () => {
    const ids = { in: DEMO.accounts.map((account) => account.id) };
    const prisma = server.ctx.prisma;
    // What a database seeded before issue 16 holds: no posts, no friend, no composer role.
    await prisma.post.deleteMany({});
    await prisma.mediaLibraryObject.deleteMany({ where: { ownerUserId: DEMO.friend.id } });
    await prisma.user.delete({ where: { id: DEMO.friend.id } });
    await prisma.account.updateMany({ where: { id: ids }, data: { promotableUserIds: [] } });
    await prisma.mediaLibraryObject.updateMany({
      where: { accountId: ids },
      data: { ownerUserId: null },
    });
    await prisma.accountGrant.updateMany({
      where: { accountId: ids },
      data: { permissions: ["ACCOUNT_ADMIN"] },
    });
    await prisma.user.update({ where: { id: DEMO.user.id }, data: { premium: false } });
    await prisma.meta.delete({ where: { key: "demo_posts" } });

    expect(await seedDemo(prisma, server.ctx.box)).toBe(false);
    expect(await prisma.post.count()).toBe(1 + 2 * 18);
    expect(await seedDemo(prisma, server.ctx.box)).toBe(false);
    expect(await prisma.post.count()).toBe(1 + 2 * 18);
    const grant = await prisma.accountGrant.findFirstOrThrow({
      where: { accountId: FIRST.id, userId: DEMO.user.id },
    });
    expect(grant.permissions.sort()).toEqual(["ACCOUNT_ADMIN", "POST_COMPOSER"]);
    expect(
      idsOf(await demo.get(`/12/accounts/${FIRST.id}/posts`, { post_type: "SCHEDULED" })),
    ).toHaveLength(3);
  });

  it("writes bench posts with media, deterministically", async () => {
    const options = {
      accountId: "benchP",
      campaigns: 0,
      fundingInstruments: 0,
      cards: 0,
      posts: 100,
      seed: 4,
      grantUserIds: [DEMO.user.id],
    };
    expect(await seedBench(server.ctx.prisma, options)).toMatchObject({ posts: 100 });
    const first = await posts("benchP", { post_type: "PUBLISHED" });
    expect(first).toHaveLength(100);
    for (const post of first) {
      expect((post.media_keys as string[]).length).toBeGreaterThan(0);
      expect(post.user).toMatchObject({ screen_name: DEMO.user.screenName });
    }
    await seedBench(server.ctx.prisma, options);
    const again = await posts("benchP", { post_type: "PUBLISHED" });
    expect(again.map(withoutMetrics)).toEqual(first.map(withoutMetrics));
  });
});

/** A post without its public metrics, which move with the clock. */
function withoutMetrics(post: Record<string, unknown>): Record<string, unknown> {
  const metrics = new Set(["favorite_count", "repost_count", "reply_count", "quote_count"]);
  return Object.fromEntries(Object.entries(post).filter(([name]) => !metrics.has(name)));
}
