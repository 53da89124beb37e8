import { getEndpoint, resourceOf } from "@adsgraph/models";
import type { AnalyticsEntity, EndpointId, ResourceReadId } from "@adsgraph/models";
import { idsPerRequest } from "@adsgraph/rest-client";
import type { GraphQLField } from "graphql";

// How a field is fetched upstream ("fetch rule", issue 35), kept in the field's Pothos
// `extensions.fetch`. The resolver reads its values (list, limits, loader) from the same
// object the planner reads (plan-walk.ts), so the plan and the execution cannot drift.

/** One page of a list per parent object (accountListField, viewer.accounts). */
export interface PageRule {
  readonly kind: "page";
  readonly list: EndpointId;
  /** The list's `count` limit: `first` goes up to it. */
  readonly maxCount: number;
  /** Whether the list takes `with_total_count` (its connection then has totalCount). */
  readonly counts: boolean;
  /** The by-id read its items prime (a later by-id read of one of them costs nothing). */
  readonly primes: ResourceReadId | "accounts" | null;
  /** "account": a list of the parent account's items; "caller": the caller's accounts. */
  readonly owner: "account" | "caller";
}

/**
 * A reference to another object of the parent's account, read through a batching loader:
 * every key asked in the same tick, split by account, ≤`idsPerRequest` ids per request;
 * keys a list page already returned (or read before) cost nothing.
 */
export interface ByIdRule {
  readonly kind: "byId";
  /** The loader (`loaders.byId(read)`), or "accounts" for `loaders.account`. */
  readonly read: ResourceReadId | "accounts";
  /** The list the ids are looked up through. */
  readonly list: EndpointId;
  readonly idsPerRequest: number;
  /** The key comes from an argument (`Account.campaign(id:)`), not from the parent. */
  readonly argument: string | null;
}

/**
 * A one-to-many edge read whole for every parent asked in the same tick (childrenLoader):
 * per account, ≤`idsPerRequest` parents per request, each request paged to the end.
 */
export interface ChildrenRule {
  readonly kind: "children";
  readonly list: EndpointId;
  readonly idsPerRequest: number;
  /** The by-id read its items prime, if any. */
  readonly primes: ResourceReadId | null;
  /** `first`/`last` go up to it (connectionOfAll). */
  readonly maxCount: number;
  /** Some parents never ask (e.g. promoted accounts of a line item that cannot hold them). */
  readonly everyParentAsks: boolean;
}

/** One request per distinct key per request (perKeyLoader: `accounts.get`, user access). */
export interface PerKeyRule {
  readonly kind: "perKey";
  readonly endpoint: EndpointId;
  /** Where the key comes from: the parent's account, or an argument naming an account. */
  readonly key:
    | "parentAccount"
    | {
        /** Arguments naming the account; exactly one must be given. */
        readonly arguments: readonly string[];
        /** The one of them that takes a global id (the others take the raw id). */
        readonly globalId: string | null;
      };
  /** Parent objects read through these endpoints already hold what this reads. */
  readonly freeFrom: readonly EndpointId[];
  /**
   * Not read when only the account's lists are selected and access is known (Query.account,
   * access/account-read-skip.ts).
   */
  readonly skippedForLists?: boolean;
}

/** Read once per request, every page (`loaders.iabCategories`). */
export interface OnceRule {
  readonly kind: "once";
  readonly list: EndpointId;
  readonly count: number;
}

export type FetchRule =
  | PageRule
  | ByIdRule
  | ChildrenRule
  | PerKeyRule
  | OnceRule
  | EachRule
  | HistoryRule
  | CallRule
  | StatsRule
  | ActiveEntitiesRule;

/**
 * `Account.activeEntities`: one `list` call per distinct query for the request; its items'
 * `entity` is read by id (the entity type's by-id rule) when selected, batched.
 */
export interface ActiveEntitiesRule {
  readonly kind: "activeEntities";
  readonly list: "stats.active_entities.list";
  /** The by-id read of each entity type's `entity`. */
  readonly reads: Readonly<Record<string, ByIdRule>>;
}

export function activeEntitiesRule(
  list: "stats.active_entities.list",
  reads: Readonly<Record<string, ByIdRule>>,
): ActiveEntitiesRule {
  return { kind: "activeEntities", list, reads };
}

