import {
  listEnvelope,
  promotableUserSchema,
  singleEnvelope,
  taxSettingsSchema,
} from "@adsgraph/models";
import { HTTP_TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import { createAccountFor, createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { bodyOf, cursorOf, errorOf, idsOf, itemsOf } from "./support/bodies.js";
import type { ApiResponse } from "./support/signed-fetch.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

/**
 * Beyond the spec (issue 33, the vendor's v12 reference): the account's promotable users (GET
 * promotable_users and its single read, the users `as_user_id` and `GET posts` accept) and the
 * read of what `PUT tax_settings` stored (the SDK's TaxSettings.load).
 */
describe.each(HTTP_TEST_ENGINES)("promotable users and the tax settings read on %s", (engine) => {
  let server: TestServer;
  let admin: Actor;
  let brand: Actor;
  let agency: Actor;
  let accountId: string;
  let bare: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [admin, brand, agency] = await Promise.all([
      createActor(server.ctx),
      createActor(server.ctx),
      createActor(server.ctx),
    ]);
    ({ accountId } = await createAccountFor(server.ctx, admin.userId));
    ({ accountId: bare } = await createAccountFor(server.ctx, admin.userId));
    await server.ctx.prisma.account.update({
      where: { id: accountId },
      data: { promotableUserIds: [admin.userId, brand.userId, agency.userId] },
    });
  });
  afterAll(() => server.close());

  const path = (account: string) => `/12/accounts/${account}/promotable_users`;
  const usersOf = (response: ApiResponse) =>
    listEnvelope(promotableUserSchema).parse(bodyOf(response)).data;

  describe("promotable users", () => {
    it("lists the account's users as the recording does, its full promotable user first", async () => {
      const read = await admin.client.get(path(accountId), { with_total_count: true });
      expect(read.status).toBe(200);
      const body = listEnvelope(promotableUserSchema).parse(bodyOf(read));
      expect(body.data_type).toBe("promotable_user");
      expect(body.total_count).toBe(3);
      expect(body.next_cursor).toBeNull();
      expect(body.data.map((user) => [user.user_id, user.promotable_user_type])).toEqual([
        [admin.userId, "FULL"],
        [brand.userId, "RETWEETS_ONLY"],
        [agency.userId, "RETWEETS_ONLY"],
      ]);
      for (const user of body.data) {
        expect(user).toMatchObject({ account_id: accountId, deleted: false });
        expect(user.id).toMatch(/^[0-9a-z]+$/);
      }
      expect(usersOf(await admin.client.get(path(bare)))).toEqual([]);
    });

    it("reads one by id, the same on every read; another account's id or a made-up one is 404", async () => {
      const [first] = usersOf(await admin.client.get(path(accountId)));
      const one = await admin.client.get(`${path(accountId)}/${first?.id ?? ""}`, {
        with_deleted: "True",
      });
      expect(one.status).toBe(200);
      expect(singleEnvelope(promotableUserSchema).parse(bodyOf(one)).data).toEqual(first);
      const elsewhere = await admin.client.get(`${path(bare)}/${first?.id ?? ""}`);
      expect(elsewhere.status).toBe(404);
      expect(errorOf(elsewhere).parameter).toBe("promotable_user_id");
      expect((await admin.client.get(`${path(accountId)}/zzzz`)).status).toBe(404);
    });

    it("pages with cursors, sorts, and keeps the named ids only", async () => {
      const all = idsOf(await admin.client.get(path(accountId)));
      const first = await admin.client.get(path(accountId), { count: 2 });
      expect(idsOf(first)).toEqual(all.slice(0, 2));
      const rest = await admin.client.get(path(accountId), { count: 2, cursor: cursorOf(first) });
      expect(idsOf(rest)).toEqual(all.slice(2));
      expect(cursorOf(rest)).toBeUndefined();

      const byId = idsOf(await admin.client.get(path(accountId), { sort_by: "id-desc" }));
      expect(byId).toEqual([...all].sort().reverse());
      const sortedPage = await admin.client.get(path(accountId), { sort_by: "id-desc", count: 1 });
      const sortedNext = await admin.client.get(path(accountId), {
        sort_by: "id-desc",
        count: 2,
        cursor: cursorOf(sortedPage),
      });
      expect(idsOf(sortedNext)).toEqual(byId.slice(1));
      // A cursor belongs to its sort, as on every list.
      const mixed = await admin.client.get(path(accountId), { cursor: cursorOf(sortedPage) });
      expect(errorOf(mixed).parameter).toBe("cursor");

      const named = await admin.client.get(path(accountId), {
        promotable_user_ids: `${all[2] ?? ""},nosuchid`,
        with_total_count: "TRUE",
      });
      expect(itemsOf(named).map((user) => user.user_id)).toEqual([agency.userId]);
      expect(bodyOf(named).total_count).toBe(1);
    });

    it("refuses bad list parameters naming them, as its neighbours do", async () => {
      const refused = async (query: Record<string, string | number | boolean>) => {
        const response = await admin.client.get(path(accountId), query);
        expect(response.status).toBe(400);
        return errorOf(response).parameter;
      };
      expect(await refused({ count: 0 })).toBe("count");
      expect(await refused({ count: 1001 })).toBe("count");
      expect(await refused({ sort_by: "user_id-asc" })).toBe("sort_by");
      expect(await refused({ cursor: "not-a-cursor" })).toBe("cursor");
      expect(await refused({ with_deleted: "yes" })).toBe("with_deleted");
      expect(await refused({ promotable_user_ids: "" })).toBe("promotable_user_ids");
      expect(await refused({ other: "x" })).toBe("other");
      const page = await admin.client.get(path(accountId), { count: 1 });
      const both = await admin.client.get(path(accountId), {
        cursor: cursorOf(page) ?? "",
        with_total_count: true,
      });
      expect(both.status).toBe(400);
    });

    it("is readable with account:read (every role), only on accounts the user holds", async () => {
      const analyst = await createActor(server.ctx);
      await grantAccess(server.ctx.prisma, accountId, analyst.userId, ["ANALYST"]);
      expect((await analyst.client.get(path(accountId))).status).toBe(200);
      expect((await analyst.client.get(path(bare))).status).toBe(403);
    });
  });

  describe("tax settings read", () => {
    const taxPath = (account: string) => `/12/accounts/${account}/tax_settings`;

    it("answers what the PUT stored, as the PUT answered it; nothing stored reads as nulls", async () => {
      const never = await admin.client.get(taxPath(bare));
      expect(never.status).toBe(200);
      expect(singleEnvelope(taxSettingsSchema).parse(bodyOf(never)).data).toMatchObject({
        account_id: bare,
        tax_category: null,
        address_name: null,
        updated_at: null,
      });
      const put = await admin.client.put(taxPath(accountId), {
        query: { tax_category: "BUSINESS_WITH_VAT", address_name: "HQ", billing_contact: "ops" },
      });
      expect(put.status).toBe(200);
      const read = await admin.client.get(taxPath(accountId));
      expect(read.status).toBe(200);
      expect(bodyOf(read).data).toEqual(bodyOf(put).data);
      expect(errorOf(await admin.client.get(taxPath(accountId), { tax_id: "1" })).parameter).toBe(
        "tax_id",
      );
    });

    it("is for account admins only, as the PUT (spec §4.3: ACCOUNT_ADMIN manages settings)", async () => {
      const manager = await createActor(server.ctx);
      await grantAccess(server.ctx.prisma, accountId, manager.userId, ["AD_MANAGER"]);
      const denied = await manager.client.get(taxPath(accountId));
      expect(denied.status).toBe(403);
    });
  });
});
