import type { LineItemCuratedCategory } from "@adsgraph/models";
import type { Page, ParamsOf, RestClient } from "@adsgraph/rest-client";
import { NotFoundError } from "../errors/facade-errors.js";
import { attachmentReads, curatedLinkRead } from "./attachment-reads.js";
import { audienceLoaders } from "./audience-loaders.js";
import type { AudienceLoaders } from "./audience-loaders.js";
import type { AttachmentKind } from "./attachment-reads.js";
import { accountScopedLoader, childrenLoader, directLoader, perKeyLoader } from "./by-id-loader.js";
import type { ByIdLoader } from "./by-id-loader.js";
import { ENTITIES, shapeOf } from "./entities.js";
import { entityReads } from "./entity-reads.js";
import type { EntityKind, EntityShapes } from "./entities.js";
import { entityKey, parseEntityKey } from "./keys.js";
import type { EntityKey } from "./keys.js";
import { createPostDataLoader } from "./post-data-loader.js";
import type { PostDataLoader } from "./post-data-loader.js";
import { postReads } from "./post-reads.js";
import type { PostReads } from "./post-reads.js";
import type {
  AccountShape,
  CampaignShape,
  IabCategoryShape,
  LineItemCuratedCategoryShape,
  LineItemShape,
  UserAccessShape,
} from "./shapes.js";
import type { LoaderOptions } from "./loader-options.js";

/** Parameters of an account list of this kind, the account aside. */
export type ListParamsOf<K extends EntityKind> = Omit<
  ParamsOf<(typeof ENTITIES)[K]["list"]>,
  "account_id"
>;
type EntityLoaders = { readonly [K in EntityKind]: ByIdLoader<EntityKey, EntityShapes[K]> };

export interface CampaignFilter {
  readonly withDeleted: boolean;
  readonly withDraft: boolean;
}

/** Wire filters of a campaign's line items: the list's own, the campaigns and paging aside. */
export type LineItemFilter = Omit<
  ListParamsOf<"lineItem">,
  "campaign_ids" | "count" | "cursor" | "with_total_count"
>;

/**
 * The reads of one GraphQL request. Built per request (context.ts) and never shared: the
 * caches hold what this caller may see. With `batching` (the default), by-id reads are
 * batched into the list endpoints' id parameters, ≤200 ids per request, per account; every
 * item a list answers primes the by-id loader. Without it, every by-id read is its own
 * upstream request (the naive baseline the benchmark compares against).
 */
export interface Loaders extends EntityLoaders, AudienceLoaders {
  readonly batching: boolean;
  /** Accounts by id through `accounts.list account_ids` (list form: no industry_type). */
  readonly account: ByIdLoader<string, AccountShape>;
  /** The single read of an account (the only form with industry_type; spec §2.2). */
  readonly accountDetail: ByIdLoader<string, AccountShape>;
  /** The caller's permissions on an account. */
  readonly userAccess: ByIdLoader<string, UserAccessShape>;
  /** Campaigns of funding instruments, all pages, batched by `funding_instrument_ids`. */
  campaignsOfFundingInstrument(filter: CampaignFilter): ByIdLoader<EntityKey, CampaignShape[]>;
  /**
   * Line items of campaigns (keyed by the campaign's entity key), all pages, in the order the
   * list sorts them: the campaigns asked for in one tick are read together, `campaign_ids` of
   * ≤200 per request. One loader per set of filters.
   */
  lineItemsOfCampaign(filter: LineItemFilter): ByIdLoader<EntityKey, LineItemShape[]>;
  /**
   * Attachments of line items (spec §4.6), all pages, batched by `line_item_ids` across every
   * line item asked for in the same tick (≤200 ids per request), grouped by line item.
   */
  attachmentsOfLineItem<K extends AttachmentKind>(
    kind: K,
    filter: { readonly withDeleted: boolean },
  ): ByIdLoader<EntityKey, EntityShapes[K][]>;
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
  /** Every IAB category (read once per request). */
  iabCategories(): Promise<IabCategoryShape[]>;
  /** One page of the caller's accounts; primes `account`. */
  accountsPage(params: ParamsOf<"accounts.list">): Promise<Page<AccountShape>>;
  /** One page of an account's list; primes the by-id loader of its kind. */
  page<K extends EntityKind>(
    kind: K,
    accountId: string,
    params: ListParamsOf<K>,
  ): Promise<Page<EntityShapes[K]>>;
  /** `total_count` of an account's list with these filters. */
  totalCount<K extends EntityKind>(
    kind: K,
    accountId: string,
    params: ListParamsOf<K>,
  ): Promise<number>;
}

