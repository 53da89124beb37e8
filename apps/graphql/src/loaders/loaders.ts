import { resourceOf } from "@adsgraph/models";
import type { ResourceReadId } from "@adsgraph/models";
import type { Page, RestClient, WireParams } from "@adsgraph/rest-client";
import { NotFoundError } from "../errors/facade-errors.js";
import { readOfLineItems } from "./attachment-reads.js";
import type { AttachmentList } from "./attachment-reads.js";
import { audienceLoaders } from "./audience-loaders.js";
import type { AudienceLoaders } from "./audience-loaders.js";
import { serviceLoaders } from "./service-loaders.js";
import { statsLoaders } from "./stats-loaders.js";
import type { StatsLoaders } from "./stats-loaders.js";
import type { ServiceLoaders } from "./service-loaders.js";
import { accountScopedLoader, childrenLoader, directLoader, perKeyLoader } from "./by-id-loader.js";
import type { ByIdLoader } from "./by-id-loader.js";
import { entityKey, parseEntityKey } from "./keys.js";
import type { EntityKey } from "./keys.js";
import { createPostDataLoader } from "./post-data-loader.js";
import type { PostDataLoader } from "./post-data-loader.js";
import { postReads } from "./post-reads.js";
import type { PostReads } from "./post-reads.js";
import { libraryReads } from "./library-reads.js";
import type { LibraryReads } from "./library-reads.js";
import type {
  AccountShape,
  IabCategoryShape,
  LineItemCuratedCategoryShape,
  UserAccessShape,
} from "./shapes.js";
import type { LoaderOptions } from "./loader-options.js";
import type { OnceRule } from "../cost/fetch-rule.js";
import { readIdOfList, resourceReads, shapeOf } from "./resource-reads.js";
import type { ReadIdOf, ShapeOf } from "./resource-reads.js";

/** Every IAB category, read once per request, all pages (the query planner reads this too). */
export const IAB_CATEGORIES_READ = {
  kind: "once",
  list: "iab_categories.list",
  count: 1000,
} as const satisfies OnceRule;

export interface CampaignFilter {
  readonly withDeleted: boolean;
  readonly withDraft: boolean;
}

/**
 * Wire filters of a campaign's line items: the list's own (listArgs' wireFilters), the campaigns
 * and paging aside; rest-client checks them against the catalog's schema before sending.
 */
export type LineItemFilter = WireParams;

/**
 * The reads of one GraphQL request. Built per request (context.ts) and never shared: the
 * caches hold what this caller may see. With `batching` (the default), by-id reads are
 * batched into the list endpoints' id parameters, ≤200 ids per request, per account; every
 * item a list answers primes the by-id loader. Without it, every by-id read is its own
 * upstream request (the naive baseline the benchmark compares against).
 */
