import { promotedAccountSchema, singleEnvelope } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, dataOf, errorOf, idOf, idsOf, parametersOf } from "./support/bodies.js";
import { addLineItems } from "./support/line-item-rows.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

describe.each(HTTP_TEST_ENGINES)("promoted accounts on %s (spec §4.6, §2.11, §7)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let promoted: Actor;
  let accountId: string;
  let fundingId: string;
  let base: string;
  let holder: string;
  let secondHolder: string;
  let postsLine: string;
  let deletedHolder: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    promoted = await createActor(server.ctx);
    ({ accountId, fundingInstrumentId: fundingId } = await createAccountFor(
      server.ctx,
      admin.userId,
    ));
    base = `/12/accounts/${accountId}/promoted_accounts`;
    [holder = "", secondHolder = "", postsLine = "", deletedHolder = ""] = await addLineItems(
      server.ctx,
      accountId,
      fundingId,
      [
        { objective: "FOLLOWERS", productType: "PROMOTED_ACCOUNT" },
        { objective: "FOLLOWERS", productType: "PROMOTED_ACCOUNT" },
        { objective: "ENGAGEMENTS", productType: "PROMOTED_POSTS" },
        { objective: "FOLLOWERS", productType: "PROMOTED_ACCOUNT", deleted: true },
      ],
    );
  });
  afterAll(() => server.close());

  const create = (lineItemId: string, userId: string) =>
    admin.client.post(base, { query: { line_item_id: lineItemId, user_id: userId } });

  it("promotes a user, reads it with user_id as digits, deletes it; a second delete is 404", async () => {
    const created = await create(holder, promoted.userId);
    expect(created.status).toBe(200);
    const record = singleEnvelope(promotedAccountSchema).parse(bodyOf(created)).data;
    expect(record).toMatchObject({
      line_item_id: holder,
      user_id: promoted.userId,
      entity_status: "ACTIVE",
      deleted: false,
    });
    expect(created.text).toContain(`"user_id":"${promoted.userId}"`);
    expect(dataOf(await admin.client.get(`${base}/${record.id}`))).toEqual(dataOf(created));
    expect(dataOf(await admin.client.delete(`${base}/${record.id}`)).deleted).toBe(true);
    expect((await admin.client.delete(`${base}/${record.id}`)).status).toBe(404);
    expect((await admin.client.get(`${base}/${record.id}`)).status).toBe(404);
    const kept = await admin.client.get(`${base}/${record.id}`, { with_deleted: true });
    expect(dataOf(kept).deleted).toBe(true);
    // no update exists (spec §4.6): PUT is not a route
    expect((await admin.client.put(`${base}/${record.id}`, { query: {} })).status).toBe(404);
  });

  it("ignores an already promoted user: the existing record answers, also for concurrent creates", async () => {
    const first = idOf(await create(secondHolder, admin.userId));
    const again = await create(secondHolder, admin.userId);
    expect(again.status).toBe(200);
    expect(idOf(again)).toBe(first);
    const [left, right] = await Promise.all([
      create(secondHolder, promoted.userId),
      create(secondHolder, promoted.userId),
    ]);
    expect(left.status).toBe(200);
    expect(idOf(left)).toBe(idOf(right));
    const rows = await server.ctx.prisma.promotedAccount.count({
      where: { lineItemId: secondHolder, deleted: false },
    });
    expect(rows).toBe(2);
  });

  it("refuses an incompatible line item with INCOMPATIBLE_LINE_ITEM and an ineligible user, promoting nobody", async () => {
    const before = await server.ctx.prisma.promotedAccount.count();
    const incompatible = await create(postsLine, promoted.userId);
    expect(incompatible.status).toBe(400);
    expect(errorOf(incompatible)).toMatchObject({
      code: "INCOMPATIBLE_LINE_ITEM",
      parameter: "line_item_id",
    });
    const ineligible = await create(holder, "999999999999999999");
    expect(ineligible.status).toBe(400);
    expect(errorOf(ineligible)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "user_id" });
    for (const lineItem of ["nosuch1", deletedHolder]) {
      expect(errorOf(await create(lineItem, promoted.userId))).toMatchObject({
        code: "INVALID_PARAMETER",
        parameter: "line_item_id",
      });
    }
    const notDigits = await create(holder, "12ab");
    expect(parametersOf(notDigits)).toEqual(["user_id"]);
    expect(parametersOf(await admin.client.post(base, { query: {} }))).toEqual([
      "line_item_id",
      "user_id",
    ]);
    expect(await server.ctx.prisma.promotedAccount.count()).toBe(before);
  });

  it("lists by line item and id; 400 when none of the listed line items can hold promoted accounts", async () => {
    const one = idOf(await create(holder, promoted.userId));
    const listed = await admin.client.get(base, { line_item_ids: `${holder},${postsLine}` });
    expect(listed.status).toBe(200);
    expect(idsOf(listed)).toEqual([one]);
    expect(idsOf(await admin.client.get(base, { promoted_account_ids: one }))).toEqual([one]);
    expect(idsOf(await admin.client.get(base, { sort_by: "user_id-desc" })).length).toBe(3);
    const none = await admin.client.get(base, { line_item_ids: `${postsLine},nosuch1` });
    expect(none.status).toBe(400);
    expect(errorOf(none)).toMatchObject({
      code: "INCOMPATIBLE_LINE_ITEM",
      parameter: "line_item_ids",
    });
    const many = Array.from({ length: 201 }, (_unused, index) => `l${index}`).join(",");
    expect(parametersOf(await admin.client.get(base, { line_item_ids: many }))).toEqual([
      "line_item_ids",
    ]);

    // an account without any PROMOTED_ACCOUNT line item cannot list them at all
    const other = await createAccountFor(server.ctx, admin.userId);
    await addLineItems(server.ctx, other.accountId, other.fundingInstrumentId, [{}]);
    const empty = await admin.client.get(`/12/accounts/${other.accountId}/promoted_accounts`);
    expect(empty.status).toBe(400);
    expect(errorOf(empty).code).toBe("INCOMPATIBLE_LINE_ITEM");
  });

  it("keeps the records of a deleted line item readable and listable", async () => {
    const record = await server.ctx.prisma.promotedAccount.create({
      data: { id: "padel1", accountId, lineItemId: deletedHolder, userId: promoted.userId },
    });
    const listed = await admin.client.get(base, { line_item_ids: deletedHolder });
    expect(idsOf(listed)).toEqual([record.id]);
    expect((await admin.client.get(`${base}/${record.id}`)).status).toBe(200);
  });
});
