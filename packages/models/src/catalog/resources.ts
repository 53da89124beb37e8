import type { Catalog, EndpointId } from "./catalog.js";

/** Lists that look their items up by id (`lookups`). */
type LookupListId = {
  [Id in EndpointId]: Catalog[Id]["lookups"] extends readonly [] ? never : Id;
}[EndpointId];

/** A list's id-list parameters (resources.test.ts: the resource's matches the items' `id`). */
type LookupOf<List extends LookupListId> = Catalog[List]["lookups"][number]["param"];

/**
 * Something an account holds that is read by id (a campaign, a poll card): the endpoints that
 * read it, and how many are read in one request. A by-id read goes through the list's
 * `lookup` parameter (≤200 ids per request, spec §4.2); `get` reads one alone, null where the
 * spec gives no single read (a one-id lookup stands in).
 */
export interface Resource<
  Name extends string = string,
  Get extends EndpointId | null = EndpointId | null,
  List extends LookupListId = LookupListId,
  Lookup extends string = string,
> {
  /** What one is called in messages (`poll card`). */
  readonly name: Name;
  readonly get: Get;
  readonly list: List;
  readonly lookup: Lookup;
  /** Every read names the account (`:account_id`); ids are unique within it (spec §4.2). */
  readonly scope: "account";
}

function resource<
  const Name extends string,
  const Get extends EndpointId | null,
  const List extends LookupListId,
  const Lookup extends LookupOf<List>,
>(definition: {
  name: Name;
  get: Get;
  list: List;
  lookup: Lookup;
}): Resource<Name, Get, List, Lookup> {
  return { ...definition, scope: "account" };
}

/**
 * The account-scoped resources read by id (spec §4.5 – §4.8, line items beyond it). Their
 * endpoints' own facts (parameters, page sizes, capability) stay on the entries.
 */
export const RESOURCES = [
  resource({
    name: "campaign",
    get: "campaigns.get",
    list: "campaigns.list",
    lookup: "campaign_ids",
  }),
  resource({
    name: "funding instrument",
    get: "funding_instruments.get",
    list: "funding_instruments.list",
    lookup: "funding_instrument_ids",
  }),
  resource({
    name: "line item",
    get: "line_items.get",
    list: "line_items.list",
    lookup: "line_item_ids",
  }),
  resource({
    name: "account media",
    get: "account_media.get",
    list: "account_media.list",
    lookup: "account_media_ids",
  }),
  // spec §4.7: cards come from an endpoint per kind; `cards.list` names its id list card_id.
  resource({ name: "card", get: "cards.get", list: "cards.list", lookup: "card_id" }),
  resource({
    name: "poll card",
    get: "cards.poll.get",
    list: "cards.poll.list",
    lookup: "card_ids",
  }),
  resource({
    name: "video conversation card",
    get: "cards.video_conversation.get",
    list: "cards.video_conversation.list",
    lookup: "card_ids",
  }),
  resource({
    name: "image conversation card",
    get: null,
    list: "cards.image_conversation.list",
    lookup: "card_ids",
  }),
  // spec §4.6 line item attachments.
  resource({
    name: "media creative",
    get: "media_creatives.get",
    list: "media_creatives.list",
    lookup: "media_creative_ids",
  }),
  resource({
    name: "promoted account",
    get: "promoted_accounts.get",
    list: "promoted_accounts.list",
    lookup: "promoted_account_ids",
  }),
  resource({
    name: "promoted post",
    // Beyond the spec (issue 33): the vendor's single read.
    get: "promoted_posts.get",
    list: "promoted_posts.list",
    lookup: "promoted_post_ids",
  }),
  resource({
    name: "tracking tag",
    get: "tracking_tags.get",
    list: "tracking_tags.list",
    lookup: "tracking_tag_ids",
  }),
  // spec §4.8: the account's own audiences and those shared with it.
  resource({
    name: "custom audience",
    get: "custom_audiences.get",
    list: "custom_audiences.list",
    lookup: "custom_audience_ids",
  }),
] as const;

export type AnyResource = (typeof RESOURCES)[number];

/** The id a resource is read by: its single read, or its list where it has none. */
export type ResourceReadId = AnyResource extends infer R
  ? R extends { readonly get: infer G extends EndpointId }
    ? G
    : R extends { readonly list: infer L extends EndpointId }
      ? L
      : never
  : never;

/** The resource a read id belongs to. */
export type ResourceOf<Id extends ResourceReadId> = Extract<
  AnyResource,
  { readonly get: Id } | { readonly get: null; readonly list: Id }
>;

const byReadId: ReadonlyMap<string, AnyResource> = new Map(
  RESOURCES.map((entry) => [entry.get ?? entry.list, entry]),
);
const byList: ReadonlyMap<string, AnyResource> = new Map(
  RESOURCES.map((entry) => [entry.list, entry]),
);

/** The resource read by `id` (`campaigns.get`, or `cards.image_conversation.list` for one without). */
export function resourceOf<Id extends ResourceReadId>(id: Id): ResourceOf<Id>;
export function resourceOf(id: string): AnyResource;
export function resourceOf(id: string): AnyResource {
  const found = byReadId.get(id);
  if (found === undefined) throw new Error(`${id} reads no resource`);
  return found;
}

/** The resource whose list is `list` (`media_creatives.list`). */
export function resourceOfList(list: string): AnyResource {
  const found = byList.get(list);
  if (found === undefined) throw new Error(`${list} lists no resource`);
  return found;
}
