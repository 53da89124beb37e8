import { validateParams } from "@adsgraph/models";
import type { EndpointId } from "@adsgraph/models";
import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  isAbstractType,
  isListType,
  isObjectType,
} from "graphql";
import type {
  FieldNode,
  GraphQLField,
  GraphQLNamedType,
  GraphQLObjectType,
  SelectionSetNode,
} from "graphql";
import { DEFAULT_PAGE_SIZE, pagingFor } from "../fields/connections.js";
import { parseGlobalId } from "../input/global-id.js";
import { chunks, exactly, minUpper, times } from "./bounds.js";
import { collectFields, subSelections } from "./collect-fields.js";
import { decodedArgs } from "./decoded-input.js";
import type { CollectScope } from "./collect-fields.js";
import { fetchRuleOf } from "./fetch-rule.js";
import type {
  ActiveEntitiesRule,
  ByIdRule,
  CallRule,
  ChildrenRule,
  EachRule,
  FetchRule,
  PageRule,
  PerKeyRule,
  StatsRule,
} from "./fetch-rule.js";
import { planStatsRequests } from "@adsgraph/rest-client";
import {
  groupsSelectedIn,
  rangeOf,
  MONEY_GROUPS,
  statsQueryOf,
} from "../schema/analytics/metrics-args.js";
import { listKey } from "./list-key.js";
import { selectsOnlyAccountLists } from "../access/account-read-skip.js";
import type { PlanKnowledge } from "./plan-knowledge.js";
import type { PlanTally } from "./plan-tally.js";
import type { Bounds } from "./plan-types.js";
import { endpointsNamed, readsUpstream } from "./upstream-readers.js";

/** Objects a selection set is resolved for, as far as the plan can tell before running. */
export interface Objects {
  readonly count: Bounds;
  /** At most how many separate loader batches (a tick and an account each) they resolve in. */
  readonly groups: number | null;
  /** At most how many of them resolve in one such batch. */
  readonly groupMax: number | null;
  /** Their account (for Account objects: themselves), when the arguments name it. */
  readonly accountId: string | null;
  /** Their account is in `loaders.account` already (read or primed). */
  readonly accountLoaded: boolean;
  /** The endpoint they were read through. */
  readonly origin: EndpointId | null;
  /** A connection's items (edges' nodes). */
  readonly items?: Objects;
  /** Their response path from the root while it crosses no list (for learning totals). */
  readonly path: readonly string[] | null;
}

/** A first page of a list whose size an answer can tell (`learnTotals`). */
export interface ListRead {
  readonly path: readonly string[];
  readonly key: string;
}

/** A by-id read whose key the arguments name: deduplicated and batched across the query. */
interface KeyedRead {
  readonly rule: ByIdRule;
  readonly accountId: string | null;
  /** Keys per parent resolution (one loader batch each at most). */
  readonly sites: Map<Objects, Set<string>>;
}

const UNKNOWN_MANY = (path: null, from: Objects): Objects => ({
  count: { lower: 0, upper: null },
  groups: null,
  groupMax: null,
  accountId: from.accountId,
  accountLoaded: from.accountLoaded,
  origin: null,
  path,
});

export class PlanWalk {
  readonly #scope: CollectScope;
  readonly #tally: PlanTally;
  readonly #knowledge: PlanKnowledge;
  readonly #batching: boolean;
  /** By-id reads a list of the query may prime (their lower bound is then 0). */
  readonly #listed = new Set<string>();
  readonly #keyed = new Map<string, KeyedRead>();
  /** Per-key reads (perKeyLoader) already planned: cached for the rest of the request. */
  readonly #perKey = new Set<string>();
  readonly lists: ListRead[] = [];

  constructor(scope: CollectScope, tally: PlanTally, knowledge: PlanKnowledge) {
    this.#scope = scope;
    this.#tally = tally;
    this.#knowledge = knowledge;
    this.#batching = knowledge.batching ?? true;
  }

