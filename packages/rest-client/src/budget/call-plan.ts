import { getEndpoint, isEndpointId } from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import { REST_CLIENT_ERROR_CODES, RestClientError } from "../core/errors.js";
import { idsPerRequest, uniqueIds } from "../client/id-batching.js";
import type { LookupId, PageableId } from "../client/method-types.js";
import { windowsSpentBy } from "./budget-windows.js";
import type { BudgetBook, BudgetWindowKey } from "./budget-windows.js";

/** Requests planned: exact when `lower === upper`; `upper` null when unbounded. */
export interface PlannedRequests {
  readonly lower: number;
  readonly upper: number | null;
}

/**
 * Paging a list to its end (`collect`, `items`) for each account. Exact with `knownItems`
 * (ceil(items / count) pages, at least 1); else 1 page at least per account and at most
 * `pages`, or ceil(maxItems / count), or unbounded.
 */
export interface PageStep {
  readonly page: PageableId;
  /** The accounts paged, one list each; leave out for a list of no account. */
  readonly accountIds?: readonly string[] | undefined;
  /** Pages read at most per account; default "all" (to the end). */
  readonly pages?: number | "all" | undefined;
  /** Items each list holds, if known (a `totalCount`): one number for all, or per account id. */
  readonly knownItems?: number | Readonly<Record<string, number>> | undefined;
  /** At most this many items per list, when the exact number is not known. */
  readonly maxItems?: number | undefined;
  /** The `count` sent; default the list's own default page size (catalog). */
  readonly count?: number | undefined;
}

/** `getMany` of `ids` on one account: ceil(distinct ids / ids per request) requests. */
export interface LookupStep {
  readonly lookup: LookupId;
  readonly accountId?: string | undefined;
  /** The ids, or how many distinct ids. */
  readonly ids: number | readonly string[];
  /** The id-list parameter; default the list's first lookup (as `getMany`). */
  readonly by?: string | undefined;
}

/** `times` calls of one endpoint (default 1). */
export interface CallStep {
  readonly call: EndpointId;
  readonly accountId?: string | undefined;
  readonly times?: number | undefined;
}

export type PlanStep = PageStep | LookupStep | CallStep;

/** One window a plan spends, against what the client knows of it. */
export interface PlannedWindow extends BudgetWindowKey {
  readonly planned: PlannedRequests;
  /** From the last answer (less requests sent since); undefined while no answer told it. */
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
  readonly resetAt: number | undefined;
  /**
   * true: even the upper bound fits in what remains now; false: not even the lower bound
   * does; undefined: the window is not known yet, or the lower bound fits and the upper
   * does not (or is unbounded).
   */
  readonly fits: boolean | undefined;
  /**
   * Milliseconds until the plan could fit (the upper bound, or the lower one when unbounded):
   * 0 now, the time to the reset when a fresh window holds it, null when it exceeds a whole
   * window's limit (split it across windows); undefined while the window is not known.
   */
  readonly waitMs: number | null | undefined;
}

export interface CallPlan {
  /** Per window, account windows first. */
  readonly windows: PlannedWindow[];
  /** Requests of the whole plan (each spends every window of its endpoint). */
  readonly requests: PlannedRequests;
  /** false when any window does not fit; true when every window fits; else undefined. */
  readonly fits: boolean | undefined;
  /** The longest `waitMs` of the known windows; null when any is null. */
  readonly waitMs: number | null;
}

function invalid(message: string, endpointId?: string): RestClientError {
  return new RestClientError(REST_CLIENT_ERROR_CODES.INVALID_ARGUMENT, message, endpointId);
}

function endpointOf(id: string): AnyEndpoint {
  if (!isEndpointId(id)) throw invalid(`plan: no endpoint "${id.slice(0, 80)}" in the catalog`);
  return getEndpoint(id);
}

function count(value: unknown, what: string, id: string, min = 0): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min)
    throw invalid(`plan: ${id}: ${what} must be an integer ≥ ${min}`, id);
  return value;
}

/** A list under an account's path needs the account: ads-api counts its window per account. */
function checkAccount(endpoint: AnyEndpoint, accountId: string | undefined): void {
  if (endpoint.locations.account_id === "path" && accountId === undefined)
    throw invalid(`plan: ${endpoint.id} needs an account id`, endpoint.id);
}

interface Unit {
  readonly endpoint: AnyEndpoint;
  readonly accountId: string | undefined;
  readonly requests: PlannedRequests;
}