export interface Loaders extends AudienceLoaders, ServiceLoaders, StatsLoaders {
  readonly batching: boolean;
  /**
   * An account's resource by `<account>/<id>` (keys.ts), read by its catalog id: the single
   * read (`campaigns.get`), or the list for one without (`cards.image_conversation.list`). Batched, it
   * reads through the list's lookup parameter (the catalog's resource declaration).
   */
  byId<Id extends ResourceReadId>(id: Id): ByIdLoader<EntityKey, ShapeOf<Id>>;
  /** Accounts by id through `accounts.list account_ids` (list form: no industry_type). */
  readonly account: ByIdLoader<string, AccountShape>;
  /** The single read of an account (the only form with industry_type; spec §2.2). */
  readonly accountDetail: ByIdLoader<string, AccountShape>;
  /** The caller's permissions on an account. */
  readonly userAccess: ByIdLoader<string, UserAccessShape>;
  /** Campaigns of funding instruments, all pages, batched by `funding_instrument_ids`. */
  campaignsOfFundingInstrument(
    filter: CampaignFilter,
  ): ByIdLoader<EntityKey, ShapeOf<"campaigns.get">[]>;
  /**
   * Line items of campaigns (keyed by the campaign's entity key), all pages, in the order the
   * list sorts them: the campaigns asked for in one tick are read together, `campaign_ids` of
   * ≤200 per request. One loader per set of filters.
   */
  lineItemsOfCampaign(filter: LineItemFilter): ByIdLoader<EntityKey, ShapeOf<"line_items.get">[]>;
  /**
   * Attachments of line items (spec §4.6), all pages, batched by `line_item_ids` across every
   * line item asked for in the same tick (≤200 ids per request), grouped by line item.
   */
  attachmentsOfLineItem<List extends AttachmentList>(
    list: List,
    filter: { readonly withDeleted: boolean },
  ): ByIdLoader<EntityKey, ShapeOf<ReadIdOf<List>>[]>;
  /** Every curated-category link of a line item, read for all line items asking together. */
  curatedLinksOfLineItem(filter: {
    readonly withDeleted: boolean;
  }): ByIdLoader<EntityKey, LineItemCuratedCategoryShape[]>;
  /** After a write attaching to or detaching from a line item: its attachment edges read again. */
  forgetAttachmentsOf(lineItemKey: EntityKey): void;
  /**
   * Published posts through the post-data API (spec §4.9), each with the fields its selection
   * needs, batched across the request (≤100 ids per lookup).
   */
  readonly posts: PostDataLoader;
  /** An account's posts list (spec §4.7), drafts and scheduled posts by id, and previews. */
  readonly accountPosts: PostReads;
  /** An account's media library, drafts and scheduled posts lists; library objects by key. */
  readonly library: LibraryReads;
  /** Every IAB category (read once per request). */
  iabCategories(): Promise<IabCategoryShape[]>;
  /** One page of the caller's accounts; primes `account`. */
  accountsPage(params: WireParams): Promise<Page<AccountShape>>;
  /** One page of the account's list of a resource (wire filters); primes its by-id loader. */
  page<Id extends ResourceReadId>(
    id: Id,
    accountId: string,
    params: WireParams,
  ): Promise<Page<ShapeOf<Id>>>;
  /** `total_count` of the account's list of a resource with these filters. */
  totalCount(id: ResourceReadId, accountId: string, params: WireParams): Promise<number>;
}

