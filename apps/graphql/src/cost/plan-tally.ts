import { getEndpoint } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import { add, isExact, ZERO } from "./bounds.js";
import type { PlanKnowledge } from "./plan-knowledge.js";
import type { Bounds, PlannedWindow, QueryPlan } from "./plan-types.js";

/** The read a snapshot's access check makes (snapshot-upstream.ts mayServe, askAccountAccess). */
const ACCESS_CHECK: EndpointId = "authenticated_user_access.get";

interface Window {
  family: string;
  accountId: string | null;
  requests: Bounds;
}

/** Whether a call spends its account's window: GETs of `/accounts/:account_id/...` (budgetKeyFor). */
function spendsAccountWindow(endpointId: EndpointId): boolean {
  const endpoint = getEndpoint(endpointId);
  return endpoint.method === "GET" && endpoint.locations.account_id === "path";
}

/** A read the snapshot layer may answer (snapshot-upstream.ts: GETs and safe POSTs, JSON only). */
function snapshotReadable(endpointId: EndpointId): boolean {
  const endpoint = getEndpoint(endpointId);
  const kind = endpoint.response.kind;
  return (
    (endpoint.method === "GET" || endpoint.safe) &&
    kind !== "stream" &&
    kind !== "html" &&
    kind !== "form"
  );
}

/** Adds up the requests the walk finds, per window, into a QueryPlan. */
export class PlanTally {
  readonly #windows = new Map<string, Window>();
  #total: Bounds = ZERO;
  #withTotalCount: Bounds = ZERO;
  readonly #unplanned = new Set<string>();
  /** Families an unplanned field may spend without bound; "*" every family. */
  readonly #unbounded = new Set<string>();
  /**
   * Per family, the upper bound of account-window requests whose account the arguments do not
   * name: each may land in any account's window, so every named one's upper bound takes it.
   */
  readonly #anyAccount = new Map<string, Bounds>();
  /** Accounts whose access a snapshot answer may check (once each). */
  readonly #accessChecked = new Set<string>();
  /** Requests whose lower bound holds once per key however many fields ask (loaders dedupe). */
  readonly #onceKeys = new Set<string>();
  readonly #knowledge: PlanKnowledge;

  constructor(knowledge: PlanKnowledge) {
    this.#knowledge = knowledge;
  }

  /**
   * Requests to `endpoint` for `accountId` (null: not known from the arguments). A read a fresh
   * snapshot may answer counts 0 in the lower bound (and may cost its account's access check),
   * one known to be answered counts 0.
   */
  charge(
    endpoint: EndpointId,
    accountId: string | null,
    requests: Bounds,
    { withTotalCount = false, scoped = true }: { withTotalCount?: boolean; scoped?: boolean } = {},
  ): void {
    if (requests.upper === 0) return;
    let counted = requests;
    if (snapshotReadable(endpoint)) {
      if (this.#knowledge.knownFresh?.(endpoint, accountId) === true) return;
      const freshMs = this.#knowledge.snapshotFreshMs?.(endpoint) ?? 1;
      if (freshMs > 0) {
        counted = { lower: 0, upper: requests.upper };
        // mayServe asks upstream whether the caller may see the account (cached per user).
        if (scoped && getEndpoint(endpoint).locations.account_id !== undefined) {
          if (accountId === null) {
            this.#add(ACCESS_CHECK, null, { lower: 0, upper: requests.upper }, false);
          } else if (!this.#accessChecked.has(accountId)) {
            this.#accessChecked.add(accountId);
            this.#add(ACCESS_CHECK, accountId, { lower: 0, upper: 1 }, false);
          }
        }
      }
    }
    this.#add(endpoint, accountId, counted, withTotalCount);
  }

  /**
   * True the first time `key` is asked: a request the loaders send once for it, whatever
   * asks, may count 1 in the lower bound only once.
   */
  firstTime(key: string): boolean {
    if (this.#onceKeys.has(key)) return false;
    this.#onceKeys.add(key);
    return true;
  }

  /**
   * The access check a read from the database makes (the snapshot history): at most once per
   * account for the request, shared with the snapshot answers' own check (`charge`), and held
   * across requests, so never in the lower bound.
   */
  accessCheck(accountId: string | null, upper: number | null): void {
    if (upper === 0) return;
    if (accountId === null) {
      this.#add(ACCESS_CHECK, null, { lower: 0, upper }, false);
    } else if (!this.#accessChecked.has(accountId)) {
      this.#accessChecked.add(accountId);
      this.#add(ACCESS_CHECK, accountId, { lower: 0, upper: 1 }, false);
    }
  }

  /** A field reading upstream by no rule: its endpoints' families (all, if unknown) unbounded. */
  unplanned(coordinate: string, endpoints: readonly EndpointId[] | undefined): void {
    this.#unplanned.add(coordinate);
    if (endpoints === undefined || endpoints.length === 0) this.#unbounded.add("*");
    else for (const endpoint of endpoints) this.#unbounded.add(getEndpoint(endpoint).family);
  }

  #add(endpoint: EndpointId, accountId: string | null, requests: Bounds, counting: boolean) {
    const { family } = getEndpoint(endpoint);
    this.#window(family, null, requests);
    if (spendsAccountWindow(endpoint)) {
      if (accountId !== null) this.#window(family, accountId, requests);
      else
        this.#anyAccount.set(
          family,
          add(this.#anyAccount.get(family) ?? ZERO, { lower: 0, upper: requests.upper }),
        );
    }
    this.#total = add(this.#total, requests);
    if (counting) this.#withTotalCount = add(this.#withTotalCount, requests);
  }

  #window(family: string, accountId: string | null, requests: Bounds) {
    const key = `${family}\u0000${accountId ?? ""}`;
    const window = this.#windows.get(key);
    if (window === undefined) this.#windows.set(key, { family, accountId, requests });
    else window.requests = add(window.requests, requests);
  }

  build(): QueryPlan {
    const everything = this.#unbounded.has("*");
    const loosen = (b: Bounds, family: string | null): Bounds =>
      everything || (family !== null && this.#unbounded.has(family))
        ? { lower: b.lower, upper: null }
        : b;
    const windows: PlannedWindow[] = [...this.#windows.values()]
      .sort((a, b) =>
        a.accountId === b.accountId
          ? a.family.localeCompare(b.family)
          : a.accountId === null
            ? -1
            : b.accountId === null
              ? 1
              : a.accountId.localeCompare(b.accountId),
      )
      .map((w) => {
        const unnamed = w.accountId === null ? undefined : this.#anyAccount.get(w.family);
        const requests = unnamed === undefined ? w.requests : add(w.requests, unnamed);
        return { family: w.family, accountId: w.accountId, requests: loosen(requests, w.family) };
      });
    // Families only an unplanned field spends have no window of their own yet.
    for (const family of this.#unbounded) {
      if (family !== "*" && !this.#windows.has(`${family}\u0000`))
        windows.unshift({ family, accountId: null, requests: { lower: 0, upper: null } });
    }
    const unplanned = this.#unplanned.size > 0;
    const total = unplanned ? { lower: this.#total.lower, upper: null } : this.#total;
    const withTotalCount = everything
      ? { lower: this.#withTotalCount.lower, upper: null }
      : this.#withTotalCount;
    return {
      windows,
      total,
      withTotalCount,
      exact: isExact(total) && isExact(withTotalCount) && windows.every((w) => isExact(w.requests)),
      unplanned: [...this.#unplanned].sort(),
    };
  }
}
