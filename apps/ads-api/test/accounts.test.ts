import {
  accountHistoryEntrySchema,
  accountSchema,
  authenticatedUserAccessSchema,
  getEndpoint,
  listEnvelope,
  singleEnvelope,
  taxSettingsSchema,
  userSettingsSchema,
} from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { bodyOf, cursorOf, dataOf, errorOf, idOf, idsOf, itemsOf } from "./support/bodies.js";

const accountList = getEndpoint("accounts.list").response.schema;
const hourAgo = () => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

describe.each(HTTP_TEST_ENGINES)("accounts on %s (spec §4.3)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let accountId: string;
  let fundingInstrumentId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    ({ accountId, fundingInstrumentId } = await createAccountFor(server.ctx, admin.userId));
  });
  afterAll(() => server.close());

  it("lists the user's accounts with account_ids, q and the list parameters", async () => {
    const second = await createAccountFor(server.ctx, admin.userId);
    const all = await admin.client.get("/12/accounts", { with_total_count: true });
    expect(all.status).toBe(200);
    const parsed = accountList.parse(bodyOf(all));
    expect(parsed.data.map((account) => account.id)).toEqual([accountId, second.accountId]);
    expect(parsed.total_count).toBe(2);
    expect(parsed.data[0]).not.toHaveProperty("industry_type");
    const one = await admin.client.get("/12/accounts", { account_ids: second.accountId });
    expect(idsOf(one)).toEqual([second.accountId]);
    expect(bodyOf(one).request).toEqual({ params: { account_ids: [second.accountId] } });
    const byName = await admin.client.get("/12/accounts", { q: "aCcOuNt" });
    expect(itemsOf(byName)).toHaveLength(2);
    const none = await admin.client.get("/12/accounts", { q: "zzz" });
    expect(itemsOf(none)).toEqual([]);
    const page = await admin.client.get("/12/accounts", { count: 1, sort_by: "created_at-desc" });
    expect(itemsOf(page)[0]?.id).toBe(second.accountId);
    const rest = await admin.client.get("/12/accounts", {
      count: 1,
      sort_by: "created_at-desc",
      cursor: cursorOf(page),
    });
    expect(itemsOf(rest)[0]?.id).toBe(accountId);
    expect(bodyOf(rest).next_cursor).toBeNull();
  });

  it("reads and updates one account (industry_type on single reads)", async () => {
    const read = await admin.client.get(`/12/accounts/${accountId}`);
    expect(singleEnvelope(accountSchema).parse(bodyOf(read)).data.industry_type).toBe("OTHER");
    const updated = await admin.client.put(`/12/accounts/${accountId}`, {
      query: { name: "Renamed account", industry_type: "RETAIL" },
    });
    expect(updated.status).toBe(200);
    expect(dataOf(updated)).toMatchObject({ name: "Renamed account", industry_type: "RETAIL" });
    const bad = await admin.client.put(`/12/accounts/${accountId}`, {
      query: { industry_type: "SPACE" },
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).parameter).toBe("industry_type");
  });

  it("creates and deletes accounts on the sandbox host only", async () => {
    const refused = await admin.client.post("/12/accounts");
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe("SANDBOX_ONLY");
    const created = await admin.client.post("/12/accounts", {}, "ads-sandbox");
    expect(created.status).toBe(200);
    const id = singleEnvelope(accountSchema).parse(bodyOf(created)).data.id;
    const access = await admin.client.get(`/12/accounts/${id}/authenticated_user_access`);
    expect(dataOf(access).permissions).toEqual(["ACCOUNT_ADMIN"]);
    expect((await admin.client.delete(`/12/accounts/${id}`)).status).toBe(403);
    const deleted = await admin.client.delete(`/12/accounts/${id}`, {}, "ads-sandbox");
    expect(dataOf(deleted).deleted).toBe(true);
    expect((await admin.client.get(`/12/accounts/${id}`)).status).toBe(404);
    expect(
      dataOf(await admin.client.get(`/12/accounts/${id}`, { with_deleted: true })).deleted,
    ).toBe(true);
    expect((await admin.client.delete(`/12/accounts/${id}`, {}, "ads-sandbox")).status).toBe(404);
  });

  it("lists account apps", async () => {
    await server.ctx.prisma.accountApp.create({
      data: {
        id: "app1x",
        accountId,
        name: "Android",
        appStoreIdentifier: "com.example",
        osType: "ANDROID",
      },
    });
    const apps = await admin.client.get(`/12/accounts/${accountId}/account_apps`);
    expect(itemsOf(apps)).toMatchObject([
      { id: "app1x", app_store_identifier: "com.example", os_type: "ANDROID" },
    ]);
  });

  it("records campaign changes in account_history (whole-hour windows)", async () => {
    const created = await admin.client.post(`/12/accounts/${accountId}/campaigns`, {
      query: {
        name: "History",
        funding_instrument_id: fundingInstrumentId,
        entity_status: "PAUSED",
      },
    });
    const campaignId = idOf(created);
    await admin.client.put(`/12/accounts/${accountId}/campaigns/${campaignId}`, {
      query: { name: "History 2" },
    });
    await admin.client.delete(`/12/accounts/${accountId}/campaigns/${campaignId}`);
    const window = {
      entity_type: "CAMPAIGN",
      entity_id: campaignId,
      start_time: iso(hourAgo()),
      end_time: iso(new Date(hourAgo().getTime() + 3 * 3_600_000)),
    };
    const history = await admin.client.get(`/12/accounts/${accountId}/account_history`, window);
    expect(history.status).toBe(200);
    const entries = listEnvelope(accountHistoryEntrySchema).parse(bodyOf(history)).data;
    expect(entries.map((entry) => entry.change_type)).toEqual(["CREATE", "UPDATE", "DELETE"]);
    expect(entries[1]).toMatchObject({
      user_id: admin.userId,
      changes: { name: { old_value: "History", new_value: "History 2" } },
    });
    const paged = await admin.client.get(`/12/accounts/${accountId}/account_history`, {
      ...window,
      count: 2,
    });
    expect(itemsOf(paged)).toHaveLength(2);
    const rest = await admin.client.get(`/12/accounts/${accountId}/account_history`, {
      ...window,
      count: 2,
      cursor: cursorOf(paged),
    });
    expect(itemsOf(rest).map((entry) => entry.change_type)).toEqual(["DELETE"]);
    const notWhole = await admin.client.get(`/12/accounts/${accountId}/account_history`, {
      ...window,
      start_time: "2026-01-01T00:30:00Z",
    });
    expect(notWhole.status).toBe(400);
    expect(errorOf(notWhole).parameter).toBe("start_time");
  });

  it("answers authenticated_user_access, tax settings and user settings", async () => {
    const access = await admin.client.get(`/12/accounts/${accountId}/authenticated_user_access`);
    expect(singleEnvelope(authenticatedUserAccessSchema).parse(bodyOf(access)).data).toMatchObject({
      user_id: admin.userId,
      permissions: ["ACCOUNT_ADMIN"],
    });
    const tax = await admin.client.put(`/12/accounts/${accountId}/tax_settings`, {
      query: { tax_category: "BUSINESS_WITH_VAT", address_name: "HQ", billing_contact: "ops" },
    });
    expect(singleEnvelope(taxSettingsSchema).parse(bodyOf(tax)).data).toMatchObject({
      tax_category: "BUSINESS_WITH_VAT",
      address_name: "HQ",
      billing_contact: "ops",
    });
    const settingsPath = `/12/accounts/${accountId}/user_settings/${admin.userId}`;
    const updated = await admin.client.put(settingsPath, {
      query: {
        notification_email: "ads@example.com",
        subscribe_email_types: "ACCOUNT_PERFORMANCE,PERFORMANCE_IMPROVEMENT",
      },
    });
    expect(updated.status).toBe(200);
    const read = await admin.client.get(settingsPath);
    expect(singleEnvelope(userSettingsSchema).parse(bodyOf(read)).data).toMatchObject({
      user_id: admin.userId,
      notification_email: "ads@example.com",
      subscribe_email_types: ["ACCOUNT_PERFORMANCE", "PERFORMANCE_IMPROVEMENT"],
    });
    const other = await createActor(server.ctx);
    const forOther = await admin.client.put(
      `/12/accounts/${accountId}/user_settings/${other.userId}`,
      {
        query: { contact_phone: "1" },
      },
    );
    expect(forOther.status).toBe(403);
  });

  it("enforces access (403 without a role) and roles (analyst reads campaigns, creative manager creatives only)", async () => {
    const outsider = await createActor(server.ctx);
    const denied = await outsider.client.get(`/12/accounts/${accountId}`);
    expect(denied.status).toBe(403);
    expect(errorOf(denied).code).toBe("UNAUTHORIZED_ACCESS");

    const analyst = await createActor(server.ctx);
    const shared = await createAccountFor(server.ctx, analyst.userId, ["CAMPAIGN_ANALYST"]);
    const creative = await createActor(server.ctx);
    await server.ctx.prisma.accountGrant.create({
      data: {
        accountId: shared.accountId,
        userId: creative.userId,
        permissions: ["CREATIVE_MANAGER"],
      },
    });
    const base = `/12/accounts/${shared.accountId}`;
    expect((await analyst.client.get(`${base}/campaigns`)).status).toBe(200);
    // spec §4.3: CAMPAIGN_ANALYST views campaigns and stats, not creatives.
    expect((await analyst.client.get(`${base}/cards`)).status).toBe(403);
    const write = await analyst.client.post(`${base}/campaigns`, {
      query: { name: "x", funding_instrument_id: shared.fundingInstrumentId },
    });
    expect(write.status).toBe(403);
    expect((await analyst.client.put(base, { query: { name: "nope" } })).status).toBe(403);
    expect((await creative.client.get(`${base}/campaigns`)).status).toBe(403);
    expect((await creative.client.get(`${base}/cards`)).status).toBe(200);
    expect((await creative.client.get(base)).status).toBe(200);
    expect(await server.ctx.prisma.campaign.count({ where: { accountId: shared.accountId } })).toBe(
      0,
    );
  });
});