  /** Walks the selection `sets` of objects of `type`. */
  walk(type: GraphQLNamedType, sets: readonly SelectionSetNode[], objects: Objects): void {
    if (objects.count.upper === 0 || sets.length === 0) return;
    if (isObjectType(type)) {
      this.#walkObject(type, sets, objects);
    } else if (isAbstractType(type)) {
      // Any of its types may be the one: each planned for all objects, none assumed present.
      const some = { ...objects, count: { lower: 0, upper: objects.count.upper } };
      for (const possible of this.#scope.schema.getPossibleTypes(type))
        this.#walkObject(possible, sets, some);
    }
  }

  #walkObject(type: GraphQLObjectType, sets: readonly SelectionSetNode[], objects: Objects) {
    const fields = collectFields(this.#scope, type, sets);
    for (const [key, nodes] of fields) {
      const first = nodes[0] as FieldNode;
      const name = first.name.value;
      if (name.startsWith("__")) continue;
      const field = type.getFields()[name];
      if (field === undefined) continue;
      let args: Record<string, unknown>;
      try {
        args = getArgumentValues(field, first, this.#scope.variables);
      } catch {
        continue; // the field answers an error: nothing below it runs
      }
      const path = objects.path === null ? null : [...objects.path, key];
      const child = this.#field(type, field, args, nodes, objects, path);
      if (child === null) continue;
      this.walk(getNamedType(field.type), subSelections(nodes), child);
    }
  }

  /** The objects below a field, after charging what it reads; null when it resolves nothing. */
  #field(
    type: GraphQLObjectType,
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
    nodes: readonly FieldNode[],
    parent: Objects,
    path: readonly string[] | null,
  ): Objects | null {
    const rule = fetchRuleOf(field);
    if (rule !== undefined) return this.#ruled(rule, field, args, nodes, parent, path);
    if (type.name === "Query" && (field.name === "node" || field.name === "nodes"))
      return this.#nodes(field.name === "node" ? [args.id] : args.ids, parent);
    // A connection's edges and nodes are its items; an edge's node is the edge's item.
    if (parent.items !== undefined && (field.name === "edges" || field.name === "nodes"))
      return parent.items;
    if (type.name.endsWith("Edge") && field.name === "node") return { ...parent, path: null };
    if (readsUpstream(field)) {
      this.#tally.unplanned(`${type.name}.${field.name}`, endpointsNamed(field));
      return UNKNOWN_MANY(null, parent);
    }
    return isListType(getNullableType(field.type))
      ? UNKNOWN_MANY(null, parent)
      : { ...withoutItems(parent), path };
  }

  #ruled(
    rule: FetchRule,
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
    nodes: readonly FieldNode[],
    parent: Objects,
    path: readonly string[] | null,
  ): Objects | null {
    switch (rule.kind) {
      case "page":
        return this.#page(rule, field, args, nodes, parent, path);
      case "byId":
        return rule.argument === null
          ? this.#reference(rule, parent)
          : this.#byArgument(rule, args[rule.argument], parent);
      case "children":
        return this.#children(rule, args, parent);
      case "perKey":
        return this.#perKeyRead(rule, field, args, nodes, parent);
      case "once":
        if (this.#tally.firstTime(`once\u0000${rule.list}`))
          this.#tally.charge(rule.list, null, {
            lower: parent.count.lower > 0 ? 1 : 0,
            upper: null,
          });
        return UNKNOWN_MANY(null, parent);
      case "call":
        return this.#call(rule, field, args, parent);
      case "each":
        return this.#each(rule, field, args, parent);
      case "history":
        this.#tally.accessCheck(parent.accountId, parent.count.upper);
        return UNKNOWN_MANY(null, parent);
      case "stats":
        return this.#stats(rule, field, args, nodes, parent);
      case "activeEntities":
        return this.#activeEntities(rule, field, args, nodes, parent);
    }
  }

  /**
   * An entity's metrics (stats-loaders.ts): per loader batch (a tick and an account), its ids
   * by `idsPerRequest`, over the windows or jobs rest-client's plan picks for the range; money
   * may read the entity's currency by id. Snapshots may answer any of it (lower bound 0).
   */
  #stats(
    rule: StatsRule,
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
    nodes: readonly FieldNode[],
    parent: Objects,
  ): Objects | null {
    const query = statsQueryOf(rule.entity, args, () =>
      groupsSelectedIn(this.#scope, getNamedType(field.type), subSelections(nodes)),
    );
    if (query === null) return null; // refused before any request
    const answered = { ...withoutItems(parent), origin: rule.list, path: null };
    if (query.groups.length === 0 || parent.count.upper === 0) return answered;
    const cost = (entityCount: number) =>
      planStatsRequests({
        entityCount,
        start: new Date(query.start),
        end: new Date(query.end),
        granularity: query.granularity,
      });
    // Each batch of `n` ids costs the plan of n; without batching, each entity is its own.
    const batches = this.#batching ? parent.groups : parent.count.upper;
    const perBatch = this.#batching ? parent.groupMax : 1;
    const plan = perBatch === null ? null : cost(perBatch);
    const times = (n: number | undefined) =>
      batches === null || n === undefined ? null : batches * n;
    const lowest = cost(1);
    const sure = parent.count.lower > 0;
    if (plan === null ? lowest.strategy === "windows" : plan.strategy === "windows") {
      this.#tally.charge(rule.list, parent.accountId, {
        lower: sure && lowest.strategy === "windows" ? lowest.requests : 0,
        upper: times(plan?.requests),
      });
    } else {
      const jobs = plan?.batches;
      const [create, result, poll] = rule.jobs;
      this.#tally.charge(create, parent.accountId, { lower: 0, upper: times(jobs) });
      this.#tally.charge(result, null, { lower: 0, upper: times(jobs) });
      this.#tally.charge(poll, parent.accountId, { lower: 0, upper: null });
    }
    if (query.groups.some((group) => MONEY_GROUPS.has(group)))
      for (const read of rule.currencyReads) this.#reference(read, parent);
    return answered;
  }

  /** One list call per distinct query; its items' entities by id when selected. */
  #activeEntities(
    rule: ActiveEntitiesRule,
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
    nodes: readonly FieldNode[],
    parent: Objects,
  ): Objects | null {
    if (rangeOf(args) === null) return null; // refused before any request
    const key = `active\u0000${parent.accountId ?? ""}\u0000${JSON.stringify(args)}`;
    this.#tally.charge(rule.list, parent.accountId, {
      lower: parent.count.lower > 0 && this.#tally.firstTime(key) ? 1 : 0,
      upper: parent.count.upper,
    });
    const type = getNamedType(field.type);
    const read = rule.reads[String(args.entityType)];
    if (
      read !== undefined &&
      isObjectType(type) &&
      [...collectFields(this.#scope, type, subSelections(nodes)).values()].some(
        (same) => same[0]?.name.value === "entity",
      )
    )
      this.#tally.charge(read.list, parent.accountId, { lower: 0, upper: null });
    return UNKNOWN_MANY(null, parent);
  }

  /** One page per parent (resolveAccountList / resolveConnection). */
  #page(
    rule: PageRule,
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
    nodes: readonly FieldNode[],
    parent: Objects,
    path: readonly string[] | null,
  ): Objects | null {
    let paging: ReturnType<typeof pagingFor>;
    try {
      paging = pagingFor(args, rule.maxCount);
    } catch {
      return null; // bad `first`/`after`: the field errors before any request
    }
    const connection = getNamedType(field.type);
    const wantTotal =
      rule.counts &&
      isObjectType(connection) &&
      [...collectFields(this.#scope, connection, subSelections(nodes)).values()].some(
        (same) => same[0]?.name.value === "totalCount",
      );
    const firstPage = paging.cursor === undefined;
    const accountId = rule.owner === "account" ? parent.accountId : null;
    this.#tally.charge(rule.list, accountId, parent.count, {
      withTotalCount: wantTotal && firstPage,
    });
    if (wantTotal && !firstPage)
      this.#tally.charge(rule.list, accountId, parent.count, { withTotalCount: true });
    if (rule.primes !== null) this.#listed.add(rule.primes);

    // Items: at most `first` (the page's count less the edge cursor's skip) per parent.
    const perPage = paging.count - paging.skip;
    const key = listKey(rule.list, accountId, args);
    const keyed = accountId !== null || rule.owner === "caller";
    const known = firstPage && keyed ? this.#knowledge.totals?.get(key) : undefined;
    if (firstPage && keyed && path !== null) this.lists.push({ path, key });
    const itemsPerParent: Bounds =
      known === undefined ? { lower: 0, upper: perPage } : exactly(Math.min(perPage, known));
    const count = times(parent.count, itemsPerParent);
    const items: Objects =
      rule.owner === "account"
        ? {
            count,
            groups: parent.count.upper,
            groupMax: itemsPerParent.upper,
            accountId: parent.accountId,
            accountLoaded: parent.accountLoaded,
            origin: rule.list,
            path: null,
          }
        : {
            // The caller's accounts: each its own account, primed in `loaders.account` unless
            // deleted (deleted ones are listed only when asked).
            count,
            groups: count.upper,
            groupMax: 1,
            accountId: null,
            accountLoaded: args.with_deleted !== true && args.withDeleted !== true,
            origin: rule.list,
            path: null,
          };
    return { ...parent, items, path };
  }

  /** A reference to another object, its key taken from the parent (batched per tick). */
  #reference(rule: ByIdRule, parent: Objects): Objects {
    const own = rule.read === "accounts";
    let upper: number | null;
    if (own && parent.accountLoaded) {
      upper = 0;
    } else if (!this.#batching) {
      upper = parent.count.upper;
    } else {
      const perGroup =
        parent.groupMax === null ? null : chunks(parent.groupMax, rule.idsPerRequest);
      upper = minUpper(
        parent.count.upper,
        parent.groups === null || perGroup === null ? null : parent.groups * perGroup,
      );
      // One account: at most one id for it, once.
      if (own && parent.accountId !== null) upper = minUpper(upper, 1);
    }
    this.#tally.charge(rule.list, own ? null : parent.accountId, { lower: 0, upper });
    return {
      count: { lower: 0, upper: parent.count.upper },
      groups: parent.groups,
      groupMax: parent.groupMax,
      accountId: parent.accountId,
      accountLoaded: own || parent.accountLoaded,
      origin: rule.list,
      path: null,
    };
  }

  /** A by-id read keyed by an argument (`Account.campaign(id:)`): planned with its peers. */
  #byArgument(rule: ByIdRule, value: unknown, parent: Objects): Objects | null {
    if (typeof value !== "string" && !isDecoded(value)) return null;
    const key = isDecoded(value) ? value.id : parseGlobalIdOrNull(value);
    if (key === null) return null;
    // An id of another account's object is refused before any read (idInAccount).
    if (parent.accountId !== null && !key.startsWith(`${parent.accountId}/`)) return null;
    if (parent.accountId === null || parent.count.upper !== 1) {
      // Which account's loader batch it joins is not known: one request per parent at most.
      this.#tally.charge(rule.list, null, { lower: 0, upper: parent.count.upper });
    } else {
      this.#keyedRead(rule, parent.accountId, key, parent);
    }
    return {
      count: { lower: 0, upper: parent.count.upper },
      groups: parent.count.upper,
      groupMax: 1,
      accountId: parent.accountId,
      accountLoaded: parent.accountLoaded,
      origin: rule.list,
      path: null,
    };
  }

  /** node(id:) / nodes(ids:): each id's type reads it by its node rule, all in one tick. */
  #nodes(ids: unknown, parent: Objects): Objects | null {
    if (!Array.isArray(ids)) return null;
    for (const id of ids) {
      if (typeof id !== "string") continue;
      const parsed = parseGlobalId(id);
      if (parsed.problem !== undefined) return null; // refused before any read
      const type = this.#scope.schema.getType(parsed.typename);
      const rule = (type?.extensions as { fetch?: FetchRule } | undefined)?.fetch;
      if (rule?.kind !== "byId") {
        if (parsed.typename !== "Viewer") this.#tally.unplanned("Query.node", undefined);
        continue;
      }
      const key = parsed.id;
      const accountId = rule.read === "accounts" ? null : (key.split("/")[0] ?? null);
      this.#keyedRead(rule, accountId, key, parent);
    }
    // Which type each object is, the walk below treats as unknown (abstract Node).
    return {
      count: { lower: 0, upper: ids.length },
      groups: ids.length,
      groupMax: 1,
      accountId: null,
      accountLoaded: false,
      origin: null,
      path: null,
    };
  }

  #keyedRead(rule: ByIdRule, accountId: string | null, key: string, site: Objects) {
    const batchKey = `${rule.read}\u0000${accountId ?? ""}`;
    let read = this.#keyed.get(batchKey);
    if (read === undefined) {
      read = { rule, accountId, sites: new Map() };
      this.#keyed.set(batchKey, read);
    }
    let keys = read.sites.get(site);
    if (keys === undefined) read.sites.set(site, (keys = new Set()));
    keys.add(key);
  }

  /** A one-to-many edge read whole (childrenLoader): pages unknown, so no upper bound. */
  #children(rule: ChildrenRule, args: Record<string, unknown>, parent: Objects): Objects | null {
    let perParent: number;
    try {
      perParent = pageSizeOf(args, rule.maxCount);
    } catch {
      return null;
    }
    const atLeastOne =
      rule.everyParentAsks &&
      parent.count.lower > 0 &&
      this.#tally.firstTime(`children\u0000${rule.list}\u0000${parent.accountId ?? ""}`);
    this.#tally.charge(rule.list, parent.accountId, {
      lower: atLeastOne ? 1 : 0,
      upper: parent.count.upper === 0 ? 0 : null,
    });
    if (rule.primes !== null) this.#listed.add(rule.primes);
    const items: Objects = {
      count: times({ lower: 0, upper: parent.count.upper }, { lower: 0, upper: perParent }),
      groups: parent.groups,
      groupMax: parent.groupMax === null ? null : parent.groupMax * perParent,
      accountId: parent.accountId,
      accountLoaded: parent.accountLoaded,
      origin: rule.list,
      path: null,
    };
    return { ...parent, items, path: null };
  }

  /** One request per distinct key for the request (perKeyLoader). */
  #perKeyRead(
    rule: PerKeyRule,
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
    nodes: readonly FieldNode[],
    parent: Objects,
  ): Objects | null {
    let accountId: string | null;
    if (rule.key === "parentAccount") {
      accountId = parent.accountId;
      if (parent.origin !== null && rule.freeFrom.includes(parent.origin)) {
        return { ...withoutItems(parent), path: null };
      }
    } else {
      const named = rule.key.arguments.filter(
        (name) => args[name] !== null && args[name] !== undefined,
      );
      if (named.length !== 1) return null; // "give exactly one": refused before any read
      const name = named[0] as string;
      const value = args[name];
      accountId =
        typeof value !== "string"
          ? null
          : name === rule.key.globalId
            ? parseGlobalIdOrNull(value)
            : value;
      if (accountId === null) return null;
      // Query.account selecting only lists, access known: the account's read is left out.
      if (
        rule.skippedForLists === true &&
        this.#knowledge.accessKnown?.(accountId) === true &&
        selectsOnlyAccountLists(this.#scope.schema, field.type, nodes, this.#scope.fragments)
      )
        return {
          count: exactly(1),
          groups: 1,
          groupMax: 1,
          accountId,
          accountLoaded: false,
          origin: null,
          path: parent.path,
        };
    }
    if (accountId !== null && parent.count.upper !== 0) {
      if (!this.#perKey.has(`${rule.endpoint}\u0000${accountId}`)) {
        this.#perKey.add(`${rule.endpoint}\u0000${accountId}`);
        this.#tally.charge(rule.endpoint, accountId, {
          lower: parent.count.lower > 0 ? 1 : 0,
          upper: 1,
        });
      }
    } else {
      this.#tally.charge(rule.endpoint, null, { lower: 0, upper: parent.count.upper });
    }
    const exactOne = rule.key !== "parentAccount";
    return {
      count: exactOne ? exactly(1) : { lower: 0, upper: parent.count.upper },
      groups: exactOne ? 1 : parent.groups,
      groupMax: exactOne ? 1 : parent.groupMax,
      accountId,
      // Query.account primes `loaders.account` with what it read.
      accountLoaded: exactOne || parent.accountLoaded,
      origin: rule.endpoint,
      path: exactOne ? (parent.path === null ? null : parent.path) : null,
    };
  }

  /**
   * A mutation's write (root fields of a mutation run one after the other): its calls when the
   * input passes the checks the resolver makes before sending, else none at all, and the reads
   * it makes around the write. Its payload is of the account the parameters name.
   */
  #call(
    rule: CallRule,
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
    parent: Objects,
  ): Objects | null {
    const decoded = decodedArgs(field, args);
    if (decoded === null) return null; // a global id refused before the resolver runs
    const input = (decoded.input ?? decoded) as Readonly<Record<string, unknown>>;
    let params: unknown;
    try {
      params = rule.params(input);
    } catch {
      return null; // refused by the resolver before anything is sent
    }
    // rest-client checks the same parameters against the catalog before sending: a refused
    // value sends nothing. Checks only the service makes (or the clock) may still refuse it.
    const accepted = validateParams(rule.endpoint, params).ok;
    const calls = rule.requests(input);
    const accountId = accountOfParams(params);
    const sure = accepted && parent.count.lower > 0;
    // A read before the write may stop it (e.g. no do-not-reach list): the write is then unsure.
    const writes = sure && rule.reads.length === 0;
    this.#tally.charge(rule.endpoint, accountId, {
      lower: writes ? calls.lower : 0,
      upper: parent.count.upper === 0 ? 0 : calls.upper,
    });
    for (const read of rule.reads) {
      // A per-key loader's read of the account (0 when this request has it), forgotten after
      // the write so that the payload reads it again.
      const key = `${read}\u0000${accountId ?? ""}`;
      if (accountId !== null && this.#perKey.has(key)) {
        this.#perKey.delete(key);
        continue;
      }
      const reads = accountId !== null && parent.count.lower > 0;
      this.#tally.charge(read, accountId, { lower: reads ? 1 : 0, upper: 1 });
    }
    return {
      count: { lower: writes ? 1 : 0, upper: 1 },
      groups: 1,
      groupMax: 1,
      accountId,
      accountLoaded: false,
      origin: rule.endpoint,
      path: null,
    };
  }

  /** One call per resolution (EachRule); a deduplicating loader's repeats may cost nothing. */
  #each(
    rule: EachRule,
    field: GraphQLField<unknown, unknown>,
    args: Record<string, unknown>,
    parent: Objects,
  ): Objects | null {
    let perParent: number | null = null;
    if (rule.maxCount !== null) {
      try {
        perParent = pageSizeOf(args, rule.maxCount);
      } catch {
        return null; // bad `first`/`last`: the field errors before any request
      }
    }
    let key = "";
    if (rule.argument !== null) {
      const value = args[rule.argument];
      const id = isDecoded(value)
        ? value.id
        : typeof value === "string"
          ? parseGlobalIdOrNull(value)
          : null;
      if (id === null) return null;
      // An id of another account's object is refused before any read (idInAccount).
      if (parent.accountId !== null && !id.startsWith(`${parent.accountId}/`)) return null;
      key = id;
    }
    // A deduplicating loader sends a key once per request: however many resolutions ask for
    // it, the lower bound counts one; in one known account, only the first may send it.
    const dedupeKey = `each\u0000${rule.list}\u0000${parent.accountId ?? ""}\u0000${key}`;
    const once = rule.dedupes && parent.accountId !== null;
    const first = once && this.#tally.firstTime(dedupeKey);
    const lower = rule.optional
      ? 0
      : !rule.dedupes
        ? parent.count.lower
        : parent.count.lower > 0 && (once ? first : this.#tally.firstTime(dedupeKey))
          ? 1
          : 0;
    const upper = once ? (first ? minUpper(parent.count.upper, 1) : 0) : parent.count.upper;
    this.#tally.charge(rule.list, parent.accountId, { lower, upper });
    const answered: Objects = {
      count: { lower: 0, upper: parent.count.upper },
      groups: parent.groups,
      groupMax: parent.groupMax,
      accountId: parent.accountId,
      accountLoaded: parent.accountLoaded,
      origin: rule.list,
      path: null,
    };
    if (perParent !== null) {
      const items: Objects = {
        ...answered,
        count: times(answered.count, { lower: 0, upper: perParent }),
        groupMax: parent.groupMax === null ? null : parent.groupMax * perParent,
      };
      return { ...answered, items };
    }
    return isListType(getNullableType(field.type)) ? UNKNOWN_MANY(null, parent) : answered;
  }

  /** Charges the by-id reads keyed by arguments: each loader batch ≤ idsPerRequest ids. */
  finish(): void {
    for (const read of this.#keyed.values()) {
      const { rule } = read;
      // Only keys asked where the parent surely resolves are sure to be read: under a parent
      // that may be null or absent (a do-not-reach list the account lacks) they may not be.
      const sure = new Set<string>();
      let upper = 0;
      for (const [site, keys] of read.sites) {
        if (site.count.upper === 0) continue;
        if (site.count.lower > 0) for (const key of keys) sure.add(key);
        upper += this.#batching ? chunks(keys.size, rule.idsPerRequest) : keys.size;
      }
      // Loaders keep what they read: a key asked at two sites may cost one request.
      const lower = this.#listed.has(rule.read)
        ? 0
        : this.#batching
          ? chunks(sure.size, rule.idsPerRequest)
          : sure.size;
      this.#tally.charge(rule.list, read.accountId, { lower, upper: Math.max(lower, upper) });
    }
  }
}

/** The account a write's wire parameters name (its reads and payload are of that account). */
function accountOfParams(params: unknown): string | null {
  const account = (params as { account_id?: unknown } | null)?.account_id;
  return typeof account === "string" ? account : null;
}

function withoutItems(objects: Objects): Objects {
  const { items: _items, ...rest } = objects;
  return rest;
}

const isDecoded = (value: unknown): value is { typename: string; id: string } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { id?: unknown }).id === "string" &&
  typeof (value as { typename?: unknown }).typename === "string";

/** A global id's own id; null for a value that is none (the field is refused). */
function parseGlobalIdOrNull(value: string): string | null {
  const parsed = parseGlobalId(value);
  return parsed.problem === undefined ? parsed.id : null;
}

/** Items a connection over a list read whole answers per parent (connectionOfAll). */
function pageSizeOf(args: Record<string, unknown>, maxCount: number): number {
  const first = args.first;
  const last = args.last;
  const check = (value: unknown) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1 || value > maxCount)
      throw new RangeError("out of range");
    return value;
  };
  const f = check(first);
  const l = check(last);
  if (f !== undefined && l !== undefined) return Math.min(f, l);
  return f ?? l ?? DEFAULT_PAGE_SIZE;
}
