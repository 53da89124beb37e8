import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { LIMITS } from "../limits.js";
import { sizeRuleOf } from "../fields/size-rules.js";
import { CAPABILITIES } from "./capabilities.js";
import { endpoints, getEndpoint } from "./catalog.js";

/** The facts every consumer reads from an entry instead of keeping a table of its own. */
describe("endpoint facts", () => {
  it("names the capability of every endpoint scoped to an account, and of no other", () => {
    for (const entry of endpoints) {
      const scoped = entry.locations.account_id === "path";
      if (scoped) expect(CAPABILITIES, entry.id).toContain(entry.capability);
      else expect(entry.capability, entry.id).toBeNull();
    }
    expect(getEndpoint("accounts.update").capability).toBe("account:manage");
    expect(getEndpoint("posts.create").capability).toBe("posts:compose");
    expect(getEndpoint("audience_estimate.estimate").capability).toBe("insights:read");
  });

  it("counts each endpoint in a rate-limit family, the first word of its id unless the reference counts it apart", () => {
    // Vendor v12 analytics: synchronous stats per user token, jobs by concurrency per account.
    const apart: Record<string, string> = {
      "stats.jobs.create": "stats_jobs",
      "stats.jobs.list": "stats_jobs",
      "stats.jobs.delete": "stats_jobs",
      "stats.jobs.result": "stats_jobs",
      "stats.active_entities.list": "stats_active_entities",
    };
    for (const entry of endpoints)
      expect(entry.family, entry.id).toBe(apart[entry.id] ?? entry.id.split(".")[0]);
  });

  it("gives page sizes to exactly the lists that take count", () => {
    for (const entry of endpoints) {
      const shape: Readonly<Record<string, z.ZodType>> = (entry.params as unknown as z.ZodObject)
        .shape;
      expect(entry.paging !== null, entry.id).toBe("count" in shape);
    }
    expect(getEndpoint("campaigns.list").paging).toEqual(LIMITS.listCount);
    expect(getEndpoint("cards.list").paging).toEqual(LIMITS.cardsCount);
  });

  it("limits every batch and only batches", () => {
    for (const entry of endpoints) {
      expect(entry.batch !== null, entry.id).toBe(entry.locations.operations === "body");
    }
    expect(getEndpoint("custom_audiences.users.batch").batch).toEqual({
      operations: LIMITS.usersBatch.operations,
      bytes: LIMITS.usersBatch.bytes,
    });
    expect(getEndpoint("campaigns.batch").batch).toEqual({});
  });

  it("looks up by id lists the list takes on its query string", () => {
    for (const entry of endpoints) {
      const shape: Readonly<Record<string, z.ZodType>> = (entry.params as unknown as z.ZodObject)
        .shape;
      for (const lookup of entry.lookups) {
        expect(entry.locations[lookup.param], `${entry.id} ${lookup.param}`).toBe("query");
        const field = shape[lookup.param];
        expect(field && sizeRuleOf(field)?.kind, `${entry.id} ${lookup.param}`).toBe("list");
      }
    }
    expect(getEndpoint("cards.list").lookups.map((lookup) => lookup.param)).toEqual([
      "card_id",
      "card_uris",
    ]);
  });

  it("marks reference data, the questions asked by POST, and the answers kept without history", () => {
    const ids = (pick: (entry: (typeof endpoints)[number]) => boolean) =>
      endpoints.filter(pick).map((entry) => entry.id);
    expect(ids((entry) => entry.freshness === "reference")).toEqual([
      "advertiser_business_categories.list",
      "bidding_rules.list",
      "content_categories.list",
      "iab_categories.list",
      "placements.list",
    ]);
    for (const entry of endpoints)
      if (entry.freshness === "reference") expect(entry.auth).toBe("bearer-or-user");
    expect(ids((entry) => entry.safe && entry.method !== "GET")).toEqual([
      "audience_estimate.estimate",
    ]);
    expect(ids((entry) => !entry.history)).toEqual([
      "post_previews.list",
      "posts.list",
      "posts.create",
      "posts.name.update",
      "post_data.posts.lookup",
      "post_data.posts.get",
      "post_data.posts.create",
    ]);
  });
});
