import { formatTimestamp, metricsFor } from "@adsgraph/models";
import type { AnalyticsEntity, MetricGroup } from "@adsgraph/models";
import type { ObjectRef } from "@pothos/core";
import { builder } from "../../builder.js";
import type { Types } from "../../builder.js";
import { fetchedBy } from "../../cost/fetch-rule.js";
import type { StatsRule } from "../../cost/fetch-rule.js";
import type { GraphQLContext } from "../../context.js";
import type { GroupShape } from "./metric-groups.js";
import {
  bucketStarts,
  checkedRange,
  groupsToFetch,
  MONEY_GROUPS,
  selectedGroups,
} from "./metrics-args.js";
import {
  MetricGroupEnum,
  MetricsGranularityEnum,
  MetricsPlacementEnum,
  MetricsRangeInput,
  MetricsRef,
} from "./metrics-type.js";
import type { MetricsShape } from "./metrics-type.js";

/** How a `metrics` field finds its entity: its stats id, account and (for money) currency. */
export interface MetricsOf<Parent> {
  readonly rule: StatsRule;
  readonly entity: AnalyticsEntity;
  /** What the parent is called in descriptions ("campaign", "line item"). */
  readonly noun: string;
  readonly accountOf: (parent: Parent) => string;
  readonly idOf: (parent: Parent) => string;
  /** Its currency; read through the loaders when the parent does not carry it (`rule.currencyReads`). */
  readonly currencyOf: (
    parent: Parent,
    context: GraphQLContext,
  ) => Promise<string | null> | string | null;
}

/** Adds `metrics(range:, granularity:, metricGroups:, placement:)` to an entity's type. */
export function metricsField<Parent extends object>(
  ref: ObjectRef<Types, Parent>,
  of: MetricsOf<Parent>,
): void {
  builder.objectField(ref, "metrics", (t) =>
    t.field({
      ...fetchedBy(of.rule),
      type: MetricsRef,
      authScopes: { authenticated: true },
      description:
        `How the ${of.noun} delivered over a range: impressions, engagements, spend and ` +
        "the other metric groups, per hour, per day or in total. Only the groups selected " +
        "(or named in `metricGroups`) are fetched. A range that has ended is final.",
      args: {
        range: t.arg({
          type: MetricsRangeInput,
          required: true,
          description: "The span of time: whole hours, end excluded, at most 90 days.",
        }),
        granularity: t.arg({
          type: MetricsGranularityEnum,
          required: true,
          defaultValue: "DAY",
          description: "How to cut the range into buckets (default DAY).",
        }),
        metricGroups: t.arg({
          type: [MetricGroupEnum],
          required: false,
          description:
            "The groups to fetch; left out, the groups the selection asks for. A group the " +
            "entity type does not report answers null.",
        }),
        placement: t.arg({
          type: MetricsPlacementEnum,
          required: true,
          defaultValue: "ALL_ON_TWITTER",
          description: "Where the ads counted were shown (default ALL_ON_TWITTER).",
        }),
      },
      resolve: async (parent, args, context, info): Promise<MetricsShape> => {
        // Checked before anything is read: a bad range names its part and sends nothing.
        const range = checkedRange(args.range);
        const groups = groupsToFetch(of.entity, args.metricGroups, () => selectedGroups(info));
        const starts = bucketStarts(range, args.granularity).map((at) =>
          formatTimestamp(new Date(at)),
        );
        const shape = {
          start: args.range.start,
          end: args.range.end,
          granularity: args.granularity,
          placement: args.placement,
          bucketStarts: starts,
        };
        if (groups.length === 0) return { ...shape, groups: {} };
        const [entry, currency] = await Promise.all([
          context.loaders
            .stats({
              accountId: of.accountOf(parent),
              entity: of.entity,
              start: range.start,
              end: range.end,
              granularity: args.granularity,
              placement: args.placement,
              metricGroups: groups,
            })
            .load(of.idOf(parent)),
          groups.some((group) => MONEY_GROUPS.has(group)) ? of.currencyOf(parent, context) : null,
        ]);
        const metrics = entry?.id_data.find((data) => data.segment === null)?.metrics ?? {};
        const answered: Partial<Record<MetricGroup, GroupShape>> = {};
        for (const group of groups) {
          answered[group] = {
            metrics,
            reported: new Set(metricsFor(of.entity, group).map((metric) => metric.name)),
            starts,
            currency,
          };
        }
        return { ...shape, groups: answered };
      },
    }),
  );
}