export function createLoaders(
  upstream: RestClient,
  { batching, traceParent, statsSnapshots, marked }: LoaderOptions,
): Loaders {
  const reads = resourceReads(upstream, marked);
  const readOne =
    <Id extends ResourceReadId>(id: Id) =>
    async (key: EntityKey): Promise<ShapeOf<Id>> => {
      const { name } = resourceOf(id);
      const parsed = parseEntityKey(key);
      if (parsed === null) throw new NotFoundError(`No ${name} has the id ${key}.`);
      const item = await reads.one(id, parsed.accountId, parsed.id);
      if (item === undefined)
        throw new NotFoundError(`No ${name} ${parsed.id} in account ${parsed.accountId}.`);
      return item;
    };
  // Made on first use: a request reads a few of the resources.
  const byIdLoaders = new Map<ResourceReadId, ByIdLoader<EntityKey, object>>();
  function byId<Id extends ResourceReadId>(id: Id): ByIdLoader<EntityKey, ShapeOf<Id>>;
  function byId(id: ResourceReadId): ByIdLoader<EntityKey, object> {
    let loader = byIdLoaders.get(id);
    if (loader === undefined) {
      loader = batching
        ? accountScopedLoader(
            resourceOf(id).name,
            (accountId, ids) => reads.many(id, accountId, ids),
            traceParent,
          )
        : directLoader(readOne(id));
      byIdLoaders.set(id, loader);
    }
    return loader;
  }

  const getAccount = async (accountId: string) =>
    (await upstream.call("accounts.get", { account_id: accountId })).data;
  const accountDetail = batching
    ? perKeyLoader(getAccount, "account detail", traceParent)
    : directLoader(getAccount);
  const account: ByIdLoader<string, AccountShape> = batching
    ? accountScopedLoader(
        "account",
        (_scope, ids) => upstream.collectMany("accounts.list", { ids }, { by: "account_ids" }),
        traceParent,
      )
    : directLoader(getAccount);
  // The account loader is keyed like entities (`<scope>/<id>`) so accounts share its batching.
  const accountById: ByIdLoader<string, AccountShape> = {
    load: (id) => account.load(entityKey("accounts", id)),
    loadMany: (ids) => account.loadMany(ids.map((id) => entityKey("accounts", id))),
    prime: (id, value) => {
      account.prime(entityKey("accounts", id), value);
    },
  };
  const readUserAccess = async (accountId: string) => ({
    ...(await upstream.call("authenticated_user_access.get", { account_id: accountId })).data,
    account_id: accountId,
  });
  const userAccess = batching
    ? perKeyLoader(readUserAccess, "user access", traceParent)
    : directLoader(readUserAccess);

  const campaignEdges = new Map<string, ByIdLoader<EntityKey, ShapeOf<"campaigns.get">[]>>();
  const childCampaigns = (filter: CampaignFilter) => async (accountId: string, fiIds: string[]) =>
    (
      await upstream.collectMany(
        "campaigns.list",
        {
          ids: fiIds,
          account_id: accountId,
          count: 1000,
          with_deleted: filter.withDeleted,
          with_draft: filter.withDraft,
        },
        { by: "funding_instrument_ids" },
      )
    ).map((item) => {
      const campaign = shapeOf("campaigns.get", item, accountId, marked);
      prime("campaigns.get", campaign);
      return campaign;
    });

  const lineItemEdges = new Map<string, ByIdLoader<EntityKey, ShapeOf<"line_items.get">[]>>();
  const childLineItems =
    (filter: LineItemFilter) => async (accountId: string, campaignIds: string[]) =>
      (
        await upstream.wire.collectMany(
          "line_items.list",
          { ...filter, ids: campaignIds, account_id: accountId, count: 1000 },
          { by: "campaign_ids" },
        )
      ).map((item) => {
        const lineItem = shapeOf("line_items.get", item, accountId, marked);
        prime("line_items.get", lineItem);
        return lineItem;
      });

  /** A one-to-many edge's loader: batched per tick, or (loaders off) a request per parent. */
  function edgeLoader<V>(
    name: string,
    fetch: (accountId: string, parentIds: string[]) => Promise<V[]>,
    parentOf: (child: V) => string,
  ): ByIdLoader<EntityKey, V[]> {
    return batching
      ? childrenLoader(fetch, parentOf, name, traceParent)
      : directLoader(async (key: EntityKey) => {
          const parsed = parseEntityKey(key);
          return parsed === null ? [] : fetch(parsed.accountId, [parsed.id]);
        });
  }

  function prime<Id extends ResourceReadId>(id: Id, item: ShapeOf<Id>): void {
    // Deleted items stay out: a by-id read without with_deleted answers NOT_FOUND for them.
    if (batching && !item.deleted) byId(id).prime(entityKey(item.account_id, item.id), item);
  }

  const attachmentEdges = new Map<string, ByIdLoader<EntityKey, object[]>>();
  /** One loader per edge and filter for the request, made on first use. */
  function lineItemEdge<T extends object>(
    name: string,
    fetch: (accountId: string, lineItemIds: string[]) => Promise<T[]>,
    lineItemOf: (item: T) => string,
  ): ByIdLoader<EntityKey, T[]>;
  function lineItemEdge(
    name: string,
    fetch: (accountId: string, lineItemIds: string[]) => Promise<object[]>,
    lineItemOf: (item: object) => string,
  ): ByIdLoader<EntityKey, object[]> {
    let loader = attachmentEdges.get(name);
    if (loader === undefined) {
      loader = edgeLoader(`${name} of line item`, fetch, lineItemOf);
      attachmentEdges.set(name, loader);
    }
    return loader;
  }
  function attachmentsOfLineItem<List extends AttachmentList>(
    list: List,
    filter: { readonly withDeleted: boolean },
  ): ByIdLoader<EntityKey, ShapeOf<ReadIdOf<List>>[]>;
  function attachmentsOfLineItem(
    list: AttachmentList,
    filter: { readonly withDeleted: boolean },
  ): ByIdLoader<EntityKey, object[]> {
    const id = readIdOfList(list);
    return lineItemEdge(
      `${list}/${String(filter.withDeleted)}`,
      async (accountId, lineItemIds) =>
        (await readOfLineItems(upstream, list, accountId, lineItemIds, filter.withDeleted)).map(
          (item) => {
            const attachment = shapeOf(id, item, accountId, marked);
            prime(id, attachment);
            return attachment;
          },
        ),
      (attachment) => attachment.line_item_id ?? "",
    );
  }
  function curatedLinksOfLineItem(filter: {
    readonly withDeleted: boolean;
  }): ByIdLoader<EntityKey, LineItemCuratedCategoryShape[]> {
    return lineItemEdge(
      `curatedLink/${String(filter.withDeleted)}`,
      async (accountId, lineItemIds) =>
        (
          await readOfLineItems(
            upstream,
            "line_item_curated_categories.list",
            accountId,
            lineItemIds,
            filter.withDeleted,
          )
        ).map((item): LineItemCuratedCategoryShape => ({ ...item, account_id: accountId })),
      (link) => link.line_item_id,
    );
  }
  let iab: Promise<IabCategoryShape[]> | undefined;
  const posts = createPostDataLoader(upstream, { batching, traceParent });
  const accountPosts = postReads(upstream, posts, { batching, traceParent });

  return {
    ...audienceLoaders(upstream, { batching, traceParent }),
    ...serviceLoaders(upstream, { batching, traceParent }),
    ...statsLoaders(upstream, { batching, traceParent }, statsSnapshots),
    batching,
    byId,
    account: accountById,
    accountDetail,
    userAccess,
    campaignsOfFundingInstrument(filter) {
      const name = `${String(filter.withDeleted)}/${String(filter.withDraft)}`;
      let loader = campaignEdges.get(name);
      if (loader === undefined) {
        loader = edgeLoader(
          "campaigns of funding instrument",
          childCampaigns(filter),
          (campaign) => campaign.funding_instrument_id,
        );
        campaignEdges.set(name, loader);
      }
      return loader;
    },
    lineItemsOfCampaign(filter) {
      // The filters come in the catalog's order of parameters, so equal filters name alike.
      const name = JSON.stringify(filter);
      let loader = lineItemEdges.get(name);
      if (loader === undefined) {
        loader = edgeLoader(
          "line items of campaign",
          childLineItems(filter),
          (lineItem) => lineItem.campaign_id,
        );
        lineItemEdges.set(name, loader);
      }
      return loader;
    },
    attachmentsOfLineItem,
    curatedLinksOfLineItem,
    posts,
    accountPosts,
    library: libraryReads(upstream, accountPosts, { batching, traceParent }),
    forgetAttachmentsOf(lineItemKey) {
      for (const loader of attachmentEdges.values()) loader.clear?.(lineItemKey);
    },
    iabCategories: () =>
      (iab ??= upstream.collect(IAB_CATEGORIES_READ.list, { count: IAB_CATEGORIES_READ.count })),
    async accountsPage(params) {
      const page = await upstream.wire.page("accounts.list", params);
      if (batching)
        for (const item of page.items) if (!item.deleted) accountById.prime(item.id, item);
      return page;
    },
    async page(id, accountId, params) {
      const answer = await reads.page(id, accountId, params);
      for (const item of answer.items) prime(id, item);
      return answer;
    },
    totalCount: (id, accountId, params) => reads.totalCount(id, accountId, params),
  };
}
