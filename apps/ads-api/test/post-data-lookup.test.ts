import { LIMITS, MEDIA_FIELDS, POST_FIELDS, formatTimestamp } from "@adsgraph/models";
import type { DataPost, MediaField, PostField } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaLibraryObject } from "../src/services/media-admin.js";
import { RESOURCE_NOT_FOUND_TYPE } from "../src/services/post-data-lookup.js";
import { publicMetricsOf, viewCountOf } from "../src/services/post-metrics.js";
import { insertPost } from "../src/services/post-store.js";
import type { MediaLibraryObject } from "../src/generated/prisma/client.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf } from "./support/bodies.js";
import {
  appBearer,
  createPost,
  getPost,
  getPostRaw,
  lookup,
  lookupRaw,
  mediaIdOf,
  movableClock,
} from "./support/post-data.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const keysOf = (value: object) => Object.keys(value).sort();

describe.each(HTTP_TEST_ENGINES)(
  "post-data API: GET /2/posts on %s (spec §4.9, §2.12)",
  (engine) => {
    const clock = movableClock();
    let server: TestServer;
    let author: Actor;
    let fan: Actor;
    let bearer: string;
    let accountId: string;
    let image: MediaLibraryObject;
    let video: MediaLibraryObject;
    let gif: MediaLibraryObject;
    /** Ids of the posts below. */
    const P = {
      quoted: "", // by the fan, plain text
      root: "", // by the author, mentions the fan, hashtag and URL
      rich: "", // replies to root, quotes `quoted`, carries the image
      quoteAgain: "", // quotes `quoted` too
      videoPost: "",
      gifPost: "",
      draft: "",
      scheduled: "",
      due: "",
      nullcast: "",
      quotesDraft: "",
    };

    beforeAll(async () => {
      server = await startTestServer(engine, { clock: clock.now });
      author = await createActor(server.ctx);
      fan = await createActor(server.ctx);
      bearer = await appBearer(server, author);
      ({ accountId } = await createAccountFor(server.ctx, author.userId));
      const media = (mediaType: "IMAGE" | "VIDEO" | "GIF", width: number, height: number) =>
        createMediaLibraryObject(server.ctx.prisma, {
          accountId,
          mediaType,
          width,
          height,
          durationMs: mediaType === "VIDEO" ? 15_000 : undefined,
          ownerUserId: author.userId,
        });
      image = await media("IMAGE", 1200, 628);
      video = await media("VIDEO", 1280, 720);
      gif = await media("GIF", 480, 270);

      const id = async (actor: Actor, json: unknown) => (await createPost(actor, json)).data.id;
      P.quoted = await id(fan, { text: "words of the fan" });
      P.root = await id(author, {
        text: `hello @${fan.screenName} #launch https://example.com/page`,
      });
      P.rich = await id(author, {
        text: `more for @${fan.screenName}`,
        reply: { in_reply_to_post_id: P.root },
        quote_post_id: P.quoted,
        media: { media_ids: [mediaIdOf(image.mediaKey)] },
      });
      P.quoteAgain = await id(author, { text: "again", quote_post_id: P.quoted });
      P.videoPost = await id(author, {
        text: "watch",
        media: { media_ids: [mediaIdOf(video.mediaKey)] },
      });
      P.gifPost = await id(author, { media: { media_ids: [mediaIdOf(gif.mediaKey)] } });
      const stored = (input: Partial<Parameters<typeof insertPost>[1]>) =>
        insertPost(server.ctx.prisma, {
          postType: "PUBLISHED",
          authorId: author.userId,
          accountId,
          text: "stored",
          at: clock.now(),
          ...input,
        }).then((post) => post.id);
      P.draft = await stored({ postType: "DRAFT", text: "a draft" });
      P.scheduled = await stored({
        postType: "SCHEDULED",
        text: "later",
        // Far ahead: tests below move the clock.
        scheduledAt: new Date(clock.now().getTime() + 30 * 24 * 3_600_000),
      });
      P.due = await stored({
        postType: "SCHEDULED",
        text: "due now",
        scheduledAt: new Date(clock.now().getTime() - 60_000),
      });
      P.nullcast = await stored({ text: "promoted only", nullcast: true });
      P.quotesDraft = await stored({ text: "quotes a draft", quotedPostId: P.draft });
    });
    afterAll(() => server.close());

    const one = async (query: Record<string, string>): Promise<DataPost> => {
      const body = await lookup(server, bearer, query);
      const [post] = body.data ?? [];
      if (post === undefined) throw new Error(`no post in ${JSON.stringify(body)}`);
      return post;
    };

    it("answers id and text only by default, nothing else in the body", async () => {
      const body = await lookup(server, bearer, { ids: P.rich });
      expect(body).toEqual({ data: [{ id: P.rich, text: `more for @${fan.screenName}` }] });
    });

    describe("each post.fields name adds exactly its field", () => {
      /** What each field shows on `rich` (a reply with a quote, media and entities). */
      const expected = (): Record<PostField, unknown> => ({
        attachments: { media_keys: [image.mediaKey] },
        author_id: author.userId,
        context_annotations: undefined, // no annotations in this service: never shown
        conversation_id: P.root,
        created_at: undefined, // checked below: the stored creation time
        edit_history_post_ids: [P.rich],
        entities: {
          mentions: [
            { start: 9, end: 10 + fan.screenName.length, username: fan.screenName, id: fan.userId },
          ],
        },
        id: undefined, // always there
        in_reply_to_user_id: author.userId,
        lang: "en",
        possibly_sensitive: false,
        public_metrics: undefined, // checked below: it grows with the clock
        referenced_tweets: [
          { type: "replied_to", id: P.root },
          { type: "quoted", id: P.quoted },
        ],
        text: undefined, // always there
      });

      it.each(POST_FIELDS.map((field) => ({ field })))("$field", async ({ field }) => {
        const post = await one({ ids: P.rich, "post.fields": field });
        const value = expected()[field];
        const adds = field !== "id" && field !== "text" && field !== "context_annotations";
        expect(keysOf(post)).toEqual(["id", "text", ...(adds ? [field] : [])].sort());
        const stored = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id: P.rich } });
        if (field === "public_metrics") {
          expect(post.public_metrics).toEqual(publicMetricsOf(stored, clock.now()));
        } else if (field === "created_at") {
          expect(post.created_at).toBe(formatTimestamp(stored.createdAt));
          expect(post.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        } else if (adds) {
          expect(post[field]).toEqual(value);
        }
      });

      it.each(["attachments", "entities", "in_reply_to_user_id", "referenced_tweets"] as const)(
        "%s is left out of a post that has none",
        async (field) => {
          const post = await one({ ids: P.quoted, "post.fields": field });
          expect(keysOf(post)).toEqual(["id", "text"]);
        },
      );

      it("every field at once; entities keep hashtags and URLs with code-point offsets", async () => {
        const post = await one({ ids: P.root, "post.fields": POST_FIELDS.join(",") });
        expect(keysOf(post)).toEqual(
          [
            "author_id",
            "conversation_id",
            "created_at",
            "edit_history_post_ids",
            "entities",
            "id",
            "lang",
            "possibly_sensitive",
            "public_metrics",
            "text",
          ].sort(),
        );
        const mentionEnd = 7 + fan.screenName.length;
        expect(post.entities).toEqual({
          mentions: [{ start: 6, end: mentionEnd, username: fan.screenName, id: fan.userId }],
          hashtags: [{ start: mentionEnd + 1, end: mentionEnd + 8, tag: "launch" }],
          urls: [
            {
              start: mentionEnd + 9,
              end: mentionEnd + 9 + "https://example.com/page".length,
              url: "https://example.com/page",
              expanded_url: "https://example.com/page",
              display_url: "example.com/page",
            },
          ],
        });
        expect(post.conversation_id).toBe(P.root);
      });
    });

    describe("each expansion adds its includes and the field it follows, nothing else", () => {
      const cases = [
        {
          expansion: "attachments.media_keys",
          field: "attachments",
          includes: () => ({ media: [{ media_key: image.mediaKey, type: "photo" }] }),
        },
        {
          expansion: "author_id",
          field: "author_id",
          includes: () => ({
            users: [{ id: author.userId, name: author.screenName, username: author.screenName }],
          }),
        },
        {
          expansion: "in_reply_to_user_id",
          field: "in_reply_to_user_id",
          includes: () => ({
            users: [{ id: author.userId, name: author.screenName, username: author.screenName }],
          }),
        },
        {
          expansion: "referenced_tweets.id",
          field: "referenced_tweets",
          includes: () => ({
            posts: [
              { id: P.root, text: `hello @${fan.screenName} #launch https://example.com/page` },
              { id: P.quoted, text: "words of the fan" },
            ],
          }),
        },
      ];

      it.each(cases)("$expansion", async ({ expansion, field, includes }) => {
        const body = await lookup(server, bearer, { ids: P.rich, expansions: expansion });
        expect(keysOf(body)).toEqual(["data", "includes"]);
        expect(keysOf(body.data?.[0] ?? {})).toEqual(["id", "text", field].sort());
        expect(body.includes).toEqual(includes());
      });

      it("an expansion with nothing to expand adds no includes", async () => {
        const body = await lookup(server, bearer, {
          ids: P.quoted,
          expansions: "attachments.media_keys,in_reply_to_user_id,referenced_tweets.id",
        });
        expect(body).toEqual({ data: [{ id: P.quoted, text: "words of the fan" }] });
      });

      it("objects in includes appear once; referenced posts carry the asked post.fields", async () => {
        const body = await lookup(server, bearer, {
          ids: `${P.rich},${P.quoteAgain},${P.root}`,
          expansions: "author_id,in_reply_to_user_id,referenced_tweets.id",
          "post.fields": "author_id",
        });
        expect(body.data?.map((post) => post.id)).toEqual([P.rich, P.quoteAgain, P.root]);
        expect(body.includes?.users?.map((user) => user.id)).toEqual([author.userId]);
        expect(body.includes?.posts).toEqual([
          {
            id: P.root,
            text: `hello @${fan.screenName} #launch https://example.com/page`,
            author_id: author.userId,
          },
          { id: P.quoted, text: "words of the fan", author_id: fan.userId },
        ]);
      });

      it("includes only readable referenced posts", async () => {
        const body = await lookup(server, bearer, {
          ids: P.quotesDraft,
          expansions: "referenced_tweets.id",
        });
        expect(body.data?.[0]?.referenced_tweets).toEqual([{ type: "quoted", id: P.draft }]);
        expect(body.includes).toBeUndefined();
      });
    });

    describe("media.fields and user.fields", () => {
      /** Every media field of each kind: what the library holds, a video's views. */
      const full = (media: MediaLibraryObject) => {
        const kinds = { IMAGE: "photo", VIDEO: "video", GIF: "animated_gif" } as const;
        const isVideo = media.mediaType === "VIDEO";
        return {
          media_key: media.mediaKey,
          type: kinds[media.mediaType as keyof typeof kinds],
          height: media.height,
          width: media.width,
          ...(isVideo
            ? {
                duration_ms: 15_000,
                preview_image_url: media.posterMediaUrl,
                public_metrics: {
                  view_count: viewCountOf(media.mediaKey, media.createdAt, clock.now()),
                },
              }
            : { url: media.mediaUrl }),
        };
      };

      it("all media fields: photos and GIFs have a url, videos a duration, poster and views", async () => {
        clock.advance(90 * 60_000); // views grow with time
        const body = await lookup(server, bearer, {
          ids: `${P.rich},${P.videoPost},${P.gifPost}`,
          expansions: "attachments.media_keys",
          "media.fields": MEDIA_FIELDS.join(","),
        });
        expect(body.includes).toEqual({
          media: [full(image), full(video), full(gif)],
        });
        const views = body.includes?.media?.[1]?.public_metrics?.view_count ?? 0;
        expect(views).toBeGreaterThan(0);
      });

      it.each(MEDIA_FIELDS.map((field) => ({ field })))(
        "media.fields=$field alone",
        async ({ field }) => {
          const body = await lookup(server, bearer, {
            ids: `${P.rich},${P.videoPost},${P.gifPost}`,
            expansions: "attachments.media_keys",
            "media.fields": field,
          });
          const fulls = [full(image), full(video), full(gif)];
          const only = (item: Record<string, unknown>, name: MediaField) => ({
            media_key: item.media_key,
            type: item.type,
            ...(item[name] === undefined ? {} : { [name]: item[name] }),
          });
          expect(body.includes?.media).toEqual(fulls.map((item) => only(item, field)));
        },
      );

      it("user.fields=created_at adds the user's creation time", async () => {
        const user = await server.ctx.prisma.user.findUniqueOrThrow({ where: { id: fan.userId } });
        const body = await lookup(server, bearer, {
          ids: P.quoted,
          expansions: "author_id",
          "user.fields": "created_at,id,name,username",
        });
        expect(body.includes).toEqual({
          users: [
            {
              id: fan.userId,
              name: fan.screenName,
              username: fan.screenName,
              created_at: formatTimestamp(user.createdAt),
            },
          ],
        });
      });
    });

    it.each([
      { name: "post.fields", value: "author_id,bogus", parameter: "post.fields[1]", bad: "bogus" },
      {
        name: "expansions",
        value: "geo.place_id",
        parameter: "expansions[0]",
        bad: "geo.place_id",
      },
      { name: "media.fields", value: "alt_text", parameter: "media.fields[0]", bad: "alt_text" },
      { name: "user.fields", value: "name,verified", parameter: "user.fields[1]", bad: "verified" },
    ])("an unknown name in $name is a 400 naming the list and the value", async (c) => {
      const response = await lookupRaw(
        server,
        { ids: P.rich, [c.name]: c.value },
        `Bearer ${bearer}`,
      );
      expect(response.status, response.text).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: "INVALID_PARAMETER",
        parameter: c.parameter,
      });
      expect(errorOf(response).message).toContain(`"${c.bad}"`);
    });

    it("an unknown fields list (place.fields) is an unknown parameter", async () => {
      const response = await lookupRaw(
        server,
        { ids: P.rich, "place.fields": "name" },
        `Bearer ${bearer}`,
      );
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: "UNKNOWN_PARAMETER",
        parameter: "place.fields",
      });
    });

    describe("what is readable", () => {
      it("missing ids, drafts and scheduled posts are errors; order kept, each id once", async () => {
        const body = await lookup(server, bearer, {
          ids: ["1", P.draft, P.rich, P.scheduled, P.rich, "1", P.quoted].join(","),
        });
        expect(body.data?.map((post) => post.id)).toEqual([P.rich, P.quoted]);
        expect(body.errors).toEqual(
          ["1", P.draft, P.scheduled].map((id) => ({
            value: id,
            detail: `Could not find post with ids: [${id}].`,
            title: "Not Found Error",
            resource_type: "post",
            parameter: "ids",
            resource_id: id,
            type: RESOURCE_NOT_FOUND_TYPE,
          })),
        );
        expect(keysOf(body)).toEqual(["data", "errors"]);
      });

      it("leaves data out when nothing was found", async () => {
        const body = await lookup(server, bearer, { ids: `${P.draft},2`, expansions: "author_id" });
        expect(keysOf(body)).toEqual(["errors"]);
        expect(body.errors).toHaveLength(2);
      });

      it("a scheduled post whose time has come is published; promoted-only posts are readable", async () => {
        const body = await lookup(server, bearer, {
          ids: `${P.due},${P.nullcast}`,
          "post.fields": "created_at",
        });
        expect(body.data?.map((post) => [post.id, post.text])).toEqual([
          [P.due, "due now"],
          [P.nullcast, "promoted only"],
        ]);
        const due = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id: P.due } });
        expect(due.postType).toBe("PUBLISHED");
        expect(body.data?.[0]?.created_at).toBe(formatTimestamp(due.scheduledAt ?? new Date(0)));
      });

      it(`takes ${LIMITS.postLookupIds} ids, not one more (400 TOO_MANY_IDS)`, async () => {
        const others = Array.from({ length: LIMITS.postLookupIds - 1 }, (_, i) => String(10 + i));
        const body = await lookup(server, bearer, { ids: [P.rich, ...others].join(",") });
        expect(body.data?.map((post) => post.id)).toEqual([P.rich]);
        expect(body.errors).toHaveLength(LIMITS.postLookupIds - 1);
        const tooMany = await lookupRaw(
          server,
          { ids: [P.rich, ...others, "5"].join(",") },
          `Bearer ${bearer}`,
        );
        expect(tooMany.status).toBe(400);
        expect(errorOf(tooMany)).toMatchObject({ code: "TOO_MANY_IDS", parameter: "ids" });
      });
    });

    describe("who may read: the app-only bearer token (spec §5) or user context (issue 33)", () => {
      it("OAuth 1.0a user context reads what the app-only bearer token reads", async () => {
        const query = { ids: `${P.rich},${P.draft}`, expansions: "author_id" };
        const asApp = await lookupRaw(server, query, `Bearer ${bearer}`);
        expect(asApp.status).toBe(200);
        for (const actor of [author, fan]) {
          const asUser = await actor.client.get("/2/posts", query, "base");
          expect(asUser.status, asUser.text).toBe(200);
          expect(asUser.body).toEqual(asApp.body);
        }
      });

      it("a user's reads count against the user's token, the bearer's against the app", async () => {
        const reader = await createActor(server.ctx);
        const readerBearer = await appBearer(server, reader);
        const remaining = (response: { headers: Headers }) =>
          Number(response.headers.get("x-rate-limit-remaining"));
        const asUser = await reader.client.get("/2/posts", { ids: P.rich }, "base");
        const limit = Number(asUser.headers.get("x-rate-limit-limit"));
        expect(limit).toBeGreaterThan(2);
        expect(remaining(asUser)).toBe(limit - 1);
        const asApp = await lookupRaw(server, { ids: P.rich }, `Bearer ${readerBearer}`);
        expect(remaining(asApp)).toBe(limit - 1);
        // The single read is of the same family.
        const again = await reader.client.get(`/2/posts/${P.rich}`, {}, "base");
        expect(remaining(again)).toBe(limit - 2);
      });

      it("no credentials, a bad signature or an unknown bearer token: 401", async () => {
        expect((await lookupRaw(server, { ids: P.rich }, undefined)).status).toBe(401);
        const forged = await lookupRaw(
          server,
          { ids: P.rich },
          `OAuth oauth_consumer_key="${author.consumerKey}", oauth_token="${author.credentials.token?.token ?? ""}", oauth_signature_method="HMAC-SHA1", oauth_timestamp="${Math.floor(Date.now() / 1000)}", oauth_nonce="forged1", oauth_version="1.0", oauth_signature="bm90LWEtc2lnbmF0dXJl"`,
        );
        expect(forged.status).toBe(401);
        const unknown = await lookupRaw(server, { ids: P.rich }, "Bearer not-a-token");
        expect(unknown.status).toBe(401);
        expect(errorOf(unknown).code).toBe(89);
        expect((await getPostRaw(server, P.rich, {}, undefined)).status).toBe(401);
      });
    });

    describe("GET /2/posts/:id (beyond the spec: the vendor's GET /2/tweets/:id)", () => {
      it("answers the post as data: id and text by default, nothing else", async () => {
        expect(await getPost(server, bearer, P.rich)).toEqual({
          data: { id: P.rich, text: `more for @${fan.screenName}` },
        });
      });

      it("takes the lookup's fields and expansions and answers what the lookup answers", async () => {
        const query = {
          "post.fields": "author_id,created_at,referenced_tweets",
          expansions: "attachments.media_keys,author_id,referenced_tweets.id",
          "media.fields": "url,width",
          "user.fields": "created_at",
        };
        const single = await getPost(server, bearer, P.rich, query);
        const many = await lookup(server, bearer, { ids: P.rich, ...query });
        expect(keysOf(single)).toEqual(["data", "includes"]);
        expect(single.data).toEqual(many.data?.[0]);
        expect(single.includes).toEqual(many.includes);
        expect(single.includes?.media?.map((item) => item.media_key)).toEqual([image.mediaKey]);
        expect(single.includes?.posts?.map((post) => post.id)).toEqual([P.root, P.quoted]);
      });

      it("user context reads the same post", async () => {
        const response = await fan.client.get(
          `/2/posts/${P.rich}`,
          { expansions: "author_id" },
          "base",
        );
        expect(response.status, response.text).toBe(200);
        expect(response.body).toEqual(
          await getPost(server, bearer, P.rich, { expansions: "author_id" }),
        );
      });

      it.each([
        { what: "an unknown id", id: () => "1" },
        { what: "a draft", id: () => P.draft },
        { what: "a scheduled post", id: () => P.scheduled },
      ])("$what: 200 with one errors item naming `id`, and no data", async ({ id }) => {
        const postId = id();
        const body = await getPost(server, bearer, postId, { expansions: "author_id" });
        expect(body).toEqual({
          errors: [
            {
              value: postId,
              detail: `Could not find post with id: [${postId}].`,
              title: "Not Found Error",
              resource_type: "post",
              parameter: "id",
              resource_id: postId,
              type: RESOURCE_NOT_FOUND_TYPE,
            },
          ],
        });
      });

      it.each([
        { id: "12ab", query: {}, parameter: "id", code: "INVALID_PARAMETER" },
        {
          id: undefined,
          query: { "post.fields": "bogus" },
          parameter: "post.fields[0]",
          code: "INVALID_PARAMETER",
        },
        { id: undefined, query: { ids: "1" }, parameter: "ids", code: "UNKNOWN_PARAMETER" },
      ])("a 400 naming $parameter ($code)", async ({ id, query, parameter, code }) => {
        const response = await getPostRaw(server, id ?? P.rich, query, `Bearer ${bearer}`);
        expect(response.status, response.text).toBe(400);
        expect(errorOf(response)).toMatchObject({ code, parameter });
      });
    });
  },
);