/**
 * An entity's metrics (issue 36, loaders/stats-loaders.ts): the entities asked in one tick
 * with one query are read together, ≤`idsPerRequest` ids a request, over windows of at most
 * 7 days (`stats.get`) or, past 14 days, jobs (`stats.jobs.*`): rest-client's
 * `planStatsRequests` counts them. Ranges that have ended may be answered by snapshots.
 */
export interface StatsRule {
  readonly kind: "stats";
  readonly list: "stats.get";
  /** What a job costs: its create, its download, and the polls (one list polls them all). */
  readonly jobs: readonly ["stats.jobs.create", "stats.jobs.result", "stats.jobs.list"];
  readonly entity: AnalyticsEntity;
  readonly idsPerRequest: number;
  /** By-id reads of the currency when money is asked (a creative's line item, its campaign). */
  readonly currencyReads: readonly ByIdRule[];
}

/**
 * At most one request to `list` (one call, no paging) each time the field resolves, in its
 * parent's account: `upstream.call` straight from the resolver, or a per-key loader keyed by
 * the parent or an argument.
 */
export interface EachRule<Id extends EndpointId = EndpointId> {
  readonly kind: "each";
  readonly list: Id;
  /** A per-key loader: the same key twice in a request costs one request. */
  readonly dedupes: boolean;
  /** The call may be skipped (a key the parent lacks, a loader primed by a list): lower 0. */
  readonly optional: boolean;
  /** The key is this argument's global id, of the parent's account (refused otherwise). */
  readonly argument: string | null;
  /** A connection over the whole answer (connectionOfAll): `first`/`last` go up to it. */
  readonly maxCount: number | null;
}

/**
 * The snapshot history of an object (snapshots/history-reader.ts): read from the database,
 * after asking upstream (`list`, the access check) whether the caller may see the account,
 * once per account and user while the answer is held (shared with the snapshot layer's check).
 */
export interface HistoryRule {
  readonly kind: "history";
  readonly list: "authenticated_user_access.get";
}

/** The rule of `historyField` (schema/common/history.ts). */
export const HISTORY_READ: HistoryRule = { kind: "history", list: "authenticated_user_access.get" };

/** An `EachRule` (see there): a plain call unless told otherwise. */
export function eachRule<Id extends EndpointId>(
  list: Id,
  {
    dedupes = false,
    optional = false,
    argument = null,
    maxCount = null,
  }: {
    dedupes?: boolean;
    optional?: boolean;
    argument?: string | null;
    maxCount?: number | null;
  } = {},
): EachRule<Id> {
  return { kind: "each", list, dedupes, optional, argument, maxCount };
}

/**
 * A list read whole (every page of up to `maxCount`) once per key for the request by a
 * per-key loader (an account's apps, an audience's grants): a children edge of one parent
 * per request.
 */
export function wholeListRule(
  list: EndpointId,
  { maxCount = 1000 }: { maxCount?: number } = {},
): ChildrenRule {
  return {
    kind: "children",
    list,
    idsPerRequest: 1,
    primes: null,
    maxCount,
    everyParentAsks: true,
  };
}

/**
 * A mutation's write (issue 35): `requests(input)` calls of `endpoint`, sent once the input
 * makes wire parameters the catalog accepts (`params`, the resolver's own mutationArgs
 * `params`: a value it refuses is refused before anything is sent), and `reads` sent around
 * it through the loaders (a read before the write), at most once each per request.
 */
export interface CallRule {
  readonly kind: "call";
  readonly endpoint: EndpointId;
  /** The input's wire parameters for `endpoint`, as the resolver makes them (throws: refused). */
  readonly params: (input: Readonly<Record<string, unknown>>) => unknown;
  /** Calls of `endpoint` the input sends (one unless a batch splits); bounds when unknown. */
  readonly requests: (input: Readonly<Record<string, unknown>>) => CallCount;
  /**
   * Per-key loader reads of the account the resolver makes before the write (0 when this
   * request read it already); the loader forgets it after the write. A read may stop the write.
   */
  readonly reads: readonly EndpointId[];
}

