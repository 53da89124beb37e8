import { lineItemCuratedCategorySchema, singleEnvelope } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, dataOf, errorOf, idOf, parametersOf } from "./support/bodies.js";
import { addLineItems } from "./support/line-item-rows.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/** Content categories of data/content-categories.json, the valid curated categories. */
const ARTS = "aa";
const AUTOMOTIVE = "ab";
const FOOD = "ae";

describe.each(HTTP_TEST_ENGINES)("line item curated categories on %s (spec §4.6)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let base: string;
  let preroll: string;
  let second: string;
  let deletedLine: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    const made = await createAccountFor(server.ctx, admin.userId);
    accountId = made.accountId;
    base = `/12/accounts/${accountId}/line_item_curated_categories`;
    [preroll = "", second = "", deletedLine = ""] = await addLineItems(
      server.ctx,
      accountId,
      made.fundingInstrumentId,
      [
        { objective: "PREROLL_VIEWS", productType: "MEDIA" },
        { objective: "PREROLL_VIEWS", productType: "MEDIA" },
        { objective: "PREROLL_VIEWS", productType: "MEDIA", deleted: true },
      ],
    );
  });
  afterAll(() => server.close());

  const create = (lineItemId: string, categoryId: string) =>
    admin.client.post(base, {
      query: { line_item_id: lineItemId, curated_category_id: categoryId },
    });

  it("lists links by line item and id, reads one; deleted ones only with_deleted (beyond the spec)", async () => {
    const [a, b, c] = await Promise.all([
      create(preroll, FOOD),
      create(second, FOOD),
      create(second, ARTS),
    ]).then((answers) => answers.map((answer) => String(dataOf(answer).id)));
    const listed = await admin.client.get(base, { line_item_ids: second });
    expect(listed.status).toBe(200);
    const ids = (bodyOf(listed).data as { id: string; line_item_id: string }[]).map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining([b, c]));
    expect(ids).not.toContain(a);
    const byId = await admin.client.get(base, {
      line_item_curated_category_ids: `${String(a)},${String(c)}`,
    });
    expect((bodyOf(byId).data as { id: string }[]).map((l) => l.id).sort()).toEqual([a, c].sort());
    const one = await admin.client.get(`${base}/${String(a)}`);
    expect(one.status).toBe(200);
    expect(singleEnvelope(lineItemCuratedCategorySchema).parse(bodyOf(one)).data).toMatchObject({
      id: a,
      line_item_id: preroll,
      curated_category_id: FOOD,
    });

    await admin.client.delete(`${base}/${String(a)}`);
    expect((await admin.client.get(`${base}/${String(a)}`)).status).toBe(404);
    const kept = await admin.client.get(`${base}/${String(a)}`, { with_deleted: true });
    expect(dataOf(kept)).toMatchObject({ id: a, deleted: true });
    const withoutDeleted = await admin.client.get(base, { line_item_ids: preroll });
    expect((bodyOf(withoutDeleted).data as { id: string }[]).map((l) => l.id)).not.toContain(a);
    const tooMany = await admin.client.get(base, {
      line_item_ids: Array.from({ length: 201 }, (_, i) => `l${String(i)}`).join(","),
    });
    expect(tooMany.status).toBe(400);
    expect(parametersOf(tooMany)).toContain("line_item_ids");
    await Promise.all([b, c].map((id) => admin.client.delete(`${base}/${String(id)}`)));
  });

  it("links, moves, deletes; a second delete is 404 and a deleted link cannot be changed", async () => {
    const created = await create(preroll, ARTS);
    expect(created.status).toBe(200);
    const link = singleEnvelope(lineItemCuratedCategorySchema).parse(bodyOf(created)).data;
    expect(link).toMatchObject({
      line_item_id: preroll,
      curated_category_id: ARTS,
      deleted: false,
    });
    expect(bodyOf(created).data_type).toBe("line_item_curated_category");

    const recategorised = await admin.client.put(`${base}/${link.id}`, {
      query: { curated_category_id: AUTOMOTIVE },
    });
    expect(dataOf(recategorised)).toMatchObject({ id: link.id, curated_category_id: AUTOMOTIVE });
    const moved = await admin.client.put(`${base}/${link.id}`, { query: { line_item_id: second } });
    expect(dataOf(moved)).toMatchObject({ line_item_id: second, curated_category_id: AUTOMOTIVE });
    const unchanged = await admin.client.put(`${base}/${link.id}`, { query: {} });
    expect(dataOf(unchanged)).toMatchObject({
      line_item_id: second,
      curated_category_id: AUTOMOTIVE,
    });

    expect(dataOf(await admin.client.delete(`${base}/${link.id}`)).deleted).toBe(true);
    expect((await admin.client.delete(`${base}/${link.id}`)).status).toBe(404);
    const gone = await admin.client.put(`${base}/${link.id}`, {
      query: { curated_category_id: ARTS },
    });
    expect(gone.status).toBe(404);
    expect(errorOf(gone).parameter).toBe("line_item_curated_category_id");
  });

  it("links a pair once: a repeated create answers the link, a move onto a linked pair is a 400", async () => {
    const first = idOf(await create(preroll, FOOD));
    expect(idOf(await create(preroll, FOOD))).toBe(first);
    const other = idOf(await create(second, FOOD));
    const clash = await admin.client.put(`${base}/${other}`, { query: { line_item_id: preroll } });
    expect(clash.status).toBe(400);
    expect(errorOf(clash)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "line_item_id" });
    const stored = await server.ctx.prisma.lineItemCuratedCategory.findUniqueOrThrow({
      where: { id: other },
    });
    expect(stored.lineItemId).toBe(second);
  });

  it("refuses unknown curated categories and line items that are missing, deleted or another account's", async () => {
    const before = await server.ctx.prisma.lineItemCuratedCategory.count();
    const unknown = await create(preroll, "zz");
    expect(errorOf(unknown)).toMatchObject({
      code: "INVALID_PARAMETER",
      parameter: "curated_category_id",
    });
    expect(errorOf(unknown).message).toContain("content category");
    const stranger = await createAccountFor(server.ctx, admin.userId);
    const [foreign = ""] = await addLineItems(
      server.ctx,
      stranger.accountId,
      stranger.fundingInstrumentId,
      [{ objective: "PREROLL_VIEWS", productType: "MEDIA" }],
    );
    for (const lineItem of ["nosuch1", deletedLine, foreign]) {
      expect(errorOf(await create(lineItem, ARTS))).toMatchObject({
        code: "INVALID_PARAMETER",
        parameter: "line_item_id",
      });
    }
    expect(
      parametersOf(await admin.client.post(base, { query: { line_item_id: preroll } })),
    ).toEqual(["curated_category_id"]);
    const link = idOf(await create(preroll, ARTS));
    const badMove = await admin.client.put(`${base}/${link}`, {
      query: { line_item_id: deletedLine, curated_category_id: "zz" },
    });
    expect(badMove.status).toBe(400);
    const after = await server.ctx.prisma.lineItemCuratedCategory.findUniqueOrThrow({
      where: { id: link },
    });
    expect(after).toMatchObject({ lineItemId: preroll, curatedCategoryId: ARTS });
    expect(await server.ctx.prisma.lineItemCuratedCategory.count()).toBe(before + 1);
  });
});
