// Reference queries over the analytics of issue 36: one screen of 100 campaigns with their
// metrics, the way a dashboard asks. The minimum counts the stats requests the way
// rest-client's plan does (one place for the windows-or-jobs rule).
import { MS_PER_DAY, MS_PER_HOUR, formatTimestamp } from "@adsgraph/models";
import { planStatsRequests } from "@adsgraph/rest-client";
import { ACCOUNT_READS, referenceQuery, type ReferenceQuery } from "./queries.js";

const CAMPAIGNS_PER_PAGE = 100;

const iso = (ms: number) => formatTimestamp(new Date(ms));

/** The last `days` days of whole hours: open (to the end of the current hour) or closed (to its start). */
function range(days: number, open: boolean): { start: string; end: string } {
  const hour = Math.floor(Date.now() / MS_PER_HOUR) * MS_PER_HOUR;
  const end = open ? hour + MS_PER_HOUR : hour;
  return { start: iso(end - days * MS_PER_DAY), end: iso(end) };
}

function metricsDocument(name: string, window: { start: string; end: string }): string {
  return `query ${name}($id: String!, $after: String) {
  account(rawId: $id) {
    campaigns(first: ${CAMPAIGNS_PER_PAGE}, after: $after) {
      pageInfo { hasNextPage endCursor }
      edges { node { rawId name metrics(range: { start: "${window.start}", end: "${window.end}" }, granularity: DAY) {
        bucketStarts
        engagement { impressions { total points { start value } } engagements { total } }
        billing { spend { total { micros currency } } }
      } } }
    }
  }
}`;
}

/**
 * The upstream requests of one page: the campaigns page (no accounts.get: ACCOUNT_READS), then
 * the stats the plan sends for the page's campaigns (0 when every answer is a closed range
 * kept as a snapshot); levels: those two, or with jobs create, the polls and the downloads.
 */
function metricsCost(days: number, fetched: boolean) {
  return (nodes: unknown[]) => {
    if (!fetched || nodes.length === 0)
      return { minimum: ACCOUNT_READS + 1, levels: ACCOUNT_READS + 1 };
    const plan = planStatsRequests({
      entityCount: nodes.length,
      start: new Date(0),
      end: new Date(days * MS_PER_DAY),
      granularity: "DAY",
    });
    return {
      minimum: ACCOUNT_READS + 1 + plan.requests,
      levels: ACCOUNT_READS + (plan.strategy === "jobs" ? 4 : 2),
    };
  };
}

function metricsQuery(name: string, days: number, open: boolean, description: string) {
  const jobs =
    open &&
    planStatsRequests({
      entityCount: CAMPAIGNS_PER_PAGE,
      start: new Date(0),
      end: new Date(days * MS_PER_DAY),
      granularity: "DAY",
    }).strategy === "jobs";
  return referenceQuery({
    name,
    ...(jobs ? { pollsVary: true, naiveRuns: 1 } : {}),
    document: metricsDocument(name.replaceAll("-", "_"), range(days, open)),
    connection: "campaigns",
    pages: 1,
    description,
    // Closed ranges are answered from snapshots after the warm-up runs: no stats request.
    cost: metricsCost(days, open),
  });
}

export const METRICS_QUERIES: ReferenceQuery[] = [
  metricsQuery(
    "campaign-metrics-7-days",
    7,
    true,
    "One page of 100 campaigns with impressions, engagements and spend per day over the last 7 days (to the end of the current hour): 5 synchronous stats requests of 20 ids",
  ),
  metricsQuery(
    "campaign-metrics-closed-repeat",
    7,
    false,
    "The same over the last 7 closed days, repeated: every answer is a closed range kept as a snapshot, so no stats request",
  ),
  metricsQuery(
    "campaign-metrics-30-days",
    30,
    true,
    "One page of 100 campaigns over the last 30 days: by rest-client's plan (windows or jobs), at its minimum",
  ),
];
