import { listEnvelope, singleEnvelope, trackingTagSchema } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import {
  bodyOf,
  cursorOf,
  dataOf,
  errorOf,
  idOf,
  idsOf,
  itemsOf,
  parametersOf,
} from "./support/bodies.js";
import { addLineItems } from "./support/line-item-rows.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const URL_A = "https://track.example/imp?c=1";
const URL_B = "https://track.example/click";

describe.each(HTTP_TEST_ENGINES)("tracking tags on %s (spec §4.6, §2.11)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let base: string;
  let lineA: string;
  let lineB: string;
  let deletedLine: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    const made = await createAccountFor(server.ctx, admin.userId);
    accountId = made.accountId;
    base = `/12/accounts/${accountId}/tracking_tags`;
    [lineA = "", lineB = "", deletedLine = ""] = await addLineItems(
      server.ctx,
      accountId,
      made.fundingInstrumentId,
      [{}, { objective: "WEBSITE_CLICKS" }, { deleted: true }],
    );
  });
  afterAll(() => server.close());

  const create = (query: Record<string, string>) =>
    admin.client.post(base, {
      query: {
        line_item_id: lineA,
        tracking_tag_type: "IMPRESSION_TAG",
        tracking_tag_url: URL_A,
        ...query,
      },
    });

  it("creates, reads, updates the URL and deletes; a second delete is 404", async () => {
    const created = await create({});
    expect(created.status).toBe(200);
    const tag = singleEnvelope(trackingTagSchema).parse(bodyOf(created)).data;
    expect(tag).toMatchObject({
      line_item_id: lineA,
      tracking_tag_type: "IMPRESSION_TAG",
      tracking_tag_url: URL_A,
      deleted: false,
    });
    expect(bodyOf(created).data_type).toBe("tracking_tag");
    expect(dataOf(await admin.client.get(`${base}/${tag.id}`))).toEqual(dataOf(created));

    const updated = await admin.client.put(`${base}/${tag.id}`, {
      query: { tracking_tag_url: URL_B },
    });
    expect(dataOf(updated)).toMatchObject({ id: tag.id, tracking_tag_url: URL_B });

    const deleted = await admin.client.delete(`${base}/${tag.id}`);
    expect(dataOf(deleted)).toMatchObject({ id: tag.id, deleted: true });
    expect((await admin.client.delete(`${base}/${tag.id}`)).status).toBe(404);
    expect((await admin.client.get(`${base}/${tag.id}`)).status).toBe(404);
    expect(
      dataOf(await admin.client.get(`${base}/${tag.id}`, { with_deleted: true })).deleted,
    ).toBe(true);
    const noUpdate = await admin.client.put(`${base}/${tag.id}`, {
      query: { tracking_tag_url: URL_A },
    });
    expect(noUpdate.status).toBe(404);
    expect(errorOf(noUpdate).parameter).toBe("tracking_tag_id");
  });

  it("lists by line item and by id, pages, sorts, and shows deleted ones only when asked", async () => {
    const first = idOf(await create({ line_item_id: lineB }));
    const second = idOf(await create({ line_item_id: lineB, tracking_tag_type: "CLICK_TRACKER" }));
    const third = idOf(await create({ line_item_id: lineB }));
    await admin.client.delete(`${base}/${third}`);
    const list = (query: Record<string, string | number | boolean>) =>
      admin.client.get(base, { line_item_ids: lineB, ...query });
    const all = await list({ with_total_count: true });
    expect(listEnvelope(trackingTagSchema).parse(bodyOf(all)).total_count).toBe(2);
    expect(idsOf(all)).toEqual([first, second]);
    expect(idsOf(await list({ with_deleted: true }))).toEqual([first, second, third]);
    expect(idsOf(await list({ tracking_tag_ids: second }))).toEqual([second]);
    expect(idsOf(await list({ sort_by: "tracking_tag_type-asc" }))[0]).toBe(second);
    const page = await list({ count: 1 });
    expect(idsOf(page)).toEqual([first]);
    expect(idsOf(await list({ count: 1, cursor: cursorOf(page) ?? "" }))).toEqual([second]);
    // lineA's one tag was deleted by the first test
    expect(itemsOf(await admin.client.get(base, { line_item_ids: lineA }))).toEqual([]);
  });

  it("refuses bad input with a 400 naming each parameter, writing nothing", async () => {
    const before = await server.ctx.prisma.trackingTag.count();
    const bad = await create({
      tracking_tag_type: "PIXEL",
      tracking_tag_url: "javascript:alert(1)",
    });
    expect(parametersOf(bad)).toEqual(["tracking_tag_type", "tracking_tag_url"]);
    const missing = await admin.client.post(base, { query: { line_item_id: lineA } });
    expect(parametersOf(missing)).toEqual(["tracking_tag_type", "tracking_tag_url"]);
    for (const lineItem of ["nosuch1", deletedLine]) {
      const unknown = await create({ line_item_id: lineItem });
      expect(unknown.status).toBe(400);
      expect(errorOf(unknown)).toMatchObject({
        code: "INVALID_PARAMETER",
        parameter: "line_item_id",
      });
    }
    const tag = idOf(await create({}));
    const noUrl = await admin.client.put(`${base}/${tag}`, { query: {} });
    expect(errorOf(noUrl)).toMatchObject({
      code: "MISSING_PARAMETER",
      parameter: "tracking_tag_url",
    });
    const notUrl = await admin.client.put(`${base}/${tag}`, {
      query: { tracking_tag_url: "not a url" },
    });
    expect(errorOf(notUrl).parameter).toBe("tracking_tag_url");
    const many = Array.from({ length: 201 }, (_unused, index) => `t${index}`).join(",");
    expect(parametersOf(await admin.client.get(base, { tracking_tag_ids: many }))).toEqual([
      "tracking_tag_ids",
    ]);
    expect(await server.ctx.prisma.trackingTag.count()).toBe(before + 1);
  });

  it("keeps tags of another account out of reach, and answers by the roles", async () => {
    const stranger = await createActor(server.ctx);
    const other = await createAccountFor(server.ctx, stranger.userId);
    const [otherLine = ""] = await addLineItems(
      server.ctx,
      other.accountId,
      other.fundingInstrumentId,
      [{}],
    );
    const foreign = await create({ line_item_id: otherLine });
    expect(errorOf(foreign).parameter).toBe("line_item_id");
    const tag = idOf(await create({}));
    const otherBase = `/12/accounts/${other.accountId}/tracking_tags`;
    expect((await stranger.client.get(`${otherBase}/${tag}`)).status).toBe(404);
    expect((await stranger.client.get(`${base}/${tag}`)).status).toBe(403);

    const analyst = await createActor(server.ctx);
    await server.ctx.prisma.accountGrant.create({
      data: { accountId, userId: analyst.userId, permissions: ["CAMPAIGN_ANALYST"] },
    });
    expect((await analyst.client.get(`${base}/${tag}`)).status).toBe(200);
    const refused = await analyst.client.delete(`${base}/${tag}`);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe("UNAUTHORIZED_ACCESS");
  });
});
