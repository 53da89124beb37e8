import { getEndpoint } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBench } from "../src/seed/bench-seed.js";
import { createActor } from "./support/actors.js";
import type { Actor } from "./support/actors.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { bodyOf } from "./support/bodies.js";

const TOTAL = 5_000;
const PAGE = 1_000;
const listSchema = getEndpoint("campaigns.list").response.schema;

describe.each(TEST_ENGINES)("keyset paging under concurrent writes on %s (spec §4.2)", (engine) => {
  let server: TestServer;
  let reader: Actor;
  let writer: Actor;
  const accountId = `page${engine.slice(0, 2)}`;
  const path = `/12/accounts/${accountId}/campaigns`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    reader = await createActor(server.ctx);
    writer = await createActor(server.ctx);
    await seedBench(server.ctx.prisma, {
      accountId,
      campaigns: TOTAL,
      fundingInstruments: 10,
      cards: 0,
      seed: 7,
      grantUserIds: [reader.userId, writer.userId],
    });
  }, 120_000);
  afterAll(() => server.close());

  it.each(["created_at-asc", "name-asc", "daily_budget_amount_local_micro-desc"])(
    "returns every campaign that existed throughout exactly once (sort_by=%s)",
    async (sortBy) => {
      const live = await server.ctx.prisma.campaign.findMany({
        where: { accountId, deleted: false },
        select: { id: true },
      });
      const initial = live.map((row) => row.id);
      expect(initial.length).toBeGreaterThanOrEqual(TOTAL - 200);
      const deleted = new Set<string>();
      const state = { stop: false };
      let round = 0;
      /** One insert (sorting anywhere) and one delete of a campaign that existed at the start. */
      const churnOnce = async () => {
        round += 1;
        const created = await writer.client.post(path, {
          query: {
            name: `Brand churn ${sortBy} ${round}`,
            funding_instrument_id: `${accountId}f0`,
            entity_status: "PAUSED",
            daily_budget_amount_local_micro: (round % 90) * 1_000_000,
          },
        });
        expect(created.status).toBe(200);
        const victim = initial[(round * 97) % initial.length] ?? "";
        if (!deleted.has(victim)) {
          deleted.add(victim);
          expect((await writer.client.delete(`${path}/${victim}`)).status).toBe(200);
        }
      };
      const background = (async () => {
        while (!state.stop) await churnOnce();
      })();
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const response = await reader.client.get(path, {
          count: PAGE,
          sort_by: sortBy,
          ...(cursor === undefined ? {} : { cursor }),
        });
        expect(response.status).toBe(200);
        const page = listSchema.parse(bodyOf(response));
        seen.push(...page.data.map((campaign) => campaign.id));
        cursor = page.next_cursor ?? undefined;
        pages += 1;
        // Writes between every two pages, besides the concurrent writer.
        for (let write = 0; write < 5; write += 1) await churnOnce();
      } while (cursor !== undefined);
      state.stop = true;
      await background;

      expect(round).toBeGreaterThanOrEqual(pages * 5);
      expect(new Set(seen).size).toBe(seen.length);
      const seenSet = new Set(seen);
      const throughout = initial.filter((id) => !deleted.has(id));
      expect(throughout.filter((id) => !seenSet.has(id))).toEqual([]);
      expect(pages).toBeGreaterThanOrEqual(Math.floor(throughout.length / PAGE));
    },
    120_000,
  );
});
