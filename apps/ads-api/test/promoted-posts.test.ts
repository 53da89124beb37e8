import { listEnvelope, promotedPostSchema } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, cursorOf, errorOf, idsOf, itemsOf, parametersOf } from "./support/bodies.js";
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
