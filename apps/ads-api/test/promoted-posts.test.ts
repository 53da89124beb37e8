import { listEnvelope, promotedPostSchema, singleEnvelope } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import { insertPost } from "../src/services/post-store.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import {
  bodyOf,
  cursorOf,
  dataOf,
  errorOf,
  idsOf,
  itemsOf,
  parametersOf,
} from "./support/bodies.js";
import { addLineItems } from "./support/line-item-rows.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/** Beyond 2^53: a JS number would change it. */
const BIG_POST = "1585127452231467009";

describe.each(HTTP_TEST_ENGINES)("promoted posts on %s (spec §4.6, §2.11)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let base: string;
  let lineA: string;
  let lineB: string;
  const ids = ["pp1", "pp2", "pp3", "pp4"];

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    const made = await createAccountFor(server.ctx, admin.userId);
    accountId = made.accountId;
    base = `/12/accounts/${accountId}/promoted_posts`;
    [lineA = "", lineB = ""] = await addLineItems(server.ctx, accountId, made.fundingInstrumentId, [
      {},
      { deleted: true },
    ]);
    // The spec shows no creation: promoted posts are seeded.
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));
    await server.ctx.prisma.promotedPost.createMany({
      data: [
        { id: "pp1", accountId, lineItemId: lineA, postId: BIG_POST, createdAt: at(1) },
        { id: "pp2", accountId, lineItemId: lineA, postId: "585127452231467008", createdAt: at(2) },
        { id: "pp3", accountId, lineItemId: lineB, postId: "20", createdAt: at(3) },
        { id: "pp4", accountId, lineItemId: lineA, postId: "21", createdAt: at(4), deleted: true },
      ],
    });
  });
  afterAll(() => server.close());

  it("lists with every recorded field, post_id as digits exactly, and the total when asked", async () => {
    const listed = await admin.client.get(base, { with_total_count: true });
    expect(listed.status).toBe(200);
    const body = listEnvelope(promotedPostSchema).parse(bodyOf(listed));
    expect(body.total_count).toBe(3);
    expect(body.data.map((post) => post.id)).toEqual(["pp1", "pp2", "pp3"]);
    expect(body.data[0]).toMatchObject({
      line_item_id: lineA,
      post_id: BIG_POST,
      entity_status: "ACTIVE",
      approval_status: "ACCEPTED",
      deleted: false,
    });
    expect(listed.text).toContain(`"post_id":"${BIG_POST}"`);
    expect(bodyOf(listed).data_type).toBe("promoted_post");
  });

  it("filters by line item and id, pages, sorts, shows deleted ones when asked", async () => {
    expect(idsOf(await admin.client.get(base, { line_item_ids: lineA }))).toEqual(["pp1", "pp2"]);
    // the records of a deleted line item are not deleted themselves
    expect(idsOf(await admin.client.get(base, { line_item_ids: lineB }))).toEqual(["pp3"]);
    expect(idsOf(await admin.client.get(base, { promoted_post_ids: "pp2,pp4" }))).toEqual(["pp2"]);
    expect(idsOf(await admin.client.get(base, { with_deleted: true }))).toEqual(ids);
    expect(idsOf(await admin.client.get(base, { sort_by: "created_at-desc" }))).toEqual([
      "pp3",
      "pp2",
      "pp1",
    ]);
    const page = await admin.client.get(base, { count: 2 });
    expect(idsOf(page)).toEqual(["pp1", "pp2"]);
    const next = await admin.client.get(base, { count: 2, cursor: cursorOf(page) ?? "" });
    expect(idsOf(next)).toEqual(["pp3"]);
    expect(cursorOf(next)).toBeUndefined();
    // "further parameters" (spec §4.6) are accepted and ignored
    expect(itemsOf(await admin.client.get(base, { timeline_type: "ALL" }))).toHaveLength(3);
  });

  it("refuses bad list parameters with a 400 naming them", async () => {
    const many = Array.from({ length: 201 }, (_unused, index) => `p${index}`).join(",");
    expect(parametersOf(await admin.client.get(base, { promoted_post_ids: many }))).toEqual([
      "promoted_post_ids",
    ]);
    expect(parametersOf(await admin.client.get(base, { count: 1001 }))).toEqual(["count"]);
    expect(errorOf(await admin.client.get(base, { sort_by: "name-asc" })).parameter).toBe(
      "sort_by",
    );
    expect(errorOf(await admin.client.get(base, { cursor: "forged" })).parameter).toBe("cursor");
  });
});

