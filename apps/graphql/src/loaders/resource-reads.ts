import {
  RESOURCES,
  getEndpoint,
  pathParameterNames,
  resourceOf,
  resourceOfList,
} from "@adsgraph/models";
import type { AnyResource, ResourceOf, ResourceReadId } from "@adsgraph/models";
import type { ItemOf, Page, RestClient, WireParams } from "@adsgraph/rest-client";
import type { Owned } from "./shapes.js";

/** The list a resource is read through (`campaigns.get` → `campaigns.list`). */
export type ListOf<Id extends ResourceReadId> = ResourceOf<Id>["list"];

/** spec §4.7: each kind of card has its own endpoints; a card remembers which it came from. */
type CardKindOf<List> = List extends "cards.list"
  ? "generic"
  : List extends `cards.${infer Kind}.list`
    ? Kind
    : never;
type CardPart<List> = [CardKindOf<List>] extends [never]
  ? unknown
  : { readonly card_kind: CardKindOf<List> };

/** What every resource's items carry (loaders key and prime by it). */
interface Identified {
  readonly id: string;
  readonly deleted?: boolean | null | undefined;
}

/** What resolvers receive of a resource: its list's item, the account read from (and card kind). */
export type ShapeOf<Id extends ResourceReadId> = Owned<ItemOf<ListOf<Id>> & Identified> &
  CardPart<ListOf<Id>>;

/** The resource read by the id whose list is `List` (`media_creatives.list` → `media_creatives.get`). */
export type ReadIdOf<List extends AnyResource["list"]> = ResourceReadId extends infer Id
  ? Id extends ResourceReadId
    ? ListOf<Id> extends List
      ? Id
      : never
    : never
  : never;

/** The read id of the resource whose list is `list`. */
export function readIdOfList<List extends AnyResource["list"]>(list: List): ReadIdOf<List>;
export function readIdOfList(list: string): ResourceReadId {
  const found = resourceOfList(list);
  return found.get ?? found.list;
}

function cardKindOf(list: string): string | undefined {
  const [family, kind, action] = list.split(".");
  if (family !== "cards") return undefined;
  return action === undefined ? "generic" : kind;
}
/** Worked out once per resource, not per item shaped. */
const CARD_KINDS: ReadonlyMap<ResourceReadId, string | undefined> = new Map(
  RESOURCES.map((entry) => [entry.get ?? entry.list, cardKindOf(entry.list)]),
);

/**
 * Whether a snapshot answered this upstream object in this request (its paths go to
 * `extensions.cache` when resolvers receive that very object).
 */
export type SnapshotMarked = (item: object) => boolean;
const NOTHING_MARKED: SnapshotMarked = () => false;

/**
 * An item as resolvers see it: the account it was read from (every read names one; not every
 * item carries it), and for cards the kind of endpoint it came from. The overload is where an
 * answer, checked against the catalog by rest-client, takes its resource's type.
 *
 * An item that names its account already and is no card is handed over as it is: a copy
 * would be equal, field for field and in order, and a page of 1,000 items then makes no
 * 1,000 copies. Nothing mutates an upstream answer (the snapshot writer serialises it later).
 * A snapshot-marked item is still copied: resolvers have only ever seen a copy of one, so
 * `extensions.cache` reports the same paths as before.
 */
export function shapeOf<Id extends ResourceReadId>(
  id: Id,
  item: unknown,
  accountId: string,
  marked?: SnapshotMarked,
): ShapeOf<Id>;
export function shapeOf(
  id: ResourceReadId,
  item: unknown,
  accountId: string,
  marked: SnapshotMarked = NOTHING_MARKED,
): object {
  const kind = CARD_KINDS.get(id);
  const fields = typeof item === "object" && item !== null ? item : {};
  const named = "account_id" in fields && fields.account_id === accountId;
  if (kind === undefined && named && !marked(fields)) return fields;
  return { ...fields, account_id: accountId, ...(kind !== undefined && { card_kind: kind }) };
}

/** The name of the get's own id parameter: the last of its path (`:campaign_id`). */
function idParamOf(get: string): string {
  return pathParameterNames(getEndpoint(get).path).at(-1) ?? "id";
}

/** The upstream reads of every resource, from its declaration in the catalog. */
export interface ResourceReads {
  /** One item by id (its single read, or a one-id lookup); undefined when the list lacks it. */
  one<Id extends ResourceReadId>(
    id: Id,
    accountId: string,
    itemId: string,
  ): Promise<ShapeOf<Id> | undefined>;
  /** Items of these ids through the list's lookup parameter (≤200 per request, every page). */
  many<Id extends ResourceReadId>(
    id: Id,
    accountId: string,
    ids: readonly string[],
  ): Promise<ShapeOf<Id>[]>;
  /** One page of the account's list with these wire filters. */
  page<Id extends ResourceReadId>(
    id: Id,
    accountId: string,
    params: WireParams,
  ): Promise<Page<ShapeOf<Id>>>;
  /** The list's `total_count` with these filters (of a list that takes `with_total_count`). */
  totalCount(id: ResourceReadId, accountId: string, params: WireParams): Promise<number>;
}

/**
 * Reads by the catalog's facts: a by-id chunk asks for as many items as it names ids (one
 * page); a list that hides drafts unless asked (campaigns) is asked, as the single read finds
 * them.
 */
export function resourceReads(
  client: RestClient,
  marked: SnapshotMarked = NOTHING_MARKED,
): ResourceReads {
  return {
    async one(id, accountId, itemId) {
      const { get, list, lookup } = resourceOf(id);
      const item =
        get === null
          ? (await client.wire.page(list, { account_id: accountId, [lookup]: [itemId] })).items[0]
          : (await client.wire.call(get, { account_id: accountId, [idParamOf(get)]: itemId })).data;
      return item === undefined ? undefined : shapeOf(id, item, accountId, marked);
    },
    async many(id, accountId, ids) {
      const { list, lookup } = resourceOf(id);
      const drafts = getEndpoint(list).locations.with_draft !== undefined;
      const items = await client.wire.collectMany(
        list,
        { account_id: accountId, ids, ...(drafts && { with_draft: true }) },
        { by: lookup },
      );
      return items.map((item) => shapeOf(id, item, accountId, marked));
    },
    async page(id, accountId, params) {
      const answer = await client.wire.page(resourceOf(id).list, {
        ...params,
        account_id: accountId,
      });
      return { ...answer, items: answer.items.map((item) => shapeOf(id, item, accountId, marked)) };
    },
    // Lists without with_total_count (spec §4.6 promoted posts, §4.7 cards) are never asked:
    // their connections have no totalCount, and accountListField passes `counts` (countsTotal).
    totalCount: (id, accountId, params) =>
      client.wire.totalCount(resourceOf(id).list, { ...params, account_id: accountId }),
  };
}
