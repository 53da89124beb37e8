import type { ActiveEntity, StatsAnswer } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Account } from "../generated/prisma/client.js";
import { requireKnownIds } from "./entity-ids.js";
import { activeEntities, statsAnswer } from "./simulation/index.js";
import type { ActiveEntitiesQuery, StatsQuery } from "./simulation/index.js";
import { loadDeliveryWorld } from "./world-loader.js";
import { worldScopeOf } from "./world-scope.js";

/**
 * The metrics of the query's entities as the simulation computes them from the account's
 * history at the service clock's `now`: the body of stats.get and of a job's result file.
 */
export async function computeStats(
  ctx: AppContext,
  account: Account,
  query: StatsQuery,
  echo: Readonly<Record<string, unknown>>,
): Promise<StatsAnswer> {
  const scope = await worldScopeOf(ctx.prisma, account.id, query.entity, query.entity_ids);
  const world = await loadDeliveryWorld(ctx.prisma, account, ctx.clock(), scope);
  const answer = statsAnswer(world, query);
  return {
    data_type: "stats",
    time_series_length: answer.time_series_length,
    data: answer.data.map((entry) => ({
      id: entry.id,
      id_data: entry.id_data.map((item) => ({
        segment: item.segment === null ? null : { ...item.segment },
        metrics: item.metrics,
      })),
    })),
    request: { params: { ...echo } },
  };
}

/** stats.get: the ids checked first (400 naming entity_ids), then computed. */
export async function getStats(
  ctx: AppContext,
  account: Account,
  query: StatsQuery,
  echo: Readonly<Record<string, unknown>>,
): Promise<StatsAnswer> {
  await requireKnownIds(ctx.prisma, account, query.entity, query.entity_ids);
  return computeStats(ctx, account, query, echo);
}

/** stats.active_entities.list: the entities of the type with any delivery in the range. */
export async function listActiveEntities(
  ctx: AppContext,
  account: Account,
  query: ActiveEntitiesQuery,
): Promise<ActiveEntity[]> {
  const world = await loadDeliveryWorld(ctx.prisma, account, ctx.clock());
  return activeEntities(world, query);
}