describe.each(HTTP_TEST_ENGINES)(
  "promoted posts create, read and delete on %s (beyond the spec: vendor v12 promoted_tweets)",
  (engine) => {
    let server: TestServer;
    let admin: Actor;
    let stranger: Actor;
    let accountId: string;
    let base: string;
    let postsLine: string;
    let secondLine: string;
    let accountsLine: string;
    let deletedLine: string;
    let mine: string[];
    let strangers: string;
    let draft: string;

    beforeAll(async () => {
      server = await startTestServer(engine);
      admin = await createActor(server.ctx);
      stranger = await createActor(server.ctx);
      const made = await createAccountFor(server.ctx, admin.userId);
      accountId = made.accountId;
      base = `/12/accounts/${accountId}/promoted_posts`;
      [postsLine = "", secondLine = "", accountsLine = "", deletedLine = ""] = await addLineItems(
        server.ctx,
        accountId,
        made.fundingInstrumentId,
        [{}, {}, { objective: "FOLLOWERS", productType: "PROMOTED_ACCOUNT" }, { deleted: true }],
      );
      // The admin is the account's full promotable user: its published posts can be promoted.
      await server.ctx.prisma.account.update({
        where: { id: accountId },
        data: { promotableUserIds: [admin.userId] },
      });
      const post = async (authorId: string, postType: "PUBLISHED" | "DRAFT") =>
        (
          await insertPost(server.ctx.prisma, {
            postType,
            authorId,
            accountId: null,
            text: `post ${postType}`,
            at: new Date(),
          })
        ).id;
      mine = [
        await post(admin.userId, "PUBLISHED"),
        await post(admin.userId, "PUBLISHED"),
        await post(admin.userId, "PUBLISHED"),
      ];
      strangers = await post(stranger.userId, "PUBLISHED");
      draft = await post(admin.userId, "DRAFT");
    });
    afterAll(() => server.close());

    const create = (lineItemId: string, postIds: string) =>
      admin.client.post(base, { query: { line_item_id: lineItemId, post_ids: postIds } });
    const count = () => server.ctx.prisma.promotedPost.count({ where: { accountId } });

    it("promotes posts on a line item: a list in post_ids' order with the recorded fields", async () => {
      const [first = "", second = ""] = mine;
      const created = await create(postsLine, `${second},${first},${second}`);
      expect(created.status).toBe(200);
      const body = listEnvelope(promotedPostSchema).parse(bodyOf(created));
      expect(body.data_type).toBe("promoted_post");
      expect(body.total_count).toBe(2);
      expect(body.data.map((record) => record.post_id)).toEqual([second, first]);
      expect(body.data[0]).toMatchObject({
        line_item_id: postsLine,
        entity_status: "ACTIVE",
        approval_status: "ACCEPTED",
        deleted: false,
      });
      expect(created.text).toContain(`"post_id":"${second}"`);
      // The request echo shows post_ids as the service understood them.
      expect(body.request.params).toMatchObject({ post_ids: [second, first, second] });
      const listed = await admin.client.get(base, { line_item_ids: postsLine });
      expect(idsOf(listed).sort()).toEqual(body.data.map((record) => record.id).sort());
    });

    it("answers an already promoted post with its record; promotes it again on another line item", async () => {
      const [first = "", , third = ""] = mine;
      const before = idsOf(await create(postsLine, first));
      const again = await create(postsLine, `${first},${third}`);
      expect(again.status).toBe(200);
      const [kept, added] = idsOf(again);
      expect(kept).toBe(before[0]);
      expect(added).not.toBe(kept);
      const elsewhere = await create(secondLine, first);
      expect(itemsOf(elsewhere)[0]).toMatchObject({ line_item_id: secondLine, post_id: first });
      // Concurrent creates of the same post write one record.
      const [left, right] = await Promise.all([
        create(secondLine, third),
        create(secondLine, third),
      ]);
      expect(idsOf(left)).toEqual(idsOf(right));
    });

    it("reads one, deletes it softly; a second delete and a plain read are 404", async () => {
      const [, second = ""] = mine;
      const [id = ""] = idsOf(await create(secondLine, second));
      const read = await admin.client.get(`${base}/${id}`);
      expect(read.status).toBe(200);
      expect(bodyOf(read).data_type).toBe("promoted_post");
      expect(singleEnvelope(promotedPostSchema).parse(bodyOf(read)).data).toMatchObject({
        id,
        post_id: second,
        line_item_id: secondLine,
      });
      const deleted = await admin.client.delete(`${base}/${id}`);
      expect(deleted.status).toBe(200);
      expect(dataOf(deleted)).toMatchObject({ id, deleted: true });
      expect((await admin.client.delete(`${base}/${id}`)).status).toBe(404);
      expect(errorOf(await admin.client.get(`${base}/${id}`)).parameter).toBe("promoted_post_id");
      expect(dataOf(await admin.client.get(`${base}/${id}`, { with_deleted: true }))).toMatchObject(
        { id, deleted: true },
      );
      // Deleted: the post can be promoted there again, as a new record.
      const [again = ""] = idsOf(await create(secondLine, second));
      expect(again).not.toBe(id);
      // no update exists (vendor: promoted posts cannot be updated)
      expect((await admin.client.put(`${base}/${again}`, { query: {} })).status).toBe(404);
    });

    it("refuses, promoting nothing: a line item that cannot hold posts, posts not the account's, bad lists", async () => {
      const [first = ""] = mine;
      const before = await count();
      const incompatible = await create(accountsLine, first);
      expect(incompatible.status).toBe(400);
      expect(errorOf(incompatible)).toMatchObject({
        code: "INCOMPATIBLE_LINE_ITEM",
        parameter: "line_item_id",
      });
      for (const lineItem of ["nosuch1", deletedLine]) {
        expect(errorOf(await create(lineItem, first))).toMatchObject({
          code: "INVALID_PARAMETER",
          parameter: "line_item_id",
        });
      }
      // One bad id spoils the whole request: all or nothing.
      for (const bad of [strangers, draft, "999999999999999999"]) {
        const refused = await create(postsLine, `${first},${bad}`);
        expect(refused.status).toBe(400);
        expect(errorOf(refused)).toMatchObject({
          code: "INVALID_PARAMETER",
          parameter: "post_ids",
        });
        expect(errorOf(refused).message).toContain(bad);
      }
      const fiftyOne = Array.from({ length: 51 }, (_unused, index) => String(index + 1)).join(",");
      expect(parametersOf(await create(postsLine, fiftyOne))).toEqual(["post_ids"]);
      expect(parametersOf(await create(postsLine, "12ab"))).toEqual(["post_ids[0]"]);
      expect(parametersOf(await admin.client.post(base, { query: {} }))).toEqual([
        "line_item_id",
        "post_ids",
      ]);
      expect(await count()).toBe(before);
    });

    it("needs campaigns:write to promote and campaigns:read to read", async () => {
      const analyst = await createActor(server.ctx);
      await grantAccess(server.ctx.prisma, accountId, analyst.userId, ["CAMPAIGN_ANALYST"]);
      const [first = ""] = mine;
      const refused = await analyst.client.post(base, {
        query: { line_item_id: postsLine, post_ids: first },
      });
      expect(refused.status).toBe(403);
      const [id = ""] = idsOf(await create(postsLine, first));
      expect((await analyst.client.get(`${base}/${id}`)).status).toBe(200);
      expect((await analyst.client.delete(`${base}/${id}`)).status).toBe(403);
    });
  },
);
