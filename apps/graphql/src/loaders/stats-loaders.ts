import type {
  ActiveEntity,
  AnalyticsEntity,
  AnalyticsPlacement,
  Granularity,
  MetricGroup,
} from "@adsgraph/models";
import { fetchStats } from "@adsgraph/rest-client";
import type { RestClient } from "@adsgraph/rest-client";
import DataLoader from "dataloader";
import type { StatsQuery, StatsSnapshots, StatsValue } from "../snapshots/stats-snapshots.js";
import { tracedBatch } from "../tracing/loader-span.js";
import { directLoader } from "./by-id-loader.js";
import type { ByIdLoader } from "./by-id-loader.js";
import type { LoaderOptions } from "./loader-options.js";

/** What a stats read names: the entity type, range, buckets, placement and groups. */
export interface MetricsQuery extends StatsQuery {
  readonly entity: AnalyticsEntity;
  readonly granularity: Granularity;
  readonly placement: AnalyticsPlacement;
  readonly metricGroups: readonly MetricGroup[];
}

/** An account's entities that delivered in a range (`Account.activeEntities`). */
export interface ActiveEntitiesQuery {
  readonly accountId: string;
  readonly entity: Exclude<AnalyticsEntity, "ACCOUNT" | "ORGANIC_POST">;
  readonly start: number;
  readonly end: number;
}

/**
 * Analytics reads (issue 36). `stats(query)` is one loader per query for the request: every
 * entity asked in the same tick with that query is read together through rest-client's
 * `fetchStats`, which splits the ids by 20 and the range into the fewest requests (windows of
 * at most 7 days, or jobs past 14 days). Answers a snapshot holds (ranges already over, or
 * fresh ones) are not asked again.
 */
export interface StatsLoaders {
  stats(query: MetricsQuery): ByIdLoader<string, StatsValue>;
  /** One `stats.active_entities.list` per distinct query for the request. */
  activeEntities(query: ActiveEntitiesQuery): Promise<readonly ActiveEntity[]>;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The loaders' key of a query: equal queries share one loader. */
function queryKey(query: MetricsQuery): string {
  return [
    query.accountId,
    query.entity,
    query.start,
    query.end,
    query.granularity,
    query.placement,
    [...query.metricGroups].sort().join(","),
  ].join("\u0000");
}

export function statsLoaders(
  upstream: RestClient,
  { batching, traceParent }: Pick<LoaderOptions, "batching" | "traceParent">,
  snapshots: StatsSnapshots | undefined,
): StatsLoaders {
  /** The ids' answers: held snapshots first, the rest in one `fetchStats`. */
  const read = async (query: MetricsQuery, ids: readonly string[]): Promise<StatsValue[]> => {
    const held =
      snapshots === undefined ? new Map<string, StatsValue>() : await snapshots.lookup(query, ids);
    const missing = [...new Set(ids.filter((id) => !held.has(id)))];
    if (missing.length > 0) {
      const answered = await fetchStats(upstream, {
        accountId: query.accountId,
        entity: query.entity,
        ids: missing,
        start: iso(query.start),
        end: iso(query.end),
        granularity: query.granularity,
        metricGroups: query.metricGroups,
        placement: query.placement,
      });
      const fresh = new Map(missing.map((id) => [id, answered.get(id) ?? null]));
      snapshots?.record(query, fresh);
      for (const [id, entry] of fresh) held.set(id, entry);
    }
    return ids.map((id) => held.get(id) ?? null);
  };

  const loaders = new Map<string, ByIdLoader<string, StatsValue>>();
  const active = new Map<string, Promise<readonly ActiveEntity[]>>();
  return {
    stats(query) {
      const key = queryKey(query);
      let loader = loaders.get(key);
      if (loader === undefined) {
        const canonical = { ...query, metricGroups: [...query.metricGroups].sort() };
        loader = batching
          ? new DataLoader<string, StatsValue>(
              tracedBatch("stats", (ids: readonly string[]) => read(canonical, ids), traceParent),
            )
          : directLoader(async (id: string) => (await read(canonical, [id]))[0] ?? null);
        loaders.set(key, loader);
      }
      return loader;
    },
    activeEntities(query) {
      const key = [query.accountId, query.entity, query.start, query.end].join("\u0000");
      let answer = active.get(key);
      if (answer === undefined) {
        answer = upstream
          .call("stats.active_entities.list", {
            account_id: query.accountId,
            entity: query.entity,
            start_time: iso(query.start),
            end_time: iso(query.end),
          })
          .then(({ data }) => data);
        active.set(key, answer);
      }
      return answer;
    },
  };
}
