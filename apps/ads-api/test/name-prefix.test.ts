import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAccess } from "../src/credentials/grants.js";
import { createAccountRow } from "../src/services/accounts.js";
import { createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { itemsOf } from "./support/bodies.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";

const NAMES = ["%off", "100% pure", "abc", "a_c", "A_Cme", "a\\b", "\\start", "_under", "axc"];

describe.each(TEST_ENGINES)(
  "q is a case-insensitive prefix, never a pattern, on %s (spec §4.2)",
  (engine) => {
    let server: TestServer;
    let user: Actor;

    beforeAll(async () => {
      server = await startTestServer(engine);
      user = await createActor(server.ctx);
      for (const name of NAMES) {
        const account = await createAccountRow(server.ctx.prisma, { name });
        await grantAccess(server.ctx.prisma, account.id, user.userId, ["ACCOUNT_ADMIN"]);
      }
    });
    afterAll(() => server.close());

    async function named(q: string): Promise<string[]> {
      const response = await user.client.get("/12/accounts", { q });
      expect(response.status, response.text).toBe(200);
      return itemsOf(response)
        .map((item) => String(item.name))
        .sort();
    }

    it("matches % and _ literally", async () => {
      expect(await named("%")).toEqual(["%off"]);
      expect(await named("%o")).toEqual(["%off"]);
      expect(await named("100%")).toEqual(["100% pure"]);
      expect(await named("a_c")).toEqual(["A_Cme", "a_c"]);
      expect(await named("_")).toEqual(["_under"]);
      expect(await named("a_")).toEqual(["A_Cme", "a_c"]);
    });

    it("matches a backslash literally", async () => {
      expect(await named("\\")).toEqual(["\\start"]);
      expect(await named("a\\")).toEqual(["a\\b"]);
      expect(await named("a\\b")).toEqual(["a\\b"]);
    });

    it("still matches a plain prefix in any case", async () => {
      expect(await named("A")).toEqual(["A_Cme", "a\\b", "a_c", "abc", "axc"].sort());
      expect(await named("ABC")).toEqual(["abc"]);
      expect(await named("zzz")).toEqual([]);
    });
  },
);