/** How many calls a write sends: exactly, or at least/at most. */
export interface CallCount {
  readonly lower: number;
  readonly upper: number;
}

/** The endpoints a rule reads, for `extensions.endpoints` (fields/serves.ts). */
function endpointsOf(rule: FetchRule): EndpointId[] {
  switch (rule.kind) {
    case "perKey":
      return [rule.endpoint];
    case "call":
      return [rule.endpoint, ...rule.reads];
    case "stats":
      return [rule.list, ...rule.jobs, ...rule.currencyReads.map((read) => read.list)];
    case "activeEntities":
      return [rule.list, ...new Set(Object.values(rule.reads).map((read) => read.list))];
    default:
      return [rule.list];
  }
}

/** Pothos field options carrying a rule; a rule implies `serves` of what it reads. */
export function fetchedBy<R extends FetchRule>(
  rule: R,
): { readonly extensions: { readonly fetch: R; readonly endpoints: readonly EndpointId[] } } {
  return { extensions: { fetch: rule, endpoints: endpointsOf(rule) } };
}

/** The rule of a schema field, if it has one. */
export function fetchRuleOf(field: GraphQLField<unknown, unknown>): FetchRule | undefined {
  return (field.extensions as { fetch?: FetchRule }).fetch;
}

/** ≤ how many ids one lookup of `list` by `param` carries (rest-client's own chunking). */
export function lookupChunk(list: EndpointId, param: string): number {
  return idsPerRequest(getEndpoint(list), param);
}

/** The by-id reference rule of a resource: its list and lookup parameter from the catalog. */
export function byIdRule<Id extends ResourceReadId>(
  read: Id,
  { argument = null }: { argument?: string | null } = {},
): ByIdRule & { readonly read: Id } {
  const { list, lookup } = resourceOf(read);
  return { kind: "byId", read, list, idsPerRequest: lookupChunk(list, lookup), argument };
}

/** `loaders.account`: accounts by id through `accounts.list account_ids`. */
export const ACCOUNT_BY_ID: ByIdRule = {
  kind: "byId",
  read: "accounts",
  list: "accounts.list",
  idsPerRequest: lookupChunk("accounts.list", "account_ids"),
  argument: null,
};

/** A children edge read through `list` by the parents' id-list parameter `by`. */
export function childrenRule(
  list: EndpointId,
  by: string,
  {
    primes = null,
    maxCount = 1000,
    everyParentAsks = true,
  }: { primes?: ResourceReadId | null; maxCount?: number; everyParentAsks?: boolean } = {},
): ChildrenRule {
  return {
    kind: "children",
    list,
    idsPerRequest: lookupChunk(list, by),
    primes,
    maxCount,
    everyParentAsks,
  };
}

/** One call of a write endpoint per mutation (most mutations). */
export const ONE_CALL = (): CallCount => ({ lower: 1, upper: 1 });

/**
 * The rule of a mutation writing through `endpoint`; the resolver calls `rule.endpoint` with
 * `params(input)`, so the plan and the write name the same call.
 */
export function callRule<Id extends EndpointId>(
  endpoint: Id,
  params: CallRule["params"],
  { requests = ONE_CALL, reads = [] }: Partial<Pick<CallRule, "requests" | "reads">> = {},
): CallRule & { readonly endpoint: Id } {
  return { kind: "call", endpoint, params, requests, reads };
}

/** The metrics of an entity type (`metrics` fields); `currencyReads` for creatives. */
/** What a stats rule reads, named one by one (a list of ids would be a second catalog). */
export function statsReads(
  list: StatsRule["list"],
  create: StatsRule["jobs"][0],
  result: StatsRule["jobs"][1],
  poll: StatsRule["jobs"][2],
): Pick<StatsRule, "list" | "jobs"> {
  return { list, jobs: [create, result, poll] };
}

export function statsRule(
  entity: AnalyticsEntity,
  reads: Pick<StatsRule, "list" | "jobs">,
  { currencyReads = [] }: { currencyReads?: readonly ByIdRule[] } = {},
): StatsRule {
  return {
    kind: "stats",
    ...reads,
    entity,
    idsPerRequest: lookupChunk(reads.list, "entity_ids"),
    currencyReads,
  };
}
