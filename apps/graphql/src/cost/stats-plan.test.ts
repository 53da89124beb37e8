import { getOperationAST, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../schema/index.js";
import type { PlanKnowledge } from "./plan-knowledge.js";
import { planOperation } from "./query-plan.js";
import type { Bounds, QueryPlan } from "./query-plan.js";

// Snapshots off: every stats read goes upstream (as the request-count tests measure).
const NO_SNAPSHOTS: PlanKnowledge = { snapshotFreshMs: () => 0 };

function plan(query: string, knowledge: PlanKnowledge = NO_SNAPSHOTS): QueryPlan {
  const document = parse(query);
  expect(getOperationAST(document)).not.toBeNull();
  return planOperation({ schema, document, variables: {}, knowledge });
}

/** Windows by family, the account's and the user's together. */
function families(p: QueryPlan): Record<string, Bounds> {
  return Object.fromEntries(
    p.windows.map((w) => [
      `${w.family}${w.accountId === null ? "" : `@${w.accountId}`}`,
      w.requests,
    ]),
  );
}

const campaignsMetrics = (range: string, selection = "engagement { impressions { total } }") => `{
  account(rawId: "acc1") {
    campaigns(first: 100) {
      nodes { rawId metrics(range: ${range}) { ${selection} } }
    }
  }
}`;
const WEEK = `{ start: "2026-11-01T00:00:00Z", end: "2026-11-08T00:00:00Z" }`;
const MONTH = `{ start: "2026-10-01T00:00:00Z", end: "2026-10-31T00:00:00Z" }`;

describe("the plan of metrics", () => {
  it("reads 100 campaigns over 7 days in at most 5 stats.get", () => {
    expect(families(plan(campaignsMetrics(WEEK)))).toMatchObject({
      "stats@acc1": { lower: 0, upper: 5 },
    });
  });

  it("plans jobs past 14 days: no stats.get, and polls without a known bound", () => {
    const windows = families(plan(campaignsMetrics(MONTH)));
    expect(windows["stats@acc1"]).toBeUndefined();
    expect(windows["stats_jobs@acc1"]).toEqual({ lower: 0, upper: null });
    // The user's window of the family counts the polls too: no upper bound either.
    expect(windows.stats_jobs).toEqual({ lower: 0, upper: null });
  });

  it("plans nothing for a refused range or when no group is selected", () => {
    const bad = `{ start: "2026-11-01T00:30:00Z", end: "2026-11-08T00:00:00Z" }`;
    expect(families(plan(campaignsMetrics(bad))).stats).toBeUndefined();
    expect(families(plan(campaignsMetrics(bad)))["stats@acc1"]).toBeUndefined();
    expect(families(plan(campaignsMetrics(WEEK, "bucketStarts")))["stats@acc1"]).toBeUndefined();
  });

  it("counts 0 at least where a snapshot may answer (any ended range)", () => {
    const p = plan(
      `{ account(rawId: "acc1") { metrics(range: ${WEEK}) { engagement { impressions { total } } } } }`,
      {},
    );
    expect(families(p)["stats@acc1"]).toEqual({ lower: 0, upper: 1 });
  });

  it("plans one active-entities read, and the entities by id when selected", () => {
    const p = plan(`{ account(rawId: "acc1") {
      activeEntities(range: ${WEEK}, entityType: LINE_ITEM) { entityRawId entity { id } }
    } }`);
    expect(p.unplanned).toEqual([]);
    const windows = families(p);
    expect(windows["stats_active_entities@acc1"]).toEqual({ lower: 1, upper: 1 });
    expect(Object.keys(windows).some((key) => key.startsWith("line_items"))).toBe(true);
  });
});
