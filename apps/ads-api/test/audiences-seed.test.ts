import { createHash } from "node:crypto";
import { AUDIENCE_FEATURES, getEndpoint } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS, UsageError } from "../src/cli/commands.js";
import type { Options } from "../src/cli/commands.js";
import { DEMO_AUDIENCES, DEMO_BUSINESSES } from "../src/seed/demo-audiences.js";
import { DEMO } from "../src/seed/demo-credentials.js";
import { seedDemo } from "../src/seed/demo-seed.js";
import { bodyOf, dataOf, errorOf, idsOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { AdsClient } from "./support/signed-fetch.js";

const [FIRST, SECOND] = DEMO.accounts;
const THIRD = DEMO.otherBusinessAccount;
const ALL = [FIRST.id, SECOND.id, THIRD.id];
const listSchema = getEndpoint("custom_audiences.list").response.schema;

describe.each(TEST_ENGINES)("seeded audiences and their CLI on %s (issue 17)", (engine) => {
  let server: TestServer;
  let demo: AdsClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    await seedDemo(server.ctx.prisma, server.ctx.box);
    demo = new AdsClient(server.urls, {
      consumer: { consumerKey: DEMO.app.consumerKey, consumerSecret: DEMO.app.consumerSecret },
      token: { token: DEMO.accessToken.token, tokenSecret: DEMO.accessToken.secret },
    });
  });
  afterAll(() => server.close());

  async function command(name: string, options: Options): Promise<string[]> {
    const found = COMMANDS[name];
    if (found === undefined) throw new Error(`no command ${name}`);
    return found.run(server.ctx, options);
  }

  const audiences = (account: string) => `/12/accounts/${account}/custom_audiences`;

  it("puts dmo1ab and dmo2cd in one business and dmo3ef, administered by the demo user, in another", async () => {
    expect(idsOf(await demo.get("/12/accounts"))).toEqual(ALL);
    const businesses = await Promise.all(
      ALL.map(async (id) => dataOf(await demo.get(`/12/accounts/${id}`)).business_id),
    );
    expect(businesses).toEqual([
      DEMO_BUSINESSES.shared,
      DEMO_BUSINESSES.shared,
      DEMO_BUSINESSES.other,
    ]);
    const features = await server.ctx.prisma.account.findMany({
      where: { id: { in: ALL } },
      orderBy: { id: "asc" },
    });
    expect(
      features.map((account) => account.features.includes(AUDIENCE_FEATURES.BATCH_BETA)),
    ).toEqual([true, false, false]);
    expect(
      features.some((account) =>
        account.features.includes(AUDIENCE_FEATURES.SHARE_OUTSIDE_BUSINESS),
      ),
    ).toBe(false);
    const access = dataOf(await demo.get(`/12/accounts/${THIRD.id}/authenticated_user_access`));
    expect(access.permissions).toEqual(["ACCOUNT_ADMIN"]);
  });

  it("gives each account a targetable CRM audience and a mobile one; dmo2cd also sees dmo1ab's, READ_ONLY", async () => {
    const first = listSchema.parse(bodyOf(await demo.get(audiences(FIRST.id)))).data;
    expect(
      first.map((item) => [item.id, item.audience_type, item.audience_size, item.targetable]),
    ).toEqual([
      [DEMO_AUDIENCES.crm(FIRST.id), "CRM", 125, true],
      [DEMO_AUDIENCES.mobile(FIRST.id), "MOBILE_AUDIENCE", 110, true],
    ]);
    expect(first.map((item) => item.list_type)).toEqual(["EMAIL", "DEVICE_ID"]);
    const second = listSchema.parse(bodyOf(await demo.get(audiences(SECOND.id)))).data;
    expect(second.map((item) => [item.id, item.is_owner, item.permission_level])).toEqual([
      [DEMO_AUDIENCES.crm(FIRST.id), false, "READ_ONLY"],
      [DEMO_AUDIENCES.crm(SECOND.id), true, "READ_WRITE"],
      [DEMO_AUDIENCES.mobile(SECOND.id), true, "READ_WRITE"],
    ]);
    expect(second[2]).toMatchObject({ targetable: false, reasons_not_targetable: ["TOO_SMALL"] });
    const third = listSchema.parse(bodyOf(await demo.get(audiences(THIRD.id)))).data;
    expect(third.map((item) => [item.id, item.audience_size])).toEqual([
      [DEMO_AUDIENCES.crm(THIRD.id), 175],
      [DEMO_AUDIENCES.mobile(THIRD.id), null],
    ]);
    const permissions = await demo.get(
      `${audiences(FIRST.id)}/${DEMO_AUDIENCES.crm(FIRST.id)}/permissions`,
    );
    expect(itemsOf(permissions)).toEqual([
      expect.objectContaining({
        id: DEMO_AUDIENCES.sharedPermission,
        granted_account_id: SECOND.id,
        permission_level: "READ_ONLY",
      }),
    ]);
  });

  it("stores members as SHA-256 digests of made-up identifiers, never clear text", async () => {
    const members = await server.ctx.prisma.audienceMember.findMany({
      where: {
        audienceId: {
          in: ALL.flatMap((id) => [DEMO_AUDIENCES.crm(id), DEMO_AUDIENCES.mobile(id)]),
        },
      },
    });
    expect(members).toHaveLength(125 + 110 + 150 + 20 + 175 + 20);
    expect(members.every((member) => /^[0-9a-f]{64}$/.test(member.value))).toBe(true);
    const digest = createHash("sha256").update("customer-1-1@example.com").digest("hex");
    expect(members.some((member) => member.value === digest && member.kind === "email")).toBe(true);
  });

  it("targets dmo1ab's CRM audience from the first line item of both accounts", async () => {
    const shared = DEMO_AUDIENCES.crm(FIRST.id);
    for (const account of [FIRST.id, SECOND.id]) {
      const criterion = dataOf(
        await demo.get(
          `/12/accounts/${account}/targeting_criteria/${DEMO_AUDIENCES.criterion(account)}`,
        ),
      );
      expect(criterion).toMatchObject({
        line_item_id: `${account}l1`,
        targeting_type: "CUSTOM_AUDIENCE",
        targeting_value: shared,
      });
      const targeted = await demo.get(`${audiences(account)}/${shared}/targeted`);
      expect(itemsOf(targeted)).toEqual([
        {
          campaign_id: `${account}c1`,
          campaign_name: "Spring launch",
          line_items: [{ id: `${account}l1`, name: "Spring launch: site visits", servable: true }],
        },
      ]);
    }
  });

  it("refuses sharing with dmo3ef until the CLI gives dmo1ab the outside-sharing feature or dmo3ef the business", async () => {
    const mobile = DEMO_AUDIENCES.mobile(FIRST.id);
    const grant = () =>
      demo.post(`${audiences(FIRST.id)}/${mobile}/permissions`, {
        query: { granted_account_id: THIRD.id, permission_level: "READ_ONLY" },
      });
    expect(errorOf(await grant()).code).toBe("SHARING_NOT_ALLOWED");
    expect(
      await command("set-features", {
        account: FIRST.id,
        add: [AUDIENCE_FEATURES.SHARE_OUTSIDE_BUSINESS],
      }),
    ).toEqual([
      `account ${FIRST.id}: features PROMOTED_MEDIA_POLLS, ${AUDIENCE_FEATURES.BATCH_BETA}, ${AUDIENCE_FEATURES.SHARE_OUTSIDE_BUSINESS}`,
    ]);
    const allowed = await grant();
    expect(allowed.status, allowed.text).toBe(200);
    await command("set-features", {
      account: FIRST.id,
      remove: [AUDIENCE_FEATURES.SHARE_OUTSIDE_BUSINESS],
    });
    await demo.delete(`${audiences(FIRST.id)}/${mobile}/permissions/${String(dataOf(allowed).id)}`);
    expect(errorOf(await grant()).code).toBe("SHARING_NOT_ALLOWED");

    expect(
      await command("set-business-id", {
        account: THIRD.id,
        "business-id": DEMO_BUSINESSES.shared,
      }),
    ).toEqual([`account ${THIRD.id}: business ${DEMO_BUSINESSES.shared}`]);
    expect((await grant()).status).toBe(200);
    await command("set-business-id", { account: THIRD.id, none: true });
    expect(dataOf(await demo.get(`/12/accounts/${THIRD.id}`)).business_id).toBeNull();
    await command("set-business-id", { account: THIRD.id, "business-id": DEMO_BUSINESSES.other });

    await expect(
      command("set-business-id", { account: THIRD.id, "business-id": "a b" }),
    ).rejects.toThrow(UsageError);
    await expect(command("set-features", { account: THIRD.id, add: ["lower"] })).rejects.toThrow(
      UsageError,
    );
    await expect(command("set-features", { account: "nosuch1", add: ["X"] })).rejects.toThrow(
      UsageError,
    );
    await expect(command("set-business-id", { account: "nosuch1", none: true })).rejects.toThrow(
      UsageError,
    );
  });

  it("lets dmo1ab (in the beta) batch a flexible audience of its mobile one; dmo2cd is not in the beta", async () => {
    const operations = [
      {
        operation_type: "Create",
        params: {
          audience_type: "FLEXIBLE",
          name: "Installers, last week",
          segments: { custom_audience_id: DEMO_AUDIENCES.mobile(FIRST.id), lookback_window: 7 },
        },
      },
    ];
    const made = await demo.post(`/12/batch/accounts/${FIRST.id}/custom_audiences`, {
      json: operations,
    });
    expect(made.status, made.text).toBe(200);
    const refused = await demo.post(`/12/batch/accounts/${SECOND.id}/custom_audiences`, {
      json: operations,
    });
    expect(errorOf(refused).code).toBe("BETA_FEATURE_REQUIRED");
  });

  it("runs the audiences step once, also on a database seeded before it existed", async () => {
    const prisma = server.ctx.prisma;
    // What a database seeded before issue 17 holds: no audiences, no dmo3ef, no business ids.
    await prisma.targetingCriterion.deleteMany({});
    await prisma.audiencePermission.deleteMany({});
    await prisma.audienceMember.deleteMany({});
    await prisma.customAudience.deleteMany({});
    await prisma.fundingInstrument.deleteMany({ where: { accountId: THIRD.id } });
    await prisma.account.delete({ where: { id: THIRD.id } });
    await prisma.account.updateMany({
      where: { id: { in: [FIRST.id, SECOND.id] } },
      data: { businessId: null, features: ["PROMOTED_MEDIA_POLLS"] },
    });
    await prisma.meta.delete({ where: { key: "demo_audiences" } });

    expect(await seedDemo(prisma, server.ctx.box)).toBe(false);
    expect(await seedDemo(prisma, server.ctx.box)).toBe(false);
    expect(await prisma.customAudience.count()).toBe(6);
    expect(await prisma.audiencePermission.count()).toBe(1);
    expect(await prisma.targetingCriterion.count()).toBe(2);
    expect(idsOf(await demo.get("/12/accounts"))).toEqual(ALL);
    const first = await prisma.account.findUniqueOrThrow({ where: { id: FIRST.id } });
    expect(first.features).toEqual(["PROMOTED_MEDIA_POLLS", AUDIENCE_FEATURES.BATCH_BETA]);
    expect(first.businessId).toBe(DEMO_BUSINESSES.shared);
  });
});