function pageUnits(step: PageStep): Unit[] {
  const endpoint = endpointOf(step.page);
  const { id, paging } = endpoint;
  if (paging === null || endpoint.locations.cursor === undefined)
    throw invalid(`plan: ${id} is not a paged list`, id);
  const size = step.count ?? paging.default;
  if (count(size, "count", id, paging.min) > paging.max)
    throw invalid(`plan: ${id}: count must be at most ${paging.max}`, id);
  const pages =
    step.pages === undefined || step.pages === "all" ? null : count(step.pages, "pages", id, 1);
  const capped = (n: number) => (pages === null ? n : Math.min(n, pages));
  const pagesFor = (items: number) => Math.max(1, Math.ceil(count(items, "knownItems", id) / size));
  const accounts = step.accountIds ?? [undefined];
  if (accounts.length === 0) throw invalid(`plan: ${id}: accountIds is empty`, id);
  return accounts.map((accountId) => {
    checkAccount(endpoint, accountId);
    const known =
      typeof step.knownItems === "number"
        ? step.knownItems
        : accountId === undefined
          ? undefined
          : step.knownItems?.[accountId];
    let requests: PlannedRequests;
    if (known !== undefined) {
      const exact = capped(pagesFor(known));
      requests = { lower: exact, upper: exact };
    } else if (step.maxItems !== undefined) {
      requests = { lower: 1, upper: capped(pagesFor(step.maxItems)) };
    } else {
      requests = { lower: 1, upper: pages };
    }
    return { endpoint, accountId, requests };
  });
}

function lookupUnit(step: LookupStep): Unit {
  const endpoint = endpointOf(step.lookup);
  const { id, lookups } = endpoint;
  const lookup = step.by === undefined ? lookups[0] : lookups.find((l) => l.param === step.by);
  if (lookup === undefined)
    throw invalid(`plan: ${id} has no id-list lookup ${step.by ?? ""}`.trim(), id);
  checkAccount(endpoint, step.accountId);
  const ids =
    typeof step.ids === "number" ? count(step.ids, "ids", id) : uniqueIds(step.ids).length;
  // getMany's own chunking: at most the list's maximum per request, each chunk one page (count = ids).
  const n = Math.ceil(ids / idsPerRequest(endpoint, lookup.param));
  return { endpoint, accountId: step.accountId, requests: { lower: n, upper: n } };
}

function callUnit(step: CallStep): Unit {
  const endpoint = endpointOf(step.call);
  checkAccount(endpoint, step.accountId);
  const n = count(step.times ?? 1, "times", endpoint.id);
  return { endpoint, accountId: step.accountId, requests: { lower: n, upper: n } };
}

function unitsOf(step: PlanStep): Unit[] {
  if ("page" in step) return pageUnits(step);
  if ("lookup" in step) return [lookupUnit(step)];
  if ("call" in step) return [callUnit(step)];
  throw invalid("plan: a step names `page`, `lookup` or `call`");
}

const add = (a: PlannedRequests, b: PlannedRequests): PlannedRequests => ({
  lower: a.lower + b.lower,
  upper: a.upper === null || b.upper === null ? null : a.upper + b.upper,
});

function judge(
  planned: PlannedRequests,
  known: { limit: number | undefined; remaining: number; resetAt: number | undefined } | undefined,
  now: number,
): Pick<PlannedWindow, "fits" | "waitMs"> {
  if (known === undefined) return { fits: undefined, waitMs: undefined };
  const { remaining, resetAt } = known;
  const fits =
    planned.lower > remaining
      ? false
      : planned.upper !== null && planned.upper <= remaining
        ? true
        : undefined;
  const target = planned.upper ?? planned.lower;
  if (target <= remaining) return { fits, waitMs: 0 };
  const limit = known.limit ?? remaining;
  if (target > limit || resetAt === undefined) return { fits, waitMs: null };
  return { fits, waitMs: Math.max(0, resetAt - now) };
}

/**
 * Plans a sequence of calls: the requests each window will be spent, against what the book
 * knows of it now. Spends nothing, sends nothing.
 */
export function planCalls(steps: readonly PlanStep[], book: BudgetBook, now: number): CallPlan {
  const windows = new Map<string, { key: BudgetWindowKey; planned: PlannedRequests }>();
  let requests: PlannedRequests = { lower: 0, upper: 0 };
  for (const step of steps) {
    for (const unit of unitsOf(step)) {
      requests = add(requests, unit.requests);
      for (const key of windowsSpentBy(unit.endpoint, unit.accountId)) {
        const id = JSON.stringify(key);
        const entry = windows.get(id);
        windows.set(id, {
          key,
          planned: entry === undefined ? unit.requests : add(entry.planned, unit.requests),
        });
      }
    }
  }
  const planned: PlannedWindow[] = [...windows.values()].map(({ key, planned: bounds }) => {
    const known = book.read(key);
    return {
      ...key,
      planned: bounds,
      limit: known?.limit,
      remaining: known?.remaining,
      resetAt: known?.resetAt,
      ...judge(bounds, known, now),
    };
  });
  planned.sort((a, b) => (a.scope === b.scope ? 0 : a.scope === "account" ? -1 : 1));
  const fits = planned.some((w) => w.fits === false)
    ? false
    : planned.every((w) => w.fits === true)
      ? true
      : undefined;
  const waits = planned.map((w) => w.waitMs).filter((ms) => ms !== undefined);
  const waitMs = waits.includes(null) ? null : Math.max(0, ...(waits as number[]));
  return { windows: planned, requests, fits, waitMs };
}
