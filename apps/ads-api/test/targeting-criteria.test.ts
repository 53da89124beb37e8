import { getEndpoint, singleEnvelope, targetingCriterionResourceSchema } from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAdsId } from "../src/db/ids.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { addAudience, setAccount } from "./support/audiences.js";
import { addLineItems } from "./support/line-item-rows.js";
import { bodyOf, cursorOf, dataOf, errorOf, idOf, idsOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/** Any string (ids and times made by the server). */
const ANY_TEXT: unknown = expect.any(String);
const targetedList = getEndpoint("custom_audiences.targeted.list").response.schema;
const criterionSchema = singleEnvelope(targetingCriterionResourceSchema);

describe.each(HTTP_TEST_ENGINES)(
  "targeting criteria on %s (beyond the spec; vendor v11)",
  (engine) => {
    let server: TestServer;
    let admin: Actor;
    let A: string;
    let funding: string;
    let lineA: string;
    let lineB: string;
    let deletedLine: string;
    let base: string;

    beforeAll(async () => {
      server = await startTestServer(engine);
      admin = await createActor(server.ctx);
      ({ accountId: A, fundingInstrumentId: funding } = await createAccountFor(
        server.ctx,
        admin.userId,
      ));
      [lineA = "", lineB = "", deletedLine = ""] = await addLineItems(server.ctx, A, funding, [
        {},
        {},
        { deleted: true },
      ]);
      base = `/12/accounts/${A}/targeting_criteria`;
    });
    afterAll(() => server.close());

    const create = (query: Record<string, string>) =>
      admin.client.post(base, {
        query: { line_item_id: lineA, targeting_type: "LOCATION", targeting_value: "us", ...query },
      });

    it("creates, reads, lists and deletes criteria; a second delete is 404", async () => {
      const created = await create({ operator_type: "NE" });
      expect(created.status, created.text).toBe(200);
      expect(bodyOf(created).data_type).toBe("targeting_criterion");
      const criterion = criterionSchema.parse(bodyOf(created)).data;
      expect(criterion).toEqual({
        id: ANY_TEXT,
        line_item_id: lineA,
        targeting_type: "LOCATION",
        targeting_value: "us",
        operator_type: "NE",
        created_at: ANY_TEXT,
        updated_at: ANY_TEXT,
        deleted: false,
      });
      expect(
        dataOf(await create({ targeting_type: "AGE", targeting_value: "AGE_18_TO_24" })),
      ).toMatchObject({ operator_type: "EQ", targeting_type: "AGE" });
      expect(dataOf(await admin.client.get(`${base}/${criterion.id}`))).toEqual(dataOf(created));
      const onB = idOf(await create({ line_item_id: lineB }));

      expect(idsOf(await admin.client.get(base, { line_item_ids: lineB }))).toEqual([onB]);
      expect(
        idsOf(await admin.client.get(base, { targeting_criterion_ids: `${onB},${criterion.id}` })),
      ).toEqual([criterion.id, onB]);
      const first = await admin.client.get(base, { count: 2, sort_by: "targeting_type-asc" });
      expect(itemsOf(first).map((item) => item.targeting_type)).toEqual(["AGE", "LOCATION"]);
      const rest = await admin.client.get(base, {
        count: 2,
        sort_by: "targeting_type-asc",
        cursor: cursorOf(first),
      });
      expect(idsOf(rest)).toHaveLength(1);
      expect(bodyOf(await admin.client.get(base, { with_total_count: true })).total_count).toBe(3);

      const deleted = await admin.client.delete(`${base}/${criterion.id}`);
      expect(dataOf(deleted)).toMatchObject({ id: criterion.id, deleted: true });
      expect((await admin.client.delete(`${base}/${criterion.id}`)).status).toBe(404);
      const gone = await admin.client.get(`${base}/${criterion.id}`);
      expect(gone.status).toBe(404);
      expect(errorOf(gone).parameter).toBe("targeting_criterion_id");
      expect(
        dataOf(await admin.client.get(`${base}/${criterion.id}`, { with_deleted: true })).deleted,
      ).toBe(true);
      expect(idsOf(await admin.client.get(base))).not.toContain(criterion.id);
      expect(idsOf(await admin.client.get(base, { with_deleted: true }))).toContain(criterion.id);
    });

    it("needs a live line item of the account (400 naming line_item_id)", async () => {
      const other = await createAccountFor(server.ctx, admin.userId);
      const [foreign = ""] = await addLineItems(
        server.ctx,
        other.accountId,
        other.fundingInstrumentId,
        [{}],
      );
      for (const lineItem of [deletedLine, foreign, "nosuch1"]) {
        const refused = await create({ line_item_id: lineItem });
        expect(refused.status).toBe(400);
        expect(errorOf(refused)).toMatchObject({
          code: "INVALID_PARAMETER",
          parameter: "line_item_id",
        });
      }
    });

    it("targets a CUSTOM_AUDIENCE only when the account may: own or shared; never unknown, deleted or another's", async () => {
      const own = await addAudience(server.ctx, A);
      expect(
        (await create({ targeting_type: "CUSTOM_AUDIENCE", targeting_value: own })).status,
      ).toBe(200);
      const owner = (await createAccountFor(server.ctx, admin.userId)).accountId;
      await setAccount(server.ctx, owner, "biz9");
      await setAccount(server.ctx, A, "biz9");
      const shared = await addAudience(server.ctx, owner);
      const unshared = await addAudience(server.ctx, owner);
      const grant = await admin.client.post(
        `/12/accounts/${owner}/custom_audiences/${shared}/permissions`,
        { query: { granted_account_id: A, permission_level: "READ_ONLY" } },
      );
      expect(grant.status).toBe(200);
      expect(
        (await create({ targeting_type: "CUSTOM_AUDIENCE", targeting_value: shared })).status,
      ).toBe(200);
      const deleted = await addAudience(server.ctx, A, { deleted: true });
      for (const value of [unshared, deleted, "nosuch1", "not an id at all"]) {
        const refused = await create({ targeting_type: "CUSTOM_AUDIENCE", targeting_value: value });
        expect(refused.status, value).toBe(400);
        expect(errorOf(refused)).toMatchObject({
          code: "AUDIENCE_NOT_TARGETABLE",
          parameter: "targeting_value",
        });
      }
      // Other types are stored as given.
      expect(
        (await create({ targeting_type: "INTEREST", targeting_value: "nosuch1" })).status,
      ).toBe(200);
    });
  },
);

describe.each(HTTP_TEST_ENGINES)("custom_audiences/:id/targeted on %s (spec §4.8)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let A: string;
  let funding: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    ({ accountId: A, fundingInstrumentId: funding } = await createAccountFor(
      server.ctx,
      admin.userId,
    ));
  });
  afterAll(() => server.close());

  /** A campaign with line items stored directly, each with the statuses asked. */
  async function campaign(
    status: "ACTIVE" | "PAUSED",
    lines: readonly { status: "ACTIVE" | "PAUSED"; deleted?: boolean }[],
    options: { deleted?: boolean; name?: string; createdAt?: Date } = {},
  ): Promise<{ id: string; lines: string[] }> {
    const at = options.createdAt ?? new Date();
    const id = newAdsId();
    await server.ctx.prisma.campaign.create({
      data: {
        id,
        accountId: A,
        fundingInstrumentId: funding,
        name: options.name ?? `Campaign ${id}`,
        entityStatus: status,
        currency: "USD",
        startTime: new Date(Date.now() - 3_600_000),
        deleted: options.deleted ?? false,
        createdAt: at,
        updatedAt: at,
      },
    });
    const ids: string[] = [];
    for (const line of lines) {
      const row = await server.ctx.prisma.lineItem.create({
        data: {
          id: newAdsId(),
          accountId: A,
          campaignId: id,
          name: `Line ${ids.length + 1}`,
          objective: "ENGAGEMENTS",
          productType: "PROMOTED_POSTS",
          placements: ["ALL_ON_TWITTER"],
          bidStrategy: "AUTO",
          entityStatus: line.status,
          currency: "USD",
          deleted: line.deleted ?? false,
          // a second apart, so the made order is the listed one (ties fall back to random ids)
          createdAt: new Date(at.getTime() + ids.length * 1000),
          updatedAt: at,
        },
      });
      ids.push(row.id);
    }
    return { id, lines: ids };
  }

  const target = (lineItem: string, audience: string) =>
    server.ctx.prisma.targetingCriterion.create({
      data: {
        id: newAdsId(),
        accountId: A,
        lineItemId: lineItem,
        targetingType: "CUSTOM_AUDIENCE",
        targetingValue: audience,
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    });

  it("lists campaigns with their targeting line items: active ones by default, every live one with with_active=false", async () => {
    const audience = await addAudience(server.ctx, A);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 0, minute));
    const running = await campaign("ACTIVE", [{ status: "ACTIVE" }, { status: "PAUSED" }], {
      name: "Running",
      createdAt: at(1),
    });
    const paused = await campaign("PAUSED", [{ status: "ACTIVE" }], { createdAt: at(2) });
    const gone = await campaign("ACTIVE", [{ status: "ACTIVE" }], {
      deleted: true,
      createdAt: at(3),
    });
    const mixed = await campaign(
      "ACTIVE",
      [{ status: "ACTIVE", deleted: true }, { status: "PAUSED" }, { status: "ACTIVE" }],
      { createdAt: at(4) },
    );
    const untargeted = await campaign("ACTIVE", [{ status: "ACTIVE" }], { createdAt: at(5) });
    for (const line of [
      ...running.lines,
      ...paused.lines,
      ...gone.lines,
      ...mixed.lines.slice(0, 2),
    ])
      await target(line, audience);
    const removed = await target(mixed.lines[2] ?? "", audience);
    await server.ctx.prisma.targetingCriterion.update({
      where: { id: removed.id },
      data: { deleted: true },
    });
    const other = await addAudience(server.ctx, A);
    await target(untargeted.lines[0] ?? "", other);

    const path = `/12/accounts/${A}/custom_audiences/${audience}/targeted`;
    const active = await admin.client.get(path);
    expect(active.status, active.text).toBe(200);
    const parsed = targetedList.parse(bodyOf(active));
    expect(parsed.data).toEqual([
      {
        campaign_id: running.id,
        campaign_name: "Running",
        line_items: [{ id: running.lines[0], name: "Line 1", servable: true }],
      },
    ]);
    const all = targetedList.parse(bodyOf(await admin.client.get(path, { with_active: false })));
    expect(
      all.data.map((entry) => [entry.campaign_id, entry.line_items.map((line) => line.id)]),
    ).toEqual([
      [running.id, running.lines],
      [paused.id, paused.lines],
      [mixed.id, [mixed.lines[1]]],
    ]);
    // A paused line item, or one of a paused campaign, is not servable.
    expect(all.data.flatMap((entry) => entry.line_items.map((line) => line.servable))).toEqual([
      true,
      false,
      false,
      false,
    ]);

    const first = await admin.client.get(path, { with_active: false, count: 2 });
    expect(itemsOf(first).map((entry) => entry.campaign_id)).toEqual([running.id, paused.id]);
    const second = await admin.client.get(path, {
      with_active: false,
      count: 2,
      cursor: cursorOf(first),
    });
    expect(itemsOf(second).map((entry) => entry.campaign_id)).toEqual([mixed.id]);
    expect(cursorOf(second)).toBeUndefined();
    // The cursor of one filter does not continue the other.
    expect((await admin.client.get(path, { count: 2, cursor: cursorOf(first) })).status).toBe(400);
  });

  it("answers an empty list for a readable audience nothing targets, and 404 for one it cannot read", async () => {
    const audience = await addAudience(server.ctx, A);
    const empty = await admin.client.get(`/12/accounts/${A}/custom_audiences/${audience}/targeted`);
    expect(itemsOf(empty)).toEqual([]);
    const stranger = (await createAccountFor(server.ctx, admin.userId)).accountId;
    const theirs = await addAudience(server.ctx, stranger);
    for (const id of [theirs, "nosuch1"]) {
      const refused = await admin.client.get(`/12/accounts/${A}/custom_audiences/${id}/targeted`);
      expect(refused.status).toBe(404);
      expect(errorOf(refused).parameter).toBe("custom_audience_id");
    }
  });
});
