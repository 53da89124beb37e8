import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import { newAdsId } from "../src/db/ids.js";
import { createAccountRow } from "../src/services/accounts.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { cursorOf, itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/** Stored in this order; `Apple` differs from `apple` only in case (a tie the id breaks). */
const NAMES = ["cherry", "apple", "Banana", "Apple"];

describe.each(TEST_ENGINES)(
  "sort_by a name ignores case as q does, on %s (spec §4.2, issue 33)",
  (engine) => {
    let server: TestServer;
    let user: Actor;
    let accountId: string;

    beforeAll(async () => {
      server = await startTestServer(engine);
      user = await createActor(server.ctx);
      for (const name of NAMES) {
        const account = await createAccountRow(server.ctx.prisma, { name });
        await grantAccess(server.ctx.prisma, account.id, user.userId, ["ACCOUNT_ADMIN"]);
      }
      // campaigns with the same names, in one more account the user may read
      const owner = await createActor(server.ctx);
      const funded = await createAccountFor(server.ctx, owner.userId);
      accountId = funded.accountId;
      await grantAccess(server.ctx.prisma, accountId, user.userId, ["ACCOUNT_ADMIN"]);
      const now = new Date();
      for (const name of NAMES) {
        await server.ctx.prisma.campaign.create({
          data: {
            id: newAdsId(),
            accountId,
            fundingInstrumentId: funded.fundingInstrumentId,
            name,
            entityStatus: "PAUSED",
            currency: "USD",
            createdAt: now,
            updatedAt: now,
          },
        });
      }
    });
    afterAll(() => server.close());

    /** Every page of a list with count=1: the names in the order served, one request a page. */
    async function pagedNames(path: string, sortBy: string): Promise<string[]> {
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const response = await user.client.get(path, {
          sort_by: sortBy,
          count: "1",
          ...(cursor === undefined ? {} : { cursor }),
        });
        expect(response.status, response.text).toBe(200);
        names.push(...itemsOf(response).map((item) => String(item.name)));
        cursor = cursorOf(response);
      } while (cursor !== undefined && names.length <= 2 * NAMES.length);
      return names;
    }

    it("orders accounts and campaigns a < B < c both ways, paged one by one, none skipped or repeated", async () => {
      for (const path of ["/12/accounts", `/12/accounts/${accountId}/campaigns`]) {
        const ascending = await pagedNames(path, "name-asc");
        const descending = await pagedNames(path, "name-desc");
        // the accounts list holds the campaigns' account too
        const listed = ascending.filter((name) => NAMES.includes(name));
        expect(
          listed.map((name) => name.toLowerCase()),
          path,
        ).toEqual(["apple", "apple", "banana", "cherry"]);
        expect([...listed].sort(), path).toEqual([...NAMES].sort());
        // the tie (apple, Apple) breaks by id both ways: descending is ascending reversed
        expect(
          descending.filter((name) => NAMES.includes(name)),
          path,
        ).toEqual([...listed].reverse());
      }
    });
  },
);
