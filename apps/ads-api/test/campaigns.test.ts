import {
  campaignSchema,
  fundingInstrumentSchema,
  getEndpoint,
  singleEnvelope,
} from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import {
  bodyOf,
  dataOf,
  errorOf,
  errorsOf,
  idOf,
  idsOf,
  itemsOf,
  operationErrorsOf,
} from "./support/bodies.js";

const ACTIVE_LIMIT = 3;
const campaignList = getEndpoint("campaigns.list").response.schema;
const batchSchema = getEndpoint("campaigns.batch").response.schema;

describe.each(HTTP_TEST_ENGINES)(
  "campaigns and funding instruments on %s (spec §4.5, §3)",
  (engine) => {
    let server: TestServer;
    let admin: Actor;
    let accountId: string;
    let fundingId: string;
    let base: string;

    beforeAll(async () => {
      server = await startTestServer(engine, {
        limits: { activeCampaigns: ACTIVE_LIMIT, campaignBatchMax: 5 },
      });
      admin = await createActor(server.ctx);
      ({ accountId, fundingInstrumentId: fundingId } = await createAccountFor(
        server.ctx,
        admin.userId,
      ));
      base = `/12/accounts/${accountId}`;
    });
    afterAll(() => server.close());

    const create = (query: Record<string, string | number>) =>
      admin.client.post(`${base}/campaigns`, {
        query: { funding_instrument_id: fundingId, ...query },
      });

    it("creates, reads, updates (ACTIVE ↔ PAUSED) and deletes a campaign; a second delete is 404", async () => {
      const created = await create({
        name: "Launch",
        daily_budget_amount_local_micro: 5_000_000,
        entity_status: "PAUSED",
      });
      expect(created.status).toBe(200);
      const campaign = singleEnvelope(campaignSchema).parse(bodyOf(created)).data;
      expect(campaign).toMatchObject({
        name: "Launch",
        currency: "USD",
        entity_status: "PAUSED",
        servable: false,
        standard_delivery: true,
        budget_optimization: "CAMPAIGN",
        deleted: false,
      });
      expect(campaign.reasons_not_servable).toEqual(["PAUSED_BY_ADVERTISER"]);
      expect(campaign.effective_status).toBe("UNKNOWN");
      expect(bodyOf(created).request).toMatchObject({
        params: { account_id: accountId, name: "Launch" },
      });

      const activated = await admin.client.put(`${base}/campaigns/${campaign.id}`, {
        query: { entity_status: "ACTIVE" },
      });
      expect(dataOf(activated).entity_status).toBe("ACTIVE");
      // An able funding instrument, ACTIVE, started and not ended: it runs.
      expect(dataOf(activated)).toMatchObject({
        effective_status: "RUNNING",
        servable: true,
        reasons_not_servable: [],
      });
      const paused = await admin.client.put(`${base}/campaigns/${campaign.id}`, {
        query: { entity_status: "PAUSED", name: "Launch 2" },
      });
      expect(dataOf(paused)).toMatchObject({ entity_status: "PAUSED", name: "Launch 2" });

      const deleted = await admin.client.delete(`${base}/campaigns/${campaign.id}`);
      expect(dataOf(deleted).deleted).toBe(true);
      expect((await admin.client.delete(`${base}/campaigns/${campaign.id}`)).status).toBe(404);
      expect((await admin.client.get(`${base}/campaigns/${campaign.id}`)).status).toBe(404);
      expect(
        dataOf(await admin.client.get(`${base}/campaigns/${campaign.id}`, { with_deleted: true }))
          .deleted,
      ).toBe(true);
      expect(
        (await admin.client.put(`${base}/campaigns/${campaign.id}`, { query: { name: "x" } }))
          .status,
      ).toBe(404);
    });

    it("refuses invalid parameters listing every violation, writing nothing", async () => {
      const before = await server.ctx.prisma.campaign.count();
      const response = await create({
        name: "x".repeat(256),
        daily_budget_amount_local_micro: 10,
        total_budget_amount_local_micro: 5,
        entity_status: "RUNNING",
      });
      expect(response.status).toBe(400);
      const parameters = errorsOf(response)
        .map((error) => error.parameter)
        .sort();
      expect(parameters).toEqual(["daily_budget_amount_local_micro", "entity_status", "name"]);
      const missing = await admin.client.post(`${base}/campaigns`, {
        query: { name: "no funding" },
      });
      expect(bodyOf(missing).errors).toEqual([
        {
          code: "MISSING_PARAMETER",
          message: "funding_instrument_id is required",
          parameter: "funding_instrument_id",
        },
      ]);
      const unknownFunding = await create({ name: "x", funding_instrument_id: "nope" });
      expect(errorOf(unknownFunding).parameter).toBe("funding_instrument_id");
      expect(await server.ctx.prisma.campaign.count()).toBe(before);
    });

    it("lists with campaign_ids, funding_instrument_ids, q, with_draft, with_deleted and sort_by", async () => {
      const other = await createAccountFor(server.ctx, admin.userId);
      const { accountId: listAccount, fundingInstrumentId: listFunding } = other;
      const path = `/12/accounts/${listAccount}/campaigns`;
      const made: string[] = [];
      for (const name of ["Alpha", "alpine", "Beta"]) {
        const response = await admin.client.post(path, {
          query: { name, funding_instrument_id: listFunding, entity_status: "PAUSED" },
        });
        made.push(idOf(response));
      }
      await server.ctx.prisma.campaign.create({
        data: {
          id: "draft1",
          accountId: listAccount,
          fundingInstrumentId: listFunding,
          name: "Draft",
          entityStatus: "PAUSED",
          currency: "USD",
          draft: true,
        },
      });
      await admin.client.delete(`${path}/${made[2] ?? ""}`);
      const all = campaignList.parse(bodyOf(await admin.client.get(path)));
      expect(all.data.map((campaign) => campaign.name)).toEqual(["Alpha", "alpine"]);
      expect(idsOf(await admin.client.get(path, { q: "ALP" }))).toEqual(made.slice(0, 2));
      expect(idsOf(await admin.client.get(path, { campaign_ids: made[1] }))).toEqual([made[1]]);
      expect(
        idsOf(
          await admin.client.get(path, { funding_instrument_ids: listFunding, with_deleted: true }),
        ),
      ).toHaveLength(3);
      expect(idsOf(await admin.client.get(path, { with_draft: true }))).toContain("draft1");
      const sorted = await admin.client.get(path, { sort_by: "name-desc" });
      expect(itemsOf(sorted).map((campaign) => campaign.name)).toEqual(["alpine", "Alpha"]);
      const badSort = await admin.client.get(path, { sort_by: "salary-asc" });
      expect(badSort.status).toBe(400);
      expect(errorOf(badSort).parameter).toBe("sort_by");
      const conflict = await admin.client.get(path, { with_total_count: true, cursor: "abc" });
      expect(conflict.status).toBe(400);
      const badCursor = await admin.client.get(path, { cursor: "not-a-cursor-of-ours-at-all" });
      expect(errorOf(badCursor).parameter).toBe("cursor");
      const total = await admin.client.get(path, { with_total_count: true, count: 1 });
      expect(bodyOf(total)).toMatchObject({ total_count: 2 });
      expect(itemsOf(total)).toHaveLength(1);
    });

    it("keeps at most the account's limit of active campaigns", async () => {
      const { accountId: limited, fundingInstrumentId: funding } = await createAccountFor(
        server.ctx,
        admin.userId,
      );
      const path = `/12/accounts/${limited}/campaigns`;
      for (let index = 0; index < ACTIVE_LIMIT; index += 1) {
        expect(
          (
            await admin.client.post(path, {
              query: { name: `A${index}`, funding_instrument_id: funding },
            })
          ).status,
        ).toBe(200);
      }
      const over = await admin.client.post(path, {
        query: { name: "over", funding_instrument_id: funding },
      });
      expect(over.status).toBe(400);
      expect(errorOf(over).code).toBe("TOO_MANY_ACTIVE_CAMPAIGNS");
      const paused = await admin.client.post(path, {
        query: { name: "paused", funding_instrument_id: funding, entity_status: "PAUSED" },
      });
      expect(paused.status).toBe(200);
      expect(
        (
          await admin.client.put(`${path}/${idOf(paused)}`, {
            query: { entity_status: "ACTIVE" },
          })
        ).status,
      ).toBe(400);
      await server.ctx.prisma.account.update({
        where: { id: limited },
        data: { activeCampaignLimit: ACTIVE_LIMIT + 1 },
      });
      expect(
        (
          await admin.client.put(`${path}/${idOf(paused)}`, {
            query: { entity_status: "ACTIVE" },
          })
        ).status,
      ).toBe(200);
    });

    it("runs a batch in order, all or nothing, naming a bad item's index", async () => {
      const keep = await create({ name: "Batch target", entity_status: "PAUSED" });
      const target = idOf(keep);
      const ok = await admin.client.post(`/12/batch/accounts/${accountId}/campaigns`, {
        json: [
          {
            operation_type: "Create",
            params: { name: "B1", funding_instrument_id: fundingId, entity_status: "PAUSED" },
          },
          { operation_type: "Update", params: { campaign_id: target, name: "Renamed in batch" } },
          { operation_type: "Delete", params: { campaign_id: target } },
        ],
      });
      expect(ok.status).toBe(200);
      const parsed = batchSchema.parse(bodyOf(ok));
      expect(parsed.data.map((campaign) => campaign.name)).toEqual([
        "B1",
        "Renamed in batch",
        "Renamed in batch",
      ]);
      expect(parsed.request.map((item) => item.operation_type)).toEqual([
        "Create",
        "Update",
        "Delete",
      ]);
      expect(parsed.data[2]?.deleted).toBe(true);

      const before = await server.ctx.prisma.campaign.count({ where: { accountId } });
      const bad = await admin.client.post(`/12/batch/accounts/${accountId}/campaigns`, {
        json: [
          {
            operation_type: "Create",
            params: { name: "C1", funding_instrument_id: fundingId, entity_status: "PAUSED" },
          },
          { operation_type: "Update", params: { campaign_id: "missing", name: "x" } },
          {
            operation_type: "Create",
            params: { name: "C3", funding_instrument_id: fundingId, entity_status: "PAUSED" },
          },
        ],
      });
      expect(bad.status).toBe(400);
      expect(operationErrorsOf(bad)[0]).toEqual([]);
      expect(operationErrorsOf(bad)[1]?.[0]).toMatchObject({
        code: "NOT_FOUND",
        parameter: "campaign_id",
      });
      expect(operationErrorsOf(bad)[2]).toEqual([]);
      expect(await server.ctx.prisma.campaign.count({ where: { accountId } })).toBe(before);

      const invalid = await admin.client.post(`/12/batch/accounts/${accountId}/campaigns`, {
        json: [
          { operation_type: "Create", params: { name: "ok", funding_instrument_id: fundingId } },
          { operation_type: "Create", params: { name: "", funding_instrument_id: fundingId } },
        ],
      });
      expect(invalid.status).toBe(400);
      expect(operationErrorsOf(invalid)[1]?.[0]).toMatchObject({ parameter: "name" });
      const tooMany = await admin.client.post(`/12/batch/accounts/${accountId}/campaigns`, {
        json: Array.from({ length: 6 }, () => ({
          operation_type: "Delete",
          params: { campaign_id: "x" },
        })),
      });
      expect(tooMany.status).toBe(400);
      expect(errorOf(tooMany)).toMatchObject({
        code: "TOO_MANY_ITEMS",
        parameter: "operations",
      });
      expect(await server.ctx.prisma.campaign.count({ where: { accountId } })).toBe(before);
    });

    it("lists, reads, creates (sandbox) and deletes (sandbox) funding instruments", async () => {
      const path = `${base}/funding_instruments`;
      const created = await admin.client.post(
        path,
        {
          query: {
            type: "INSERTION_ORDER",
            currency: "EUR",
            start_time: "2026-01-01T00:00:00Z",
            end_time: "2027-01-01T00:00:00Z",
            funded_amount_local_micro: 1_000_000_000,
          },
        },
        "ads-sandbox",
      );
      expect(created.status).toBe(200);
      const funding = singleEnvelope(fundingInstrumentSchema).parse(bodyOf(created)).data;
      expect(funding).toMatchObject({
        type: "INSERTION_ORDER",
        currency: "EUR",
        funded_amount_local_micro: 1_000_000_000,
        credit_limit_local_micro: null,
        able_to_fund: true,
      });
      const onProduction = await admin.client.post(path, {
        query: { type: "CREDIT_CARD", currency: "USD", start_time: "2026-01-01T00:00:00Z" },
      });
      expect(onProduction.status).toBe(403);
      const wrongFields = await admin.client.post(
        path,
        {
          query: {
            type: "CREDIT_CARD",
            currency: "USD",
            start_time: "2026-01-01T00:00:00Z",
            credit_limit_local_micro: 5,
          },
        },
        "ads-sandbox",
      );
      expect(errorOf(wrongFields).parameter).toBe("credit_limit_local_micro");
      const needsLimit = await admin.client.post(
        path,
        { query: { type: "CREDIT_LINE", currency: "USD", start_time: "2026-01-01T00:00:00Z" } },
        "ads-sandbox",
      );
      expect(errorOf(needsLimit)).toMatchObject({
        code: "MISSING_PARAMETER",
        parameter: "credit_limit_local_micro",
      });

      const list = await admin.client.get(path, {
        funding_instrument_ids: `${fundingId},${funding.id}`,
      });
      expect(idsOf(list).sort()).toEqual([fundingId, funding.id].sort());
      expect(dataOf(await admin.client.get(`${path}/${funding.id}`)).currency).toBe("EUR");

      const euroCampaign = await create({
        name: "In euros",
        funding_instrument_id: funding.id,
        entity_status: "PAUSED",
      });
      expect(dataOf(euroCampaign).currency).toBe("EUR");

      const deleted = await admin.client.delete(`${path}/${funding.id}`, {}, "ads-sandbox");
      expect(dataOf(deleted)).toMatchObject({
        deleted: true,
        able_to_fund: false,
        reasons_not_able_to_fund: ["DELETED"],
      });
      expect((await admin.client.delete(`${path}/${funding.id}`, {}, "ads-sandbox")).status).toBe(
        404,
      );
      expect((await admin.client.get(`${path}/${funding.id}`)).status).toBe(404);
      expect((await admin.client.get(`${path}/${funding.id}`, { with_deleted: true })).status).toBe(
        200,
      );
      const campaign = await admin.client.get(`${base}/campaigns/${idOf(euroCampaign)}`);
      expect(dataOf(campaign).reasons_not_servable).toContain("FUNDING_PROBLEM");
      expect((await create({ name: "x", funding_instrument_id: funding.id })).status).toBe(400);
    });
  },
);
