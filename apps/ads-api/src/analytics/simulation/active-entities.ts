import type { ActiveEntity } from "@adsgraph/models";
import { formatTimestamp, parseTimestamp } from "@adsgraph/models";
import { creativeWeight, visitDeliveries } from "./delivery.js";
import { placementShare } from "./placements.js";
import type { Delivery } from "./delivery.js";
import { apportion } from "./integers.js";
import { MS_PER_HOUR } from "@adsgraph/models";
import { IMPRESSIONS_SLOT, SPEND_SLOT } from "./metric-vector.js";
import type { DeliveryWorld } from "./world.js";

/** The parsed params of `stats.active_entities.list` (wire strings for times). */
export interface ActiveEntitiesQuery {
  readonly entity:
    | "FUNDING_INSTRUMENT"
    | "CAMPAIGN"
    | "LINE_ITEM"
    | "PROMOTED_POST"
    | "PROMOTED_ACCOUNT"
    | "MEDIA_CREATIVE";
  readonly start_time: string;
  readonly end_time: string;
  readonly funding_instrument_ids?: readonly string[] | undefined;
  readonly campaign_ids?: readonly string[] | undefined;
  readonly line_item_ids?: readonly string[] | undefined;
}

const PLACEMENTS = ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"] as const;

interface Activity {
  start: number;
  end: number;
  readonly placements: Set<string>;
}

const toSet = (ids: readonly string[] | undefined) => (ids === undefined ? null : new Set(ids));

/**
 * The entities of a type that delivered (an impression or spend) in [start, end), sorted by
 * id: from the first to the last delivering instant in the range (whole seconds), and the
 * analytics placements they delivered on. The same deliveries as statsAnswer, so an entity
 * is listed exactly when its stats over the range are not all null.
 */
export function activeEntities(world: DeliveryWorld, query: ActiveEntitiesQuery): ActiveEntity[] {
  const from = parseTimestamp(query.start_time)?.getTime() ?? 0;
  const to = parseTimestamp(query.end_time)?.getTime() ?? 0;
  const fis = toSet(query.funding_instrument_ids);
  const campaigns = toSet(query.campaign_ids);
  const lineItems = toSet(query.line_item_ids);
  const found = new Map<string, Activity>();
  const note = (id: string, delivery: Delivery, placement: string) => {
    const known = found.get(id);
    if (known === undefined) {
      found.set(id, {
        start: delivery.record.start,
        end: delivery.record.end,
        placements: new Set([placement]),
      });
      return;
    }
    known.start = Math.min(known.start, delivery.record.start);
    known.end = Math.max(known.end, delivery.record.end);
    known.placements.add(placement);
  };

  visitDeliveries(
    world,
    Math.floor(from / MS_PER_HOUR),
    Math.ceil(to / MS_PER_HOUR),
    campaigns,
    (delivery) => {
      if (fis !== null && !fis.has(delivery.campaignHour.fundingInstrumentId)) return;
      if (lineItems !== null && !lineItems.has(delivery.lineItem.facts.id)) return;
      const vector = delivery.vector;
      const weights = delivery.lineItem.placementWeights;
      for (const placement of PLACEMENTS) {
        const impressions = placementShare(vector[IMPRESSIONS_SLOT] ?? 0, weights, placement);
        const spend = placementShare(vector[SPEND_SLOT] ?? 0, weights, placement);
        if (impressions === 0 && spend === 0) continue;
        switch (query.entity) {
          case "FUNDING_INSTRUMENT":
            note(delivery.campaignHour.fundingInstrumentId, delivery, placement);
            break;
          case "CAMPAIGN":
            note(delivery.campaign.id, delivery, placement);
            break;
          case "LINE_ITEM":
            note(delivery.lineItem.facts.id, delivery, placement);
            break;
          default: {
            const creatives = delivery.record.creatives;
            const weightsOf = creatives.map(creativeWeight);
            const impressionShares = apportion(impressions, weightsOf);
            const spendShares = apportion(spend, weightsOf);
            creatives.forEach((creative, k) => {
              if (creative.kind !== query.entity) return;
              if ((impressionShares[k] ?? 0) > 0 || (spendShares[k] ?? 0) > 0) {
                note(creative.id, delivery, placement);
              }
            });
          }
        }
      }
    },
  );

  return [...found]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, activity]) => {
      const first = Math.ceil(activity.start / 1000) * 1000;
      // The last whole second before the (exclusive) end of delivery.
      const last = Math.max(first, Math.ceil(activity.end / 1000) * 1000 - 1000);
      return {
        entity_id: id,
        activity_start_time: formatTimestamp(new Date(first)),
        activity_end_time: formatTimestamp(new Date(last)),
        placements: PLACEMENTS.filter((p) => activity.placements.has(p)),
      };
    });
}
