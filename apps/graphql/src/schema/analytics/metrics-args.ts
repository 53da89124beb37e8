import {
  GRANULARITIES,
  metricGroupsFor,
  METRIC_GROUPS,
  parseTimestamp,
  validateParams,
} from "@adsgraph/models";
import { MS_PER_HOUR } from "@adsgraph/models";
import type { AnalyticsEntity, Granularity, MetricGroup } from "@adsgraph/models";
import { getNamedType, isObjectType } from "graphql";
import type { GraphQLNamedType, GraphQLResolveInfo, SelectionSetNode } from "graphql";
import { collectFields, subSelections } from "../../cost/collect-fields.js";
import type { CollectScope } from "../../cost/collect-fields.js";
import { ValidationError } from "../../errors/facade-errors.js";
import { fieldViolations } from "../../errors/field-violations.js";
import { GROUP_FIELDS } from "./metric-names.js";

/** A range as epoch ms, checked. */
export interface MetricsRange {
  readonly start: number;
  readonly end: number;
}

/** The range's wire parameters and the graph's names of them. */
const RANGE_FIELDS: Readonly<Record<string, string>> = {
  start_time: "range.start",
  end_time: "range.end",
};

/**
 * The range checked as the catalog checks an analytics range (whole hours, end after start, at
 * most 90 days: `stats.active_entities.list`'s rules, whose limit is the longest any stats
 * read takes), before anything is sent; its violations name `range.start`/`range.end`.
 */
export function checkedRange(range: { start: string; end: string }): MetricsRange {
  const checked = validateParams("stats.active_entities.list", {
    account_id: "range",
    entity: "CAMPAIGN",
    start_time: range.start,
    end_time: range.end,
  });
  if (!checked.ok) {
    const own = checked.violations.filter((v) => RANGE_FIELDS[v.parameter] !== undefined);
    if (own.length > 0)
      throw new ValidationError(fieldViolations(own, (p) => RANGE_FIELDS[p] ?? p));
  }
  const start = parseTimestamp(range.start)?.getTime();
  const end = parseTimestamp(range.end)?.getTime();
  if (start === undefined || end === undefined) {
    // The DateTime scalar refuses such values first; kept for a caller that skips it.
    throw new ValidationError([
      {
        code: "INVALID_PARAMETER",
        field: "range",
        parameter: "range",
        message: "start and end must be timestamps",
      },
    ]);
  }
  return { start, end };
}

/** When each bucket starts (HOUR: every hour, DAY: every 24 hours, TOTAL: the start). */
export function bucketStarts(range: MetricsRange, granularity: Granularity): number[] {
  if (granularity === "TOTAL") return [range.start];
  const step = granularity === "HOUR" ? MS_PER_HOUR : 24 * MS_PER_HOUR;
  const starts: number[] = [];
  for (let at = range.start; at < range.end; at += step) starts.push(at);
  return starts;
}

const GROUP_OF_FIELD = new Map<string, MetricGroup>(
  METRIC_GROUPS.map((group) => [GROUP_FIELDS[group].field, group]),
);

/** The groups a selection of `Metrics` asks for (`engagement { ... }` → ENGAGEMENT). */
export function groupsSelectedIn(
  scope: CollectScope,
  type: GraphQLNamedType,
  sets: readonly SelectionSetNode[],
): MetricGroup[] {
  if (!isObjectType(type)) return [];
  const groups = new Set<MetricGroup>();
  for (const nodes of collectFields(scope, type, sets).values()) {
    const group = GROUP_OF_FIELD.get(nodes[0]?.name.value ?? "");
    if (group !== undefined) groups.add(group);
  }
  return [...groups];
}

/** The groups the resolving field's selection asks for. */
export function selectedGroups(info: GraphQLResolveInfo): MetricGroup[] {
  const scope: CollectScope = {
    schema: info.schema,
    fragments: info.fragments,
    variables: info.variableValues,
  };
  return groupsSelectedIn(scope, getNamedType(info.returnType), subSelections(info.fieldNodes));
}

/**
 * The groups to fetch: those given (else those selected) that the entity type reports, in the
 * table's order; a group it does not report answers null without being asked.
 */
export function groupsToFetch(
  entity: AnalyticsEntity,
  given: readonly MetricGroup[] | null | undefined,
  selected: () => readonly MetricGroup[],
): MetricGroup[] {
  const wanted = new Set(given ?? selected());
  return metricGroupsFor(entity).filter((group) => wanted.has(group));
}

/** Groups holding money: their currency is read when one of them is fetched. */
export const MONEY_GROUPS: ReadonlySet<MetricGroup> = new Set([
  "BILLING",
  "WEB_CONVERSION",
  "MOBILE_CONVERSION",
  "LIFE_TIME_VALUE_MOBILE_CONVERSION",
]);

const isGranularity = (value: unknown): value is Granularity =>
  GRANULARITIES.some((granularity) => granularity === value);
const isGroup = (value: unknown): value is MetricGroup =>
  METRIC_GROUPS.some((group) => group === value);

/** A field's `range` argument (coerced values), checked; null when refused. */
export function rangeOf(args: Readonly<Record<string, unknown>>): MetricsRange | null {
  const range = args.range;
  if (typeof range !== "object" || range === null) return null;
  const start = "start" in range ? range.start : undefined;
  const end = "end" in range ? range.end : undefined;
  if (typeof start !== "string" || typeof end !== "string") return null;
  try {
    return checkedRange({ start, end });
  } catch {
    return null;
  }
}

/** What a `metrics` field with these (coerced) arguments reads; null when refused. */
export function statsQueryOf(
  entity: AnalyticsEntity,
  args: Readonly<Record<string, unknown>>,
  selected: () => readonly MetricGroup[],
): (MetricsRange & { granularity: Granularity; groups: MetricGroup[] }) | null {
  const range = rangeOf(args);
  const granularity = args.granularity;
  if (range === null || !isGranularity(granularity)) return null;
  const given = Array.isArray(args.metricGroups) ? args.metricGroups.filter(isGroup) : null;
  return { ...range, granularity, groups: groupsToFetch(entity, given, selected) };
}
