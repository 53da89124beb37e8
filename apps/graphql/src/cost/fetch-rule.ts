import { getEndpoint, resourceOf } from "@adsgraph/models";
import type { EndpointId, ResourceReadId } from "@adsgraph/models";
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
}

/** Read once per request, every page (`loaders.iabCategories`). */
export interface OnceRule {
  readonly kind: "once";
  readonly list: EndpointId;
  readonly count: number;
}

export type FetchRule = PageRule | ByIdRule | ChildrenRule | PerKeyRule | OnceRule;

/** The endpoints a rule reads, for `extensions.endpoints` (fields/serves.ts). */
function endpointsOf(rule: FetchRule): EndpointId[] {
  switch (rule.kind) {
    case "perKey":
      return [rule.endpoint];
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