export function createLoaders(
  upstream: RestClient,
  { batching, traceParent }: LoaderOptions,
): Loaders {
  const reads = entityReads(upstream);
  const readOne = <K extends EntityKind>(kind: K) => {
    const { what } = ENTITIES[kind];
    return async (key: EntityKey): Promise<EntityShapes[K]> => {
      const parsed = parseEntityKey(key);
      if (parsed === null) throw new NotFoundError(`No ${what} has the id ${key}.`);
      const { accountId, id } = parsed;
      const item = await reads[kind].one(accountId, id);
      if (item === undefined) throw new NotFoundError(`No ${what} ${id} in account ${accountId}.`);
      return shapeOf(kind, item, accountId);
    };
  };
  const readMany =
    <K extends EntityKind>(kind: K) =>
    async (accountId: string, ids: string[]): Promise<EntityShapes[K][]> =>
      (await reads[kind].many(accountId, ids)).map((item) => shapeOf(kind, item, accountId));
  const entity = <K extends EntityKind>(kind: K): ByIdLoader<EntityKey, EntityShapes[K]> =>
    batching
      ? accountScopedLoader<EntityShapes[K]>(ENTITIES[kind].what, readMany(kind), traceParent)
      : directLoader(readOne(kind));

  const entities: EntityLoaders = {
    campaign: entity("campaign"),
    fundingInstrument: entity("fundingInstrument"),
    lineItem: entity("lineItem"),
    accountMedia: entity("accountMedia"),
    genericCard: entity("genericCard"),
    pollCard: entity("pollCard"),
    videoConversationCard: entity("videoConversationCard"),
    imageConversationCard: entity("imageConversationCard"),
    mediaCreative: entity("mediaCreative"),
    promotedAccount: entity("promotedAccount"),
    promotedPost: entity("promotedPost"),
    trackingTag: entity("trackingTag"),
    customAudience: entity("customAudience"),
  };

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

  const campaignEdges = new Map<string, ByIdLoader<EntityKey, CampaignShape[]>>();
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
      const campaign = shapeOf("campaign", item, accountId);
      primeEntity("campaign", campaign);
      return campaign;
    });

  const lineItemEdges = new Map<string, ByIdLoader<EntityKey, LineItemShape[]>>();
  const childLineItems =
    (filter: LineItemFilter) => async (accountId: string, campaignIds: string[]) =>
      (
        await upstream.collectMany(
          "line_items.list",
          { ...filter, ids: campaignIds, account_id: accountId, count: 1000 },
          { by: "campaign_ids" },
        )
      ).map((item) => {
        const lineItem = shapeOf("lineItem", item, accountId);
        primeEntity("lineItem", lineItem);
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

  function primeEntity<K extends EntityKind>(kind: K, item: EntityShapes[K]): void {
    // Deleted items stay out: a by-id read without with_deleted answers NOT_FOUND for them.
    if (batching && !item.deleted) {
      entities[kind].prime(entityKey(item.account_id, item.id), item);
    }
  }

  const attachments = attachmentReads(upstream);
  const attachmentEdges = new Map<string, ByIdLoader<EntityKey, unknown[]>>();
  /** One loader per edge and filter for the request, made on first use. */
  function lineItemEdge<T>(
    name: string,
    fetch: (accountId: string, lineItemIds: string[]) => Promise<T[]>,
    lineItemOf: (item: T) => string,
  ): ByIdLoader<EntityKey, T[]> {
    const known = attachmentEdges.get(name);
    if (known !== undefined) return known as ByIdLoader<EntityKey, T[]>;
    const loader = edgeLoader(`${name} of line item`, fetch, lineItemOf);
    attachmentEdges.set(name, loader);
    return loader;
  }
  function attachmentsOfLineItem<K extends AttachmentKind>(
    kind: K,
    filter: { readonly withDeleted: boolean },
  ): ByIdLoader<EntityKey, EntityShapes[K][]> {
    return lineItemEdge(
      `${kind}/${String(filter.withDeleted)}`,
      async (accountId, lineItemIds) =>
        (await attachments[kind](accountId, lineItemIds, filter.withDeleted)).map((item) => {
          const attachment = shapeOf(kind, item, accountId);
          primeEntity(kind, attachment);
          return attachment;
        }),
      (attachment) => attachment.line_item_id ?? "",
    );
  }
  const readCuratedLinks = curatedLinkRead(upstream);
  function curatedLinksOfLineItem(filter: {
    readonly withDeleted: boolean;
  }): ByIdLoader<EntityKey, LineItemCuratedCategoryShape[]> {
    return lineItemEdge(
      `curatedLink/${String(filter.withDeleted)}`,
      async (accountId, lineItemIds) =>
        (await readCuratedLinks(accountId, lineItemIds, filter.withDeleted)).map(
          (item): LineItemCuratedCategoryShape => ({
            ...(item as LineItemCuratedCategory),
            account_id: accountId,
          }),
        ),
      (link) => link.line_item_id,
    );
  }
  let iab: Promise<IabCategoryShape[]> | undefined;
  const posts = createPostDataLoader(upstream, { batching, traceParent });

  return {
    ...entities,
    ...audienceLoaders(upstream, { batching, traceParent }),
    batching,
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
    accountPosts: postReads(upstream, posts, { batching, traceParent }),
    forgetAttachmentsOf(lineItemKey) {
      for (const loader of attachmentEdges.values()) loader.clear?.(lineItemKey);
    },
    iabCategories: () => (iab ??= upstream.collect("iab_categories.list", { count: 1000 })),
    async accountsPage(params) {
      const page = await upstream.page("accounts.list", params);
      if (batching)
        for (const item of page.items) if (!item.deleted) accountById.prime(item.id, item);
      return page;
    },
    async page(kind, accountId, params) {
      const answer = await reads[kind].page(accountId, params);
      const items = answer.items.map((item) => shapeOf(kind, item, accountId));
      for (const item of items) primeEntity(kind, item);
      return { ...answer, items };
    },
    totalCount: (kind, accountId, params) => reads[kind].totalCount(accountId, params),
  };
}
