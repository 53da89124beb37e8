import { adsPostSchema, draftPostSchema, getEndpoint, singleEnvelope } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import {
  bodyOf,
  cursorOf,
  dataOf,
  errorOf,
  errorsOf,
  idOf,
  idsOf,
  itemsOf,
  parametersOf,
} from "./support/bodies.js";
import { addOwnedMedia, createPostAccount, grant, storePost } from "./support/post-accounts.js";
import type { PostAccount } from "./support/post-accounts.js";
import { startTestServer, testClock } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { Query } from "./support/signed-fetch.js";

const LIST = getEndpoint("posts.list");
const CREATE = getEndpoint("posts.create");

describe.each(HTTP_TEST_ENGINES)(
  "advertising posts on %s (spec §4.7 GET posts, POST post)",
  (engine) => {
    const clock = testClock();
    let server: TestServer;
    let acc: PostAccount;
    let composer: Actor;

    beforeAll(async () => {
      server = await startTestServer(engine, { clock: clock.now });
      acc = await createPostAccount(server.ctx);
      composer = acc.composer;
    });
    afterAll(() => server.close());

    const create = (query: Query, actor: Actor = composer) =>
      actor.client.post(`${acc.base}/post`, { query: { as_user_id: composer.userId, ...query } });
    const list = (query: Query, actor: Actor = composer) =>
      actor.client.get(`${acc.base}/posts`, { post_type: "PUBLISHED", ...query });

    it("creates a promoted-only post: defaults, the catalog's shape, conversation_settings only on reads", async () => {
      const created = await create({ text: "Hello @nobody_here #launch https://example.com/a" });
      expect(created.status, created.text).toBe(200);
      const post = CREATE.response.schema.parse(bodyOf(created)).data;
      expect(bodyOf(created).data_type).toBe("post");
      expect(post).toMatchObject({
        post_type: "PUBLISHED",
        user_id: composer.userId,
        user: { id: composer.userId, screen_name: composer.screenName, name: composer.screenName },
        text: "Hello @nobody_here #launch https://example.com/a",
        full_text: "Hello @nobody_here #launch https://example.com/a",
        truncated: false,
        nullcast: true,
        name: null,
        card_uri: null,
        media_keys: [],
        scheduled_at: null,
        in_reply_to_post_id: null,
        in_reply_to_user_id: null,
        lang: "en",
        video_cta: null,
        video_title: null,
      });
      expect(post.id).toBe(post.post_id);
      expect(post.id).toMatch(/^\d{18,19}$/);
      expect(post).not.toHaveProperty("conversation_settings");
      expect(post.entities).toEqual({
        hashtags: [{ text: "launch", indices: [19, 26] }],
        symbols: [],
        // nobody has that name: no id
        user_mentions: [{ screen_name: "nobody_here", indices: [6, 18] }],
        urls: [
          {
            url: "https://example.com/a",
            expanded_url: "https://example.com/a",
            display_url: "example.com/a",
            indices: [27, 48],
          },
        ],
      });
      const listed = itemsOf(await list({ post_ids: post.id }));
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id: post.id, conversation_settings: "EVERYONE" });
      const row = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id: post.id } });
      expect(row).toMatchObject({ accountId: acc.accountId, authorId: composer.userId });
    });

    it("stores conversation_settings and name; trim_user and post_mode shape the answer", async () => {
      const long = `${"é".repeat(139)}ab #tail`;
      const compat = await create({
        text: long,
        post_mode: "compat",
        trim_user: true,
        conversation_settings: "FOLLOWING",
        name: "Compat one",
      });
      const shown = dataOf(compat);
      expect(shown.user).toEqual({ id: composer.userId });
      expect(shown.text).toBe(`${"é".repeat(139)}a…`);
      expect(shown.truncated).toBe(true);
      expect(shown).not.toHaveProperty("full_text");
      // the hashtag lies past the cut: compat text carries no entity it does not show
      expect(shown.entities).toMatchObject({ hashtags: [] });
      const extended = dataOf(await create({ text: long, post_mode: "extended" }));
      expect(extended).toMatchObject({ text: long, full_text: long, truncated: false });
      const read = itemsOf(await list({ post_ids: String(shown.id), trim_user: true }))[0];
      expect(read).toMatchObject({
        text: long,
        full_text: long,
        name: "Compat one",
        conversation_settings: "FOLLOWING",
        user: { id: composer.userId },
      });
      expect(read?.user).toEqual({ id: composer.userId });
    });

    it("takes as_user_id only among the account's promotable users, organic posts only as oneself", async () => {
      const stranger = await createActor(server.ctx);
      const notPromotable = await create({ as_user_id: stranger.userId, text: "x" });
      expect(notPromotable.status).toBe(400);
      expect(errorOf(notPromotable)).toMatchObject({
        code: "INVALID_PARAMETER",
        parameter: "as_user_id",
      });
      // A second promotable user the composer may post as, but not organically.
      const brand = await createActor(server.ctx);
      await server.ctx.prisma.account.update({
        where: { id: acc.accountId },
        data: { promotableUserIds: [composer.userId, brand.userId] },
      });
      const asBrand = await create({ as_user_id: brand.userId, text: "promoted-only as brand" });
      expect(dataOf(asBrand)).toMatchObject({ user_id: brand.userId, nullcast: true });
      const organicAsBrand = await create({
        as_user_id: brand.userId,
        text: "organic as brand",
        nullcast: false,
      });
      expect(organicAsBrand.status).toBe(400);
      expect(errorOf(organicAsBrand)).toMatchObject({
        code: "INVALID_PARAMETER",
        parameter: "nullcast",
      });
      expect(errorOf(organicAsBrand).message).toMatch(/only be made as the authenticated user/);
      const organic = await create({ text: "organic as me", nullcast: false });
      expect(dataOf(organic)).toMatchObject({ nullcast: false, user_id: composer.userId });
      await server.ctx.prisma.account.update({
        where: { id: acc.accountId },
        data: { promotableUserIds: [composer.userId] },
      });
    });

    it("holds at most 4 images, or 1 GIF, or 1 video, from the library, usable by the author", async () => {
      const [a = "", b = "", c = "", d = "", e = ""] = acc.images;
      const [v1 = "", v2 = ""] = acc.videos;
      expect(dataOf(await create({ media_keys: [a, b, c, d].join(",") })).media_keys).toEqual([
        a,
        b,
        c,
        d,
      ]);
      expect(dataOf(await create({ media_keys: acc.gif })).media_keys).toEqual([acc.gif]);
      for (const keys of [
        [a, b, c, d, e],
        [v1, v2],
        [a, acc.gif],
        [v1, a],
      ]) {
        const refused = await create({ text: "media", media_keys: keys.join(",") });
        expect(refused.status, keys.join(",")).toBe(400);
        expect(parametersOf(refused)).toEqual(["media_keys"]);
        expect(errorOf(refused).code).toBe("TOO_MANY_ITEMS");
      }
      const other = await createAccountFor(server.ctx, composer.userId);
      const elsewhere = await addOwnedMedia(server.ctx, other.accountId, "IMAGE", composer.userId);
      const notInLibrary = await create({ text: "x", media_keys: elsewhere });
      expect(errorOf(notInLibrary)).toMatchObject({
        code: "INVALID_PARAMETER",
        parameter: "media_keys",
      });
      expect(errorOf(notInLibrary).message).toContain("not in the account's media library");
      const uploader = await createActor(server.ctx);
      const theirs = await addOwnedMedia(server.ctx, acc.accountId, "IMAGE", uploader.userId);
      const notShared = await create({ text: "x", media_keys: theirs });
      expect(errorOf(notShared).parameter).toBe("media_keys");
      expect(errorOf(notShared).message).toContain("additional_owners");
      await server.ctx.prisma.mediaLibraryObject.update({
        where: { mediaKey: theirs },
        data: { additionalOwners: [composer.userId] },
      });
      expect(dataOf(await create({ text: "shared", media_keys: theirs })).media_keys).toEqual([
        theirs,
      ]);
      const missingText = await create({});
      expect(errorOf(missingText)).toMatchObject({ code: "MISSING_PARAMETER", parameter: "text" });
    });

    it("takes video fields with a video only, and a card of the account", async () => {
      const [v1 = ""] = acc.videos;
      const video = await create({
        media_keys: v1,
        video_cta: "VISIT_SITE",
        video_cta_value: "https://example.com/site",
        video_title: "Title",
        video_description: "Description",
        card_uri: acc.cardUri,
      });
      expect(dataOf(video)).toMatchObject({
        video_cta: "VISIT_SITE",
        video_cta_value: "https://example.com/site",
        video_title: "Title",
        video_description: "Description",
        card_uri: acc.cardUri,
        text: "",
      });
      const withImage = await create({
        text: "x",
        media_keys: acc.images[0] ?? "",
        video_cta: "WATCH_NOW",
        video_cta_value: "https://example.com/w",
      });
      expect(parametersOf(withImage)).toEqual(["video_cta", "video_cta_value"]);
      expect(parametersOf(await create({ text: "x", video_title: "T" }))).toEqual(["video_title"]);
      const other = await createPostAccount(server.ctx, composer);
      const foreignCard = await create({ text: "x", card_uri: other.cardUri });
      expect(errorOf(foreignCard)).toMatchObject({
        code: "INVALID_PARAMETER",
        parameter: "card_uri",
      });
    });

    describe("the list", () => {
      let feed: PostAccount;
      let author: Actor;
      const ids: Record<string, string> = {};

      beforeAll(async () => {
        feed = await createPostAccount(server.ctx);
        author = feed.composer;
        const other = await createPostAccount(server.ctx, author);
        const add = async (key: string, input: Parameters<typeof storePost>[1]) => {
          ids[key] = (await storePost(server.ctx, input)).id;
        };
        const mine = {
          authorId: author.userId,
          accountId: feed.accountId,
          postType: "PUBLISHED",
        } as const;
        await add("nullcast", { ...mine, text: "Promoted only", nullcast: true, name: "100% off" });
        await add("nullcastOther", {
          ...mine,
          accountId: other.accountId,
          text: "promoted elsewhere",
          nullcast: true,
        });
        await add("organic", { ...mine, text: "Organic here", nullcast: false, name: "100x off" });
        await add("organicOther", {
          ...mine,
          accountId: other.accountId,
          text: "organic elsewhere",
          nullcast: false,
        });
        await add("organicApi", { ...mine, accountId: null, text: "organic via v2" });
        await add("mention", { ...mine, text: "@someone hello", nullcast: true, name: "a_b" });
        await add("midMention", { ...mine, text: "hello @someone", nullcast: true, name: "axb" });
        await add("notMention", { ...mine, text: "@ spaced out", nullcast: true });
        const parent = await storePost(server.ctx, { ...mine, text: "parent", nullcast: true });
        ids.parent = parent.id;
        await add("reply", { ...mine, text: "a reply", nullcast: true, inReplyTo: parent });
        const stranger = await createActor(server.ctx);
        await add("byStranger", { ...mine, authorId: stranger.userId, text: "not the author" });
        await add("draft", { ...mine, postType: "DRAFT", text: "a draft", nullcast: true });
      });

      const listed = async (query: Query) => {
        const response = await feed.composer.client.get(`${feed.base}/posts`, {
          post_type: "PUBLISHED",
          ...query,
        });
        expect(response.status, response.text).toBe(200);
        LIST.response.schema.parse(bodyOf(response));
        return idsOf(response);
      };

      it("needs post_type; defaults to the full promotable user, NULLCAST, no mentions or replies, newest first", async () => {
        const missing = await feed.composer.client.get(`${feed.base}/posts`);
        expect(errorOf(missing)).toMatchObject({
          code: "MISSING_PARAMETER",
          parameter: "post_type",
        });
        expect(await listed({})).toEqual([
          ids.parent,
          ids.notMention,
          ids.midMention,
          ids.nullcast,
        ]);
      });

      it("filters by timeline_type through the nullcast flag, whatever account made organic posts", async () => {
        expect(await listed({ timeline_type: "ORGANIC" })).toEqual([
          ids.organicApi,
          ids.organicOther,
          ids.organic,
        ]);
        expect(await listed({ timeline_type: "ALL" })).toEqual([
          ids.parent,
          ids.notMention,
          ids.midMention,
          ids.organicApi,
          ids.organicOther,
          ids.organic,
          ids.nullcast,
        ]);
      });

      it("includes mentions and replies when asked", async () => {
        expect(await listed({ include_mentions_and_replies: true })).toEqual([
          ids.reply,
          ids.parent,
          ids.notMention,
          ids.midMention,
          ids.mention,
          ids.nullcast,
        ]);
      });

      it("filters by name prefix (case-insensitive, % and _ literal) and by post_ids", async () => {
        const all = { timeline_type: "ALL", include_mentions_and_replies: true } as const;
        expect(await listed({ ...all, name: "100%" })).toEqual([ids.nullcast]);
        expect(await listed({ ...all, name: "100" })).toEqual([ids.organic, ids.nullcast]);
        expect(await listed({ ...all, name: "%" })).toEqual([]);
        expect(await listed({ ...all, name: "A_" })).toEqual([ids.mention]);
        expect(await listed({ ...all, name: "_" })).toEqual([]);
        expect(
          await listed({ ...all, post_ids: [ids.organic, ids.draft, ids.byStranger].join(",") }),
        ).toEqual([ids.organic]);
      });

      it("takes user_id among the promotable users only, and trims the user when asked", async () => {
        const stranger = await createActor(server.ctx);
        const refused = await feed.composer.client.get(`${feed.base}/posts`, {
          post_type: "PUBLISHED",
          user_id: stranger.userId,
        });
        expect(refused.status).toBe(400);
        expect(errorOf(refused)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "user_id" });
        const full = itemsOf(
          await feed.composer.client.get(`${feed.base}/posts`, {
            post_type: "PUBLISHED",
            user_id: author.userId,
          }),
        );
        expect(full[0]?.user).toEqual({
          id: author.userId,
          screen_name: author.screenName,
          name: author.screenName,
        });
        const trimmed = itemsOf(
          await feed.composer.client.get(`${feed.base}/posts`, {
            post_type: "PUBLISHED",
            trim_user: true,
          }),
        );
        expect(trimmed.map((post) => post.user)).toEqual(
          trimmed.map(() => ({ id: author.userId })),
        );
      });

      it("pages with count and cursor, newest first, each post once", async () => {
        const query = { timeline_type: "ALL", include_mentions_and_replies: true, count: 3 };
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await feed.composer.client.get(`${feed.base}/posts`, {
            post_type: "PUBLISHED",
            ...query,
            ...(cursor === undefined ? {} : { cursor }),
          });
          expect(itemsOf(page).length).toBeLessThanOrEqual(3);
          seen.push(...idsOf(page));
          cursor = cursorOf(page);
          pages += 1;
        } while (cursor !== undefined);
        expect(pages).toBe(3);
        expect(seen).toEqual(
          await listed({ timeline_type: "ALL", include_mentions_and_replies: true }),
        );
        expect(new Set(seen).size).toBe(9);
      });

      it("shows drafts with every §2.7 field", async () => {
        const drafts = itemsOf(
          await feed.composer.client.get(`${feed.base}/posts`, { post_type: "DRAFT" }),
        );
        expect(drafts.map((draft) => draft.id)).toEqual([ids.draft]);
        const draft = draftPostSchema.parse(drafts[0]);
        expect(adsPostSchema.parse(drafts[0])).toMatchObject({ post_type: "DRAFT" });
        expect(draft).toMatchObject({
          user_id: author.userId,
          name: null,
          text: "a draft",
          nullcast: true,
          card_uri: null,
          media_keys: [],
        });
      });

      it("grows public metrics as the clock moves; drafts stay at zero", async () => {
        const counts = async () => {
          const [post] = itemsOf(
            await feed.composer.client.get(`${feed.base}/posts`, {
              post_type: "PUBLISHED",
              post_ids: ids.nullcast,
            }),
          );
          return [
            post?.favorite_count,
            post?.repost_count,
            post?.reply_count,
            post?.quote_count,
          ].map(Number);
        };
        const before = await counts();
        clock.advance(30 * 86_400_000);
        const after = await counts();
        expect(after.reduce((sum, value) => sum + value, 0)).toBeGreaterThan(
          before.reduce((sum, value) => sum + value, 0),
        );
        for (const [index, value] of after.entries()) {
          expect(value).toBeGreaterThanOrEqual(before[index] ?? 0);
        }
        const [draft] = itemsOf(
          await feed.composer.client.get(`${feed.base}/posts`, { post_type: "DRAFT" }),
        );
        expect(draft).toMatchObject({ favorite_count: 0, repost_count: 0, reply_count: 0 });
      });

      it("names a published post the account sees (404 for others)", async () => {
        const renamed = await feed.composer.client.put(
          `${feed.base}/posts/${ids.organicOther}/name`,
          {
            query: { name: "Renamed organic" },
          },
        );
        expect(renamed.status, renamed.text).toBe(200);
        const post = singleEnvelope(adsPostSchema).parse(bodyOf(renamed)).data;
        expect(post).toMatchObject({ id: ids.organicOther, name: "Renamed organic" });
        expect(post.conversation_settings).toBe("EVERYONE");
        for (const id of [ids.nullcastOther, ids.draft, ids.byStranger, "1234567890123456789"]) {
          const refused = await feed.composer.client.put(`${feed.base}/posts/${id ?? ""}/name`, {
            query: { name: "x" },
          });
          expect(refused.status, id).toBe(404);
          expect(errorOf(refused).parameter).toBe("post_id");
        }
        const noName = await feed.composer.client.put(`${feed.base}/posts/${ids.nullcast}/name`);
        expect(errorsOf(noName).map((error) => error.parameter)).toEqual(["name"]);
      });
    });

    it("lets a CREATIVE_MANAGER list but not compose without POST_COMPOSER", async () => {
      const creative = await createActor(server.ctx);
      await grant(server.ctx, acc.accountId, creative, ["CREATIVE_MANAGER"]);
      expect((await list({}, creative)).status).toBe(200);
      const refused = await create({ text: "no" }, creative);
      expect(refused.status).toBe(403);
      expect(errorOf(refused).code).toBe("UNAUTHORIZED_ACCESS");
      await grant(server.ctx, acc.accountId, creative, ["CREATIVE_MANAGER", "POST_COMPOSER"]);
      const allowed = await create({ text: "now I may" }, creative);
      expect(allowed.status, allowed.text).toBe(200);
      expect(idOf(allowed)).toMatch(/^\d+$/);
    });
  },
);
