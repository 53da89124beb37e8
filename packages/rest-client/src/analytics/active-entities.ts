import { formatTimestamp, fromVendor } from "@adsgraph/models";
import type { ActiveEntity } from "@adsgraph/models";
import type { RestClient } from "../client/client.js";
import type { ParamsOf } from "../core/call-types.js";

type ActiveEntitiesParams = ParamsOf<"stats.active_entities.list">;

export interface ActiveEntitiesQuery {
  readonly accountId: string;
  readonly entity: ActiveEntitiesParams["entity"];
  /** Whole hours (UTC), `end` exclusive, at most 90 days apart. */
  readonly start: Date | string;
  readonly end: Date | string;
  readonly fundingInstrumentIds?: readonly string[] | undefined;
  readonly campaignIds?: readonly string[] | undefined;
  readonly lineItemIds?: readonly string[] | undefined;
}

const iso = (value: Date | string) => (value instanceof Date ? formatTimestamp(value) : value);

/**
 * The entities of one type whose metrics may have changed in a range (one
 * `stats.active_entities.list` request): fetch metrics for these only. Keys in the spec's words.
 */
export async function activeEntities(
  client: RestClient,
  query: ActiveEntitiesQuery,
  options: { readonly signal?: AbortSignal | undefined } = {},
): Promise<ActiveEntity[]> {
  const answer = await client.call(
    "stats.active_entities.list",
    {
      account_id: query.accountId,
      entity: query.entity,
      start_time: iso(query.start),
      end_time: iso(query.end),
      ...(query.fundingInstrumentIds === undefined
        ? {}
        : { funding_instrument_ids: query.fundingInstrumentIds }),
      ...(query.campaignIds === undefined ? {} : { campaign_ids: query.campaignIds }),
      ...(query.lineItemIds === undefined ? {} : { line_item_ids: query.lineItemIds }),
    },
    { signal: options.signal },
  );
  return (fromVendor(answer) as { data: ActiveEntity[] }).data;
}
