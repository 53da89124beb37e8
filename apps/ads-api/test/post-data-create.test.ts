import { LIMITS, dataPostCreateResultSchema } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaLibraryObject } from "../src/services/media-admin.js";
import { insertPost } from "../src/services/post-store.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { errorOf } from "./support/bodies.js";
import {
  appBearer,
  createPost,
  createRaw,
  lookup,
  mediaIdOf,
  movableClock,
} from "./support/post-data.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import type { ApiResponse } from "./support/signed-fetch.js";

const HOUR = 3_600_000;
const WINDOW = LIMITS.postEditWindowHours * HOUR;

describe.each(HTTP_TEST_ENGINES)("post-data API: POST /2/posts on %s (spec §4.9, §8)", (engine) => {
  const clock = movableClock();
  let server: TestServer;
  /** Premium: may edit. */
  let author: Actor;
  let fan: Actor;
  let stranger: Actor;
  let bearer: string;
  let accountId: string;
  let otherAccountId: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { clock: clock.now });
    author = await createActor(server.ctx);
    fan = await createActor(server.ctx);
    stranger = await createActor(server.ctx);
    await setPremium(author, true);
    bearer = await appBearer(server, author);
    ({ accountId } = await createAccountFor(server.ctx, author.userId));
    ({ accountId: otherAccountId } = await createAccountFor(server.ctx, fan.userId));
  });
  afterAll(() => server.close());

  async function setPremium(actor: Actor, premium: boolean): Promise<void> {
    await server.ctx.prisma.user.update({ where: { id: actor.userId }, data: { premium } });
  }

  async function media(
    mediaType: "IMAGE" | "VIDEO" | "GIF",
    owner: { account?: string; user?: string | null; shared?: string[]; deleted?: boolean } = {},
  ): Promise<string> {
    const row = await createMediaLibraryObject(server.ctx.prisma, {
      accountId: owner.account ?? accountId,
      mediaType,
      width: 1200,
      height: 628,
      ownerUserId: owner.user === undefined ? author.userId : (owner.user ?? undefined),
      additionalOwners: owner.shared,
    });
    if (owner.deleted === true) {
      await server.ctx.prisma.mediaLibraryObject.update({
        where: { mediaKey: row.mediaKey },
        data: { deleted: true },
      });
    }
    return row.mediaKey;
  }

  const posts = () => server.ctx.prisma.post.count();
  const idOf = async (actor: Actor, json: unknown) => (await createPost(actor, json)).data.id;

  /** A refusal that wrote nothing: status, code, the parameter named. */
  async function expectRefused(
    send: () => Promise<ApiResponse>,
    status: number,
    code: string | number,
    parameter?: string,
  ): Promise<ApiResponse> {
    const before = await posts();
    const response = await send();
    expect(response.status, response.text).toBe(status);
    expect(errorOf(response).code).toBe(code);
    if (parameter !== undefined) expect(errorOf(response).parameter).toBe(parameter);
    expect(await posts()).toBe(before);
    return response;
  }

  describe("a new post", () => {
    it("is an organic published post by the caller: 201 with id, text and its one version", async () => {
      const response = await createRaw(author, { text: "first words" });
      expect(response.status).toBe(201);
      const { data } = dataPostCreateResultSchema.parse(response.body);
      expect(data).toEqual({ id: data.id, text: "first words", edit_history_post_ids: [data.id] });
      const row = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id: data.id } });
      expect(row).toMatchObject({
        postType: "PUBLISHED",
        authorId: author.userId,
        accountId: null,
        nullcast: false,
        conversationId: data.id,
        editRootId: data.id,
      });
      const read = await lookup(server, bearer, { ids: data.id, "post.fields": "author_id" });
      expect(read.data).toEqual([{ id: data.id, text: "first words", author_id: author.userId }]);
    });

    it(`takes texts of ${LIMITS.postText} characters that are all entity runs (one linear pass)`, async () => {
      const max = LIMITS.postText;
      const texts = [
        `@${"a".repeat(max - 1)}`,
        "#".repeat(max),
        `http://${".".repeat(max - 7)}`,
        "#a @b ".repeat(Math.floor(max / 6)),
        "h".repeat(max),
      ];
      for (const text of texts) {
        const { data } = await createPost(author, { text });
        expect(data.text).toBe(text);
        const read = await lookup(server, bearer, { ids: data.id, "post.fields": "entities,lang" });
        expect(read.data?.[0]?.text).toBe(text);
      }
      const tooLong = await createRaw(author, { text: "a".repeat(max + 1) });
      expect(tooLong.status).toBe(400);
      expect(errorOf(tooLong)).toMatchObject({ code: "TOO_LONG", parameter: "text" });
    });

    it("stores community_id and share_with_followers (no community store exists)", async () => {
      const id = await idOf(author, {
        text: "for the community",
        community_id: "1500000000000000001",
        share_with_followers: true,
      });
      const row = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ communityId: "1500000000000000001", shareWithFollowers: true });
      await expectRefused(
        () => createRaw(author, { text: "x", share_with_followers: true }),
        400,
        "MISSING_PARAMETER",
        "community_id",
      );
    });

    it("a bearer token is refused (user context needed), as is a read-only token; nothing written", async () => {
      await expectRefused(
        async () => {
          const response = await fetch(`${server.urls.base}/2/posts`, {
            method: "POST",
            headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
            body: JSON.stringify({ text: "as the app" }),
          });
          const text = await response.text();
          return {
            status: response.status,
            headers: response.headers,
            text,
            body: JSON.parse(text),
          };
        },
        403,
        220,
      );
      const reader = await createActor(server.ctx, { accessType: "read" });
      await expectRefused(() => createRaw(reader, { text: "read only" }), 403, 261);
      const unsigned = await author.client.request("POST", "base", "/2/posts", {
        json: { text: "nobody" },
        unsigned: true,
      });
      expect(unsigned.status).toBe(401);
    });
  });

  describe("media (media.media_ids: the id part of a media library key)", () => {
    it("takes up to 4 images from any account's library, in the order given", async () => {
      const keys = [
        await media("IMAGE"),
        await media("IMAGE", { account: otherAccountId }),
        await media("IMAGE"),
        await media("IMAGE"),
      ];
      const { data } = await createPost(author, { media: { media_ids: keys.map(mediaIdOf) } });
      expect(data.text).toBe("");
      const read = await lookup(server, bearer, { ids: data.id, "post.fields": "attachments" });
      expect(read.data?.[0]?.attachments).toEqual({ media_keys: keys });
    });

    it("refuses a fifth image (catalog) and a video with an image (media per post, spec §8)", async () => {
      const five = await Promise.all([1, 2, 3, 4, 5].map(() => media("IMAGE")));
      await expectRefused(
        () => createRaw(author, { text: "x", media: { media_ids: five.map(mediaIdOf) } }),
        400,
        "TOO_MANY_ITEMS",
        "media.media_ids",
      );
      const mixed = [await media("VIDEO"), await media("IMAGE")];
      const response = await expectRefused(
        () => createRaw(author, { text: "x", media: { media_ids: mixed.map(mediaIdOf) } }),
        400,
        "TOO_MANY_ITEMS",
        "media.media_ids",
      );
      expect(errorOf(response).message).toMatch(/1 video alone/);
      const gif = await media("GIF");
      expect(
        (await createPost(author, { media: { media_ids: [mediaIdOf(gif)] } })).data.id,
      ).toBeTruthy();
    });

    it("refuses unknown and deleted media, naming the id sent", async () => {
      const deleted = await media("IMAGE", { deleted: true });
      for (const id of ["1234567", mediaIdOf(deleted)]) {
        const response = await expectRefused(
          () => createRaw(author, { text: "x", media: { media_ids: [id] } }),
          400,
          "INVALID_PARAMETER",
          "media.media_ids",
        );
        expect(errorOf(response).message).toContain(`${id} is not in the media library`);
      }
    });

    it("takes another user's media only when it lists the caller in additional_owners", async () => {
      const theirs = await media("IMAGE", { account: otherAccountId, user: fan.userId });
      const response = await expectRefused(
        () => createRaw(author, { text: "x", media: { media_ids: [mediaIdOf(theirs)] } }),
        400,
        "INVALID_PARAMETER",
        "media.media_ids",
      );
      expect(errorOf(response).message).toContain(
        `${mediaIdOf(theirs)} was uploaded by another user`,
      );
      const shared = await media("IMAGE", {
        account: otherAccountId,
        user: fan.userId,
        shared: [author.userId],
      });
      const { data } = await createPost(author, {
        text: "x",
        media: { media_ids: [mediaIdOf(shared)] },
      });
      const row = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id: data.id } });
      expect(row.mediaKeys).toEqual([shared]);
    });
  });

  describe("replies (spec §4.9: only when the original author summoned the replier)", () => {
    const replyOf = (id: string, text = "a reply") => ({
      text,
      reply: { in_reply_to_post_id: id },
    });

    it("allowed when the original mentions the replier; the reply joins its conversation", async () => {
      const original = await idOf(author, { text: `what do you think, @${fan.screenName}?` });
      const reply = await idOf(fan, replyOf(original, `@${author.screenName} good`));
      const again = await idOf(author, replyOf(reply, "thanks")); // the reply mentions the author
      const read = await lookup(server, bearer, {
        ids: `${reply},${again}`,
        "post.fields": "conversation_id,in_reply_to_user_id,referenced_tweets",
      });
      expect(read.data).toEqual([
        {
          id: reply,
          text: `@${author.screenName} good`,
          conversation_id: original,
          in_reply_to_user_id: author.userId,
          referenced_tweets: [{ type: "replied_to", id: original }],
        },
        {
          id: again,
          text: "thanks",
          conversation_id: original,
          in_reply_to_user_id: fan.userId,
          referenced_tweets: [{ type: "replied_to", id: reply }],
        },
      ]);
    });

    it("allowed when the original quotes a post of the replier", async () => {
      const fans = await idOf(fan, { text: "a take" });
      const quoting = await idOf(author, { text: "look at this", quote_post_id: fans });
      await idOf(fan, replyOf(quoting));
    });

    it("allowed on one's own post (a thread)", async () => {
      const first = await idOf(stranger, { text: "1/2" });
      const second = await idOf(stranger, replyOf(first, "2/2"));
      const row = await server.ctx.prisma.post.findUniqueOrThrow({ where: { id: second } });
      expect(row).toMatchObject({ conversationId: first, inReplyToUserId: stranger.userId });
    });

    it("refused otherwise: 403 REPLY_NOT_ALLOWED, nothing written", async () => {
      const original = await idOf(author, { text: `hi @${fan.screenName}` });
      const response = await expectRefused(
        () => createRaw(stranger, replyOf(original)),
        403,
        "REPLY_NOT_ALLOWED",
        "reply.in_reply_to_post_id",
      );
      expect(errorOf(response).message).toMatch(/did not mention or quote you/);
      // A mention of a name nobody has, or of someone else, summons nobody else.
      const other = await idOf(author, { text: "hi @nobody_here_1" });
      await expectRefused(() => createRaw(fan, replyOf(other)), 403, "REPLY_NOT_ALLOWED");
    });

    it("the original must be a published post (400 naming reply.in_reply_to_post_id)", async () => {
      const draft = await insertPost(server.ctx.prisma, {
        postType: "DRAFT",
        authorId: stranger.userId,
        accountId,
        text: "draft",
        at: clock.now(),
      });
      for (const id of ["42", draft.id]) {
        await expectRefused(
          () => createRaw(stranger, replyOf(id)),
          400,
          "INVALID_PARAMETER",
          "reply.in_reply_to_post_id",
        );
      }
    });
  });

  describe("quotes", () => {
    it("quote a published post; a missing one is a 400 naming quote_post_id", async () => {
      const quoted = await idOf(fan, { text: "quotable" });
      const id = await idOf(stranger, { text: "so true", quote_post_id: quoted });
      const read = await lookup(server, bearer, { ids: id, "post.fields": "referenced_tweets" });
      expect(read.data?.[0]?.referenced_tweets).toEqual([{ type: "quoted", id: quoted }]);
      await expectRefused(
        () => createRaw(stranger, { text: "x", quote_post_id: "77" }),
        400,
        "INVALID_PARAMETER",
        "quote_post_id",
      );
    });
  });

  describe("edits (edit_options.previous_post_id)", () => {
    const editOf = (id: string, text: string) => ({
      text,
      edit_options: { previous_post_id: id },
    });

    it("writes a new version with the links kept; every version stays readable", async () => {
      const original = await idOf(fan, { text: `ping @${author.screenName}` });
      const v1 = await idOf(author, { text: "v1", reply: { in_reply_to_post_id: original } });
      const edited = await createPost(author, editOf(v1, "v2"));
      const v2 = edited.data.id;
      expect(edited.data).toEqual({ id: v2, text: "v2", edit_history_post_ids: [v1, v2] });
      const v3 = (await createPost(author, editOf(v2, "v3"))).data;
      expect(v3.edit_history_post_ids).toEqual([v1, v2, v3.id]);
      const read = await lookup(server, bearer, {
        ids: `${v1},${v2},${v3.id}`,
        "post.fields": "edit_history_post_ids,in_reply_to_user_id,conversation_id",
      });
      expect(read.data?.map((post) => [post.id, post.text])).toEqual([
        [v1, "v1"],
        [v2, "v2"],
        [v3.id, "v3"],
      ]);
      for (const post of read.data ?? []) {
        expect(post.edit_history_post_ids).toEqual([v1, v2, v3.id]);
        expect(post.in_reply_to_user_id).toBe(fan.userId);
        expect(post.conversation_id).toBe(original);
      }
      const stale = await expectRefused(
        () => createRaw(author, editOf(v2, "from an old version")),
        400,
        "INVALID_PARAMETER",
        "edit_options.previous_post_id",
      );
      expect(errorOf(stale).message).toContain(`edit the latest version, ${v3.id}`);
    });

    it("the post must exist and be published (400)", async () => {
      const draft = await insertPost(server.ctx.prisma, {
        postType: "DRAFT",
        authorId: author.userId,
        accountId,
        text: "draft",
        at: clock.now(),
      });
      for (const id of ["99", draft.id]) {
        await expectRefused(
          () => createRaw(author, editOf(id, "x")),
          400,
          "INVALID_PARAMETER",
          "edit_options.previous_post_id",
        );
      }
    });

    it("only the author edits (403 NOT_POST_AUTHOR), and only with premium (403 PREMIUM_REQUIRED)", async () => {
      const authors = await idOf(author, { text: "mine" });
      await expectRefused(
        () => createRaw(stranger, editOf(authors, "theirs")),
        403,
        "NOT_POST_AUTHOR",
        "edit_options.previous_post_id",
      );
      const fans = await idOf(fan, { text: "no premium" });
      await expectRefused(
        () => createRaw(fan, editOf(fans, "edited")),
        403,
        "PREMIUM_REQUIRED",
        "edit_options.previous_post_id",
      );
      await setPremium(fan, true);
      await idOf(fan, editOf(fans, "edited"));
      await setPremium(fan, false);
    });

    it(`within ${LIMITS.postEditWindowHours} hour of the first version by the service clock (403 EDIT_WINDOW_PASSED)`, async () => {
      const inside = await idOf(author, { text: "inside" });
      clock.advance(WINDOW - 1);
      await idOf(author, editOf(inside, "just in time"));

      const atTheEdge = await idOf(author, { text: "edge" });
      clock.advance(WINDOW);
      const late = await expectRefused(
        () => createRaw(author, editOf(atTheEdge, "too late")),
        403,
        "EDIT_WINDOW_PASSED",
        "edit_options.previous_post_id",
      );
      expect(errorOf(late).message).toMatch(/could be edited for 1 hour/);

      // The window runs from the first version, not from the latest edit.
      const first = await idOf(author, { text: "first" });
      clock.advance(WINDOW / 2);
      const second = await idOf(author, editOf(first, "second"));
      clock.advance(WINDOW / 2);
      await expectRefused(
        () => createRaw(author, editOf(second, "third")),
        403,
        "EDIT_WINDOW_PASSED",
      );
    });

    it("checks in order: exists, author, premium, window, latest", async () => {
      const old = await idOf(fan, { text: "old" });
      const newer = await idOf(author, { text: "v1" });
      const latest = await idOf(author, editOf(newer, "v2"));
      clock.advance(WINDOW + 1);
      // Not the author and no premium: the author check speaks first.
      await expectRefused(() => createRaw(fan, editOf(newer, "x")), 403, "NOT_POST_AUTHOR");
      // No premium and the window passed: premium first.
      await expectRefused(() => createRaw(fan, editOf(old, "x")), 403, "PREMIUM_REQUIRED");
      // The window passed and not the latest version: the window first.
      await expectRefused(() => createRaw(author, editOf(newer, "x")), 403, "EDIT_WINDOW_PASSED");
      await expectRefused(() => createRaw(author, editOf(latest, "x")), 403, "EDIT_WINDOW_PASSED");
    });

    it("an edit changes text and media only (catalog: no reply, quote or community)", async () => {
      const id = await idOf(author, { text: "plain" });
      await expectRefused(
        () => createRaw(author, { ...editOf(id, "x"), quote_post_id: id }),
        400,
        "CONFLICTING_PARAMETERS",
        "quote_post_id",
      );
    });
  });
});
