import { LIMITS, formatTimestamp, fromVendor } from "@adsgraph/models";
import type {
  AnalyticsEntity,
  AnalyticsPlacement,
  Granularity,
  MetricGroup,
  StatsAnswer,
  StatsEntry,
} from "@adsgraph/models";
import type { RestClient } from "../client/client.js";
import { chunk, mapBounded, uniqueIds } from "../client/id-batching.js";
import { runStatsJobs } from "./stats-jobs.js";
import type { RunStatsJobsOptions } from "./stats-jobs.js";
import { mergeWindowAnswers } from "./stats-merge.js";
import { planStatsRequests } from "./stats-plan.js";
import type { StatsPlan } from "./stats-plan.js";

export interface StatsQuery {
  readonly accountId: string;
  readonly entity: AnalyticsEntity;
  /** Any number of ids; duplicates are fetched once. */
  readonly ids: readonly string[];
  /** Whole hours (UTC), `end` exclusive, at most 90 days apart. */
  readonly start: Date | string;
  readonly end: Date | string;
  readonly granularity: Granularity;
  readonly metricGroups: readonly MetricGroup[];
  readonly placement: AnalyticsPlacement;
}

export interface FetchStatsOptions extends RunStatsJobsOptions {
  /** Called once with the plan before any request (a cost log, a test). */
  readonly onPlan?: ((plan: StatsPlan) => void) | undefined;
}

const iso = formatTimestamp;

/**
 * Metrics of any number of entities over any range up to 90 days, by the plan of
 * `planStatsRequests`: ids in batches of 20, then either synchronous `stats.get` requests per
 * ≤7-day window (merged: HOUR and DAY series concatenated, TOTAL summed) or one job per batch
 * (`runStatsJobs`). Entries keyed by id, in the order of `ids`; an id the service did not
 * answer for is absent.
 */
export async function fetchStats(
  client: RestClient,
  query: StatsQuery,
  options: FetchStatsOptions = {},
): Promise<Map<string, StatsEntry>> {
  const ids = uniqueIds(query.ids);
  const plan = planStatsRequests({
    entityCount: ids.length,
    start: query.start,
    end: query.end,
    granularity: query.granularity,
  });
  options.onPlan?.(plan);
  const out = new Map<string, StatsEntry>();
  if (ids.length === 0) return out;
  const batches = chunk(ids, LIMITS.analytics.entityIds);
  const common = {
    entity: query.entity,
    granularity: query.granularity,
    metric_groups: [...query.metricGroups],
    placement: query.placement,
  };
  let merged: Map<string, StatsEntry>[];
  if (plan.strategy === "jobs") {
    const answers = await runStatsJobs(
      client,
      query.accountId,
      batches.map((batch) => ({
        ...common,
        entity_ids: batch,
        start_time: iso(plan.windows[0]?.start ?? new Date(query.start)),
        end_time: iso(plan.windows[0]?.end ?? new Date(query.end)),
      })),
      options,
    );
    merged = batches.map((batch, i) =>
      mergeWindowAnswers(batch, answers.slice(i, i + 1), query.granularity),
    );
  } else {
    const requests = batches.flatMap((batch) => plan.windows.map((window) => ({ batch, window })));
    const answers = await mapBounded(
      requests,
      options.concurrency ?? 4,
      async ({ batch, window }) =>
        fromVendor(
          await client.call(
            "stats.get",
            {
              ...common,
              account_id: query.accountId,
              entity_ids: batch,
              start_time: iso(window.start),
              end_time: iso(window.end),
            },
            { signal: options.signal },
          ),
        ) as StatsAnswer,
    );
    const perBatch = plan.windows.length;
    merged = batches.map((batch, i) =>
      mergeWindowAnswers(batch, answers.slice(i * perBatch, (i + 1) * perBatch), query.granularity),
    );
  }
  for (const entries of merged) for (const [id, entry] of entries) out.set(id, entry);
  return out;
}
