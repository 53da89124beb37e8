import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import { createAccountRow } from "../src/services/accounts.js";
import { createFundingInstrumentRow } from "../src/services/funding-instruments.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { dataOf, errorOf, idsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { ApiResponse } from "./support/signed-fetch.js";
import type { TestServer } from "./support/server.js";

const SANDBOX = "ads-sandbox";

describe.each(HTTP_TEST_ENGINES)("sandbox host on %s (spec §1, §3, §4.3, §4.5)", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let productionId: string;
  let productionFundingId: string;
  let sandboxId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await createActor(server.ctx);
    // As `cli create-account --production` makes it.
    const production = await createAccountRow(server.ctx.prisma, {
      name: "Production account",
      sandbox: false,
    });
    productionId = production.id;
    await grantAccess(server.ctx.prisma, productionId, admin.userId, ["ACCOUNT_ADMIN"]);
    productionFundingId = (
      await createFundingInstrumentRow(
        server.ctx.prisma,
        productionId,
        { type: "CREDIT_CARD", currency: "USD", start_time: "2026-01-01T00:00:00Z" },
        new Date(),
      )
    ).id;
    ({ accountId: sandboxId } = await createAccountFor(server.ctx, admin.userId));
  });
  afterAll(() => server.close());

  /** Everything a refused call could have changed on the production account. */
  async function productionState(): Promise<unknown> {
    const prisma = server.ctx.prisma;
    return {
      account: await prisma.account.findUniqueOrThrow({ where: { id: productionId } }),
      funding: await prisma.fundingInstrument.findMany({
        where: { accountId: productionId },
        orderBy: { id: "asc" },
      }),
      campaigns: await prisma.campaign.count({ where: { accountId: productionId } }),
    };
  }

  function expectSandboxOnly(response: ApiResponse): void {
    expect(response.status, response.text).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: "SANDBOX_ONLY", parameter: "account_id" });
    expect(errorOf(response).message).toContain(`account ${productionId} is a production account`);
  }

  it("refuses to delete a production account, or create or delete its funding, changing nothing", async () => {
    const before = await productionState();
    expectSandboxOnly(await admin.client.delete(`/12/accounts/${productionId}`, {}, SANDBOX));
    expectSandboxOnly(
      await admin.client.post(
        `/12/accounts/${productionId}/funding_instruments`,
        {
          query: { type: "CREDIT_CARD", currency: "USD", start_time: "2026-01-01T00:00:00Z" },
        },
        SANDBOX,
      ),
    );
    expectSandboxOnly(
      await admin.client.delete(
        `/12/accounts/${productionId}/funding_instruments/${productionFundingId}`,
        {},
        SANDBOX,
      ),
    );
    expect(await productionState()).toEqual(before);
  });

  it("does nothing else to a production account either: reads, updates and campaigns are refused", async () => {
    const before = await productionState();
    expectSandboxOnly(await admin.client.get(`/12/accounts/${productionId}`, {}, SANDBOX));
    expectSandboxOnly(
      await admin.client.put(`/12/accounts/${productionId}`, { query: { name: "x" } }, SANDBOX),
    );
    expectSandboxOnly(
      await admin.client.post(
        `/12/accounts/${productionId}/campaigns`,
        {
          query: {
            name: "Spend",
            funding_instrument_id: productionFundingId,
            entity_status: "ACTIVE",
          },
        },
        SANDBOX,
      ),
    );
    expect(await productionState()).toEqual(before);
    const listed = await admin.client.get("/12/accounts", {}, SANDBOX);
    expect(idsOf(listed)).toEqual([sandboxId]);
  });

  it("serves production accounts on the production host, where sandbox-only calls stay refused", async () => {
    expect(dataOf(await admin.client.get(`/12/accounts/${productionId}`)).id).toBe(productionId);
    expect(idsOf(await admin.client.get("/12/accounts")).sort()).toEqual(
      [productionId, sandboxId].sort(),
    );
    const refused = await admin.client.delete(`/12/accounts/${productionId}`);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe("SANDBOX_ONLY");
    expect(
      (await server.ctx.prisma.account.findUniqueOrThrow({ where: { id: productionId } })).deleted,
    ).toBe(false);
  });

  it("creates and deletes funding instruments and accounts of sandbox accounts on the sandbox host", async () => {
    const created = await admin.client.post(
      `/12/accounts/${sandboxId}/funding_instruments`,
      { query: { type: "CREDIT_CARD", currency: "EUR", start_time: "2026-02-01T00:00:00Z" } },
      SANDBOX,
    );
    expect(created.status, created.text).toBe(200);
    const fundingId = String(dataOf(created).id);
    const deleted = await admin.client.delete(
      `/12/accounts/${sandboxId}/funding_instruments/${fundingId}`,
      {},
      SANDBOX,
    );
    expect(dataOf(deleted)).toMatchObject({ deleted: true, able_to_fund: false });
    const account = await admin.client.post("/12/accounts", {}, SANDBOX);
    const id = String(dataOf(account).id);
    expect((await server.ctx.prisma.account.findUniqueOrThrow({ where: { id } })).sandbox).toBe(
      true,
    );
    expect(dataOf(await admin.client.delete(`/12/accounts/${id}`, {}, SANDBOX)).deleted).toBe(true);
  });

  it("takes a funding instrument's end_time only after its start_time, storing both as sent", async () => {
    const path = `/12/accounts/${sandboxId}/funding_instruments`;
    const order = (start: string, end: string) => ({
      query: {
        type: "INSERTION_ORDER",
        currency: "USD",
        start_time: start,
        end_time: end,
        funded_amount_local_micro: 1_000_000,
      },
    });
    const count = () =>
      server.ctx.prisma.fundingInstrument.count({ where: { accountId: sandboxId } });
    const before = await count();
    for (const [start, end] of [
      ["2026-03-01T00:00:00Z", "2026-03-01T00:00:00Z"], // the same second
      ["2026-03-01T00:00:01Z", "2026-03-01T00:00:00Z"],
      ["2027-01-01T00:00:00Z", "2026-12-31T23:59:59Z"],
    ] as const) {
      const refused = await admin.client.post(path, order(start, end), SANDBOX);
      expect(refused.status, refused.text).toBe(400);
      expect(errorOf(refused)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "end_time" });
    }
    expect(await count()).toBe(before);
    const created = await admin.client.post(
      path,
      order("2026-12-31T23:59:59Z", "2027-01-01T00:00:00Z"),
      SANDBOX,
    );
    expect(created.status, created.text).toBe(200);
    expect(dataOf(created)).toMatchObject({
      start_time: "2026-12-31T23:59:59Z",
      end_time: "2027-01-01T00:00:00Z",
    });
  });

  it("does not say whether an account it cannot access is a production one", async () => {
    const outsider = await createActor(server.ctx);
    const refused = await outsider.client.delete(`/12/accounts/${productionId}`, {}, SANDBOX);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe("UNAUTHORIZED_ACCESS");
  });
});
