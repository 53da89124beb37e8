import { pathParameterNames } from "@adsgraph/models";
import type { AnyEndpoint, HostRole } from "@adsgraph/models";
import { promotableUserId } from "../../../src/services/promotable-users.js";
import type { Credentials } from "../../support/signed-fetch.js";
import { DEAD_WEBHOOK_URL, SCHEDULED_AT, SERVED, WEBSITE } from "./world.js";
import type { World } from "./world.js";

/** A valid request to one endpoint: where it goes and what it carries. */
export interface Call {
  readonly endpoint: AnyEndpoint;
  readonly role: HostRole;
  readonly path: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /** The JSON body (cards, batch, posts). */
  readonly json?: unknown;
}

/**
 * How a call authenticates: the app-only bearer token on the post-data API's reads (spec §5
 * shows them with it; they take user context as well), else the admin's OAuth 1.0a user context.
 */
export function authOf(
  call: Pick<Call, "endpoint">,
  world: World,
): { readonly credentials?: Credentials; readonly authorization?: string } {
  const { id, method } = call.endpoint;
  return id.startsWith("post_data.") && method === "GET"
    ? { authorization: `Bearer ${world.postData.bearer}` }
    : { credentials: world.admin.credentials };
}

/**
 * A valid request for every served endpoint (a test checks each passes `validateParams`), so a
 * hostile value put in one parameter is the only thing wrong with the request.
 */
export function baselines(world: World): Readonly<Record<string, Omit<Call, "endpoint">>> {
  const A = world.accountId;
  const ads = (
    path: Record<string, string>,
    query: Record<string, string> = {},
    json?: unknown,
  ) => ({
    role: "ads" as HostRole,
    path: { account_id: A, ...path },
    query,
    ...(json === undefined ? {} : { json }),
  });
  const sandbox = (path: Record<string, string>, query: Record<string, string> = {}) => ({
    role: "ads-sandbox" as HostRole,
    path,
    query,
  });
  const reference = (query: Record<string, string> = {}) => ({
    role: "ads" as HostRole,
    path: {},
    query,
  });
  const campaignParams = {
    name: "Hostile",
    funding_instrument_id: world.fundingInstrumentId,
    entity_status: "PAUSED",
  };
  // issue 36: a whole-hour day of a campaign's metrics
  const statsParams = {
    entity: "CAMPAIGN",
    entity_ids: world.campaignId,
    start_time: "2026-01-01T00:00:00Z",
    end_time: "2026-01-02T00:00:00Z",
    granularity: "DAY",
    metric_groups: "ENGAGEMENT,BILLING",
    placement: "ALL_ON_TWITTER",
  };
  return {
    "stats.get": ads({}, statsParams),
    "stats.jobs.create": ads({}, { ...statsParams, segmentation_type: "GENDER" }),
    "stats.jobs.list": ads({}, { job_ids: world.statsJobId, count: "5" }),
    "stats.jobs.delete": ads({ job_id: world.statsJobId }),
    // the result file: no OAuth (the url is the capability); an unknown file is 404
    "stats.jobs.result": { role: "ads", path: { result_file: "1-unknown.json.gz" }, query: {} },
    "stats.active_entities.list": ads(
      {},
      {
        entity: "LINE_ITEM",
        start_time: "2026-01-01T00:00:00Z",
        end_time: "2026-01-02T00:00:00Z",
        campaign_ids: world.campaignId,
      },
    ),
    "accounts.list": reference({ count: "5", q: "Acc" }),
    "accounts.get": ads({}, { with_deleted: "true" }),
    "accounts.create": sandbox({}),
    "accounts.update": ads({}, { name: "Renamed", industry_type: "RETAIL" }),
    "accounts.delete": sandbox({ account_id: world.spare.accountId }),
    "account_apps.list": ads({}, { count: "5" }),
    "account_history.list": ads(
      {},
      {
        entity_type: "CAMPAIGN",
        entity_id: world.campaignId,
        start_time: "2026-01-01T00:00:00Z",
        end_time: "2026-01-02T00:00:00Z",
        user_id: world.admin.userId,
        count: "5",
      },
    ),
    "authenticated_user_access.get": ads({}),
    "features.list": ads({}, { feature_keys: "PROMOTED_MEDIA_POLLS" }),
    "promotable_users.list": ads({}, { count: "5", sort_by: "id-asc", with_total_count: "true" }),
    "promotable_users.get": ads(
      { promotable_user_id: promotableUserId(world.admin.userId) },
      { with_deleted: "true" },
    ),
    "tax_settings.get": ads({}),
    "tax_settings.update": ads({}, { tax_category: "BUSINESS_WITH_VAT", tax_id: "DE123" }),
    "user_settings.get": ads({ user_id: world.admin.userId }),
    "user_settings.update": ads(
      { user_id: world.admin.userId },
      { contact_phone: "5550100", subscribe_email_types: "ACCOUNT_PERFORMANCE" },
    ),
    "advertiser_business_categories.list": reference(),
    "bidding_rules.list": reference({ currency: "USD" }),
    "content_categories.list": reference(),
    "iab_categories.list": reference({ count: "5" }),
    "placements.list": reference({ product_type: "MEDIA" }),
    "campaigns.list": ads({}, { count: "5", q: "Tar", sort_by: "name-asc" }),
    "campaigns.get": ads({ campaign_id: world.campaignId }, { with_deleted: "false" }),
    "campaigns.create": ads({}, campaignParams),
    "campaigns.batch": ads({}, {}, [{ operation_type: "Create", params: campaignParams }]),
    "campaigns.update": ads({ campaign_id: world.campaignId }, { name: "Renamed" }),
    "campaigns.delete": ads({ campaign_id: world.spare.campaignId }),
    "line_items.list": ads({}, { count: "5", q: "Tar", campaign_ids: world.campaignId }),
    "line_items.get": ads({ line_item_id: world.lineItemId }, { with_deleted: "false" }),
    "line_items.create": ads(
      {},
      {
        campaign_id: world.campaignId,
        name: "Hostile line item",
        objective: "ENGAGEMENTS",
        product_type: "PROMOTED_POSTS",
        placements: "ALL_ON_TWITTER",
        entity_status: "PAUSED",
      },
    ),
    "line_items.update": ads({ line_item_id: world.lineItemId }, { name: "Renamed line item" }),
    "line_items.delete": ads({ line_item_id: world.spare.lineItemId }),
    "line_items.batch": ads({}, {}, [
      { operation_type: "Update", params: { line_item_id: world.lineItemId, name: "Batched" } },
    ]),
    "line_item_curated_categories.list": ads({}, { count: "5", line_item_ids: world.lineItemId }),
    "line_item_curated_categories.get": ads({
      line_item_curated_category_id: world.curatedLinkId,
    }),
    "line_item_curated_categories.create": ads(
      {},
      { line_item_id: world.lineItemId, curated_category_id: "ac" },
    ),
    "line_item_curated_categories.update": ads(
      { line_item_curated_category_id: world.curatedLinkId },
      { curated_category_id: "ad" },
    ),
    "line_item_curated_categories.delete": ads({
      line_item_curated_category_id: world.spare.curatedLinkId,
    }),
    "media_creatives.list": ads({}, { count: "5", line_item_ids: world.lineItemId }),
    "media_creatives.get": ads({ media_creative_id: world.mediaCreativeId }),
    "media_creatives.create": ads(
      {},
      {
        line_item_id: world.lineItemId,
        account_media_id: world.accountMediaId,
        landing_url: "https://example.com/landing",
      },
    ),
    "media_creatives.delete": ads({ media_creative_id: world.spare.mediaCreativeId }),
    "promoted_accounts.list": ads({}, { count: "5", line_item_ids: world.promotedLineItemId }),
    "promoted_accounts.get": ads({ promoted_account_id: world.promotedAccountId }),
    "promoted_accounts.create": ads(
      {},
      { line_item_id: world.promotedLineItemId, user_id: world.admin.userId },
    ),
    "promoted_accounts.delete": ads({ promoted_account_id: world.spare.promotedAccountId }),
    "promoted_posts.list": ads({}, { count: "5", line_item_ids: world.lineItemId }),
    "promoted_posts.get": ads({ promoted_post_id: world.promotedPostId }, { with_deleted: "true" }),
    // Already promoted: the existing record answers (nothing is written).
    "promoted_posts.create": ads(
      {},
      { line_item_id: world.promotedPostsLineItemId, post_ids: world.posts.publishedId },
    ),
    "promoted_posts.delete": ads({ promoted_post_id: world.spare.promotedPostId }),
    "tracking_tags.list": ads({}, { count: "5", line_item_ids: world.lineItemId }),
    "tracking_tags.get": ads({ tracking_tag_id: world.trackingTagId }),
    "tracking_tags.create": ads(
      {},
      {
        line_item_id: world.lineItemId,
        tracking_tag_type: "CLICK_TRACKER",
        tracking_tag_url: "https://track.example/c",
      },
    ),
    "tracking_tags.update": ads(
      { tracking_tag_id: world.trackingTagId },
      { tracking_tag_url: "https://track.example/u" },
    ),
    "tracking_tags.delete": ads({ tracking_tag_id: world.spare.trackingTagId }),
    "audience_estimate.estimate": ads(
      {},
      {},
      {
        targeting_criteria: [{ targeting_type: "LOCATION", targeting_value: "96683cc9126741d1" }],
        operator_type: "EQ",
      },
    ),
    "funding_instruments.list": ads({}, { count: "5" }),
    "funding_instruments.get": ads({ funding_instrument_id: world.fundingInstrumentId }),
    "funding_instruments.create": sandbox(
      { account_id: A },
      { currency: "USD", start_time: "2026-01-01T00:00:00Z", type: "CREDIT_CARD" },
    ),
    "funding_instruments.delete": sandbox({
      account_id: A,
      funding_instrument_id: world.spare.fundingInstrumentId,
    }),
    "cards.list": ads({}, { count: "5", q: "Hos" }),
    "cards.get": ads({ card_id: world.cardId }),
    "cards.create": ads(
      {},
      {},
      { name: "New card", components: [{ type: "MEDIA", media_key: world.imageKey }, WEBSITE] },
    ),
    "cards.update": ads({ card_id: world.cardId }, {}, { name: "Renamed card" }),
    "cards.delete": ads({ card_id: world.spare.cardId }),
    "cards.all.list": ads({}, { card_uris: `card://${world.cardId}` }),
    "cards.all.get": ads({ card_id: world.cardId }),
    "cards.video_conversation.list": ads({}, { count: "5" }),
    "cards.video_conversation.get": ads({ card_id: world.videoCardId }),
    "cards.video_conversation.create": ads(
      {},
      {
        name: "Chat 2",
        media_key: world.videoKey,
        first_cta: "#Yes",
        first_cta_post: "I say yes",
        second_cta: "#No",
        second_cta_post: "I say no",
        thank_you_text: "Thanks",
      },
    ),
    "cards.image_conversation.list": ads({}, { count: "5" }),
    "cards.poll.list": ads({}, { count: "5" }),
    "cards.poll.get": ads({ card_id: world.pollCardId }),
    "cards.poll.delete": ads({ card_id: world.spare.pollCardId }),
    "cards.poll.create": ads(
      {},
      { name: "Poll 2", duration_in_minutes: "60", first_choice: "Yes", second_choice: "No" },
    ),
    "account_media.list": ads({}, { count: "5", creative_types: "BANNER" }),
    "account_media.get": ads({ account_media_id: world.accountMediaId }),
    "account_media.delete": ads({ account_media_id: world.spare.accountMediaId }),
    "media_library.delete": ads({ media_key: world.spare.mediaKey }),
    // issue 33, beyond the spec (vendor v12): media library, drafts and scheduled posts
    "media_library.list": ads({}, { count: "5", media_type: "IMAGE", q: "Ho" }),
    "media_library.get": ads({ media_key: world.imageKey }, { with_deleted: "true" }),
    "media_library.create": ads(
      {},
      { media_key: world.uploadKey, name: "Hostile upload", poster_media_key: world.imageKey },
    ),
    "media_library.update": ads(
      { media_key: world.videoKey },
      { name: "Hostile rename", title: "Hostile title", poster_media_key: world.imageKey },
    ),
    "draft_posts.list": ads({}, { count: "5", user_id: world.admin.userId }),
    "draft_posts.get": ads({ draft_post_id: world.posts.draftId }),
    "draft_posts.create": ads(
      {},
      { as_user_id: world.admin.userId, text: "Hostile new draft", media_keys: world.imageKey },
    ),
    "scheduled_posts.list": ads({}, { count: "5", user_id: world.admin.userId }),
    "scheduled_posts.get": ads({ scheduled_post_id: world.posts.scheduledId }),
    "scheduled_posts.create": ads(
      {},
      { as_user_id: world.admin.userId, text: "Hostile scheduled", scheduled_at: SCHEDULED_AT },
    ),
    // spec §4.7 post rows (issue 16)
    "draft_posts.update": ads(
      { draft_post_id: world.posts.draftId },
      { name: "Renamed draft", text: "Hostile draft text" },
    ),
    "draft_posts.delete": ads({ draft_post_id: world.posts.spareDraftId }),
    "draft_posts.preview": ads({ draft_post_id: world.posts.draftId }),
    "scheduled_posts.update": ads(
      { scheduled_post_id: world.posts.scheduledId },
      { name: "Renamed scheduled post", scheduled_at: SCHEDULED_AT },
    ),
    "scheduled_posts.delete": ads({ scheduled_post_id: world.posts.spareScheduledId }),
    "post_previews.list": ads({}, { post_ids: world.posts.publishedId, post_type: "PUBLISHED" }),
    "posts.list": ads(
      {},
      { post_type: "PUBLISHED", count: "5", timeline_type: "ALL", user_id: world.admin.userId },
    ),
    "posts.create": ads(
      {},
      { as_user_id: world.admin.userId, text: "Hostile post", media_keys: world.imageKey },
    ),
    "posts.name.update": ads({ post_id: world.posts.publishedId }, { name: "Renamed post" }),
    // spec §4.8 audiences (issue 17): custom audiences, their batch, targeted line items and
    // permissions on both paths; targeting criteria beyond the spec.
    "custom_audiences.list": ads(
      {},
      { count: "5", custom_audience_ids: world.audiences.crmId, sort_by: "audience_size-desc" },
    ),
    "custom_audiences.get": ads({ custom_audience_id: world.audiences.crmId }),
    "custom_audiences.create": ads({}, { name: "Hostile audience", description: "Hostile" }),
    "custom_audiences.update": ads(
      { custom_audience_id: world.audiences.crmId },
      { name: "Hostile renamed", description: "Renamed" },
    ),
    "custom_audiences.delete": ads({ custom_audience_id: world.audiences.spare.audienceId }),
    "custom_audiences.batch": ads({}, {}, [
      {
        operation_type: "Create",
        params: {
          audience_type: "FLEXIBLE",
          name: "Hostile flexible",
          segments: { custom_audience_id: world.audiences.mobileId, lookback_window: 30 },
        },
      },
      {
        operation_type: "Update",
        params: { custom_audience_id: world.audiences.crmId, description: "Batched" },
      },
    ]),
    "custom_audiences.targeted.list": ads(
      { custom_audience_id: world.audiences.crmId },
      { with_active: "false", count: "5" },
    ),
    "custom_audiences.permissions.list": ads(
      { custom_audience_id: world.audiences.crmId },
      {
        count: "5",
        granted_account_ids: world.audiences.siblingId,
        sort_by: "granted_account_id-asc",
        with_total_count: "false",
      },
    ),
    "custom_audiences.permissions.get": ads({
      custom_audience_id: world.audiences.crmId,
      custom_audience_permission_id: world.audiences.permissionId,
    }),
    "custom_audiences.permissions.create": ads(
      { custom_audience_id: world.audiences.crmId },
      { granted_account_id: world.audiences.siblingId, permission_level: "READ_WRITE" },
    ),
    "custom_audiences.permissions.delete": ads({
      custom_audience_id: world.audiences.spare.customGrant.audienceId,
      custom_audience_permission_id: world.audiences.spare.customGrant.permissionId,
    }),
    "tailored_audiences.permissions.list": ads(
      { tailored_audience_id: world.audiences.crmId },
      { count: "5", tailored_audience_permission_ids: world.audiences.permissionId },
    ),
    "tailored_audiences.permissions.create": ads(
      { tailored_audience_id: world.audiences.crmId },
      { granted_account_id: world.audiences.siblingId, permission_level: "READ_ONLY" },
    ),
    "tailored_audiences.permissions.delete": ads({
      tailored_audience_id: world.audiences.spare.tailoredGrant.audienceId,
      tailored_audience_permission_id: world.audiences.spare.tailoredGrant.permissionId,
    }),
    "targeting_criteria.list": ads(
      {},
      {
        count: "5",
        line_item_ids: world.lineItemId,
        targeting_criterion_ids: world.audiences.criterionId,
      },
    ),
    "targeting_criteria.get": ads(
      { targeting_criterion_id: world.audiences.criterionId },
      { with_deleted: "false" },
    ),
    "targeting_criteria.create": ads(
      {},
      {
        line_item_id: world.lineItemId,
        targeting_type: "CUSTOM_AUDIENCE",
        targeting_value: world.audiences.crmId,
        operator_type: "EQ",
      },
    ),
    "targeting_criteria.delete": ads({
      targeting_criterion_id: world.audiences.spare.criterionId,
    }),
    // spec §4.9 post-data API v2 on the base host: every list of the lookup, and a create that
    // is a thread reply quoting the same post, with media and a community.
    "post_data.posts.lookup": {
      role: "base",
      path: {},
      query: {
        ids: `${world.postData.postId},1`,
        "post.fields": "author_id,created_at",
        expansions: "author_id,attachments.media_keys",
        "media.fields": "url,width",
        "user.fields": "created_at",
      },
    },
    // beyond the spec (issue 33): one post, with every list of the lookup
    "post_data.posts.get": {
      role: "base",
      path: { id: world.postData.postId },
      query: {
        "post.fields": "author_id,created_at",
        expansions: "author_id,attachments.media_keys",
        "media.fields": "url,width",
        "user.fields": "created_at",
      },
    },
    "post_data.posts.create": {
      role: "base",
      path: {},
      query: {},
      json: {
        text: "Hostile post",
        media: { media_ids: [world.postData.mediaId] },
        reply: { in_reply_to_post_id: world.postData.postId },
        quote_post_id: world.postData.postId,
        community_id: "1500000000000000001",
        share_with_followers: true,
      },
    },
    // spec §4.8 audience users, do-not-reach lists and keyword insights (issue 17, i17-users)
    ...audienceUsersBaselines(world, ads, reference),
    // spec §6 activity (issue 18): the admin's app's subscriptions and stream
    "activity.stream": { role: "base", path: {}, query: { since_id: "1" } },
    "activity.subscriptions.create": {
      role: "base",
      path: {},
      query: {},
      json: {
        event_type: "dm.received",
        filter: { user_id: world.admin.userId, keyword: "hello", direction: "both" },
      },
    },
    "activity.subscriptions.list": { role: "base", path: {}, query: {} },
    "activity.subscriptions.delete": {
      role: "base",
      path: { subscription_id: world.activitySubscriptionId },
      query: {},
    },
    // spec §6 webhooks, §9 replay (issue 18): the admin's app's webhook
    "webhooks.create": { role: "base", path: {}, query: {}, json: { url: DEAD_WEBHOOK_URL } },
    "webhooks.list": { role: "base", path: {}, query: {} },
    "webhooks.validate": { role: "base", path: { webhook_id: world.webhookId }, query: {} },
    "webhooks.delete": { role: "base", path: { webhook_id: world.webhookId }, query: {} },
    "webhooks.deliveries.list": {
      role: "base",
      path: { webhook_id: world.webhookId },
      query: { state: "dead", count: "10" },
    },
    "webhooks.replay": {
      role: "base",
      path: {},
      query: {},
      json: { webhook_id: world.webhookId, ...replayWindow() },
    },
  };
}

type Baseline = Omit<Call, "endpoint">;

/** The issue-17 users batches, do-not-reach lists and keyword insights. */
function audienceUsersBaselines(
  world: World,
  ads: (path: Record<string, string>, query?: Record<string, string>, json?: unknown) => Baseline,
  reference: (query?: Record<string, string>) => Baseline,
): Readonly<Record<string, Baseline>> {
  const { audienceId, doNotReachListId, emailHash, expiresAt } = world.audienceUsers;
  return {
    "insights.keywords.search": reference({
      granularity: "HOUR",
      keywords: "coffee,tea",
      negative_keywords: "decaf",
      start_time: "2026-01-01T00:00:00Z",
      end_time: "2026-01-02T00:00:00Z",
      location: "US",
    }),
    "custom_audiences.users.batch": ads({ custom_audience_id: audienceId }, {}, [
      {
        operation_type: "Update",
        params: {
          users: [{ email: [emailHash], partner_user_id: ["crm-1"] }],
          effective_at: "2026-01-01T00:00:00Z",
          expires_at: expiresAt,
        },
      },
      { operation_type: "Delete", params: { users: [{ phone_number: [emailHash] }] } },
    ]),
    "do_not_reach_lists.list": ads({}),
    // On the spare account, which has no list yet (the world's account holds its one).
    "do_not_reach_lists.create": ads(
      { account_id: world.spare.accountId },
      { description: "Hostile list" },
    ),
    "do_not_reach_lists.delete": ads({ do_not_reach_list_id: doNotReachListId }),
    "do_not_reach_lists.users.batch": ads({ do_not_reach_list_id: doNotReachListId }, {}, [
      {
        operation_type: "Update",
        params: { users: [{ email: [emailHash] }], expires_at: expiresAt },
      },
      { operation_type: "Delete", params: { users: [{ email: [emailHash] }] } },
    ]),
  };
}

/**
 * A valid value for each query parameter name the served endpoints take, for parameters a
 * baseline leaves out (a duplicated parameter is then the only fault of its request).
 */
/** A replay window ending an hour ago, a day long (`YYYYMMDDHHmm`). */
function replayWindow(): { from_date: string; to_date: string } {
  const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, "");
  return {
    from_date: minute(Date.now() - 25 * 3_600_000),
    to_date: minute(Date.now() - 3_600_000),
  };
}

export function validSamples(world: World): Readonly<Record<string, string>> {
  return {
    // issue 18 webhooks: a URL whose CRC check fails fast (never a DNS lookup), the world's webhook
    url: DEAD_WEBHOOK_URL,
    webhook_id: world.webhookId,
    ...replayWindow(),
    account_ids: world.accountId,
    campaign_ids: world.campaignId,
    line_item_ids: world.lineItemId,
    campaign_id: world.campaignId,
    objective: "ENGAGEMENTS",
    placements: "ALL_ON_TWITTER",
    categories: "1",
    bid_strategy: "AUTO",
    bid_amount_local_micro: "1000000",
    pay_by: "ENGAGEMENT",
    advertiser_domain: "example.com",
    primary_web_event_tag: "tag1",
    funding_instrument_ids: world.fundingInstrumentId,
    line_item_id: world.lineItemId,
    curated_category_id: "ae",
    account_media_id: world.accountMediaId,
    landing_url: "https://example.com/landing",
    media_creative_ids: world.mediaCreativeId,
    promoted_account_ids: world.promotedAccountId,
    promoted_post_ids: "pp1",
    feature_keys: "PROMOTED_MEDIA_POLLS,CITY_TARGETING",
    tracking_tag_ids: world.trackingTagId,
    tracking_tag_type: "IMPRESSION_TAG",
    tracking_tag_url: "https://track.example/s",
    operator_type: "EQ",
    card_ids: world.cardId,
    card_id: world.cardId,
    card_uris: `card://${world.cardId}`,
    account_media_ids: world.accountMediaId,
    card_types: "IMAGE_WEBSITE",
    creative_types: "BANNER",
    q: "Ho",
    count: "5",
    sort_by: "created_at-desc",
    with_deleted: "true",
    with_total_count: "false",
    with_draft: "true",
    include_legacy_cards: "false",
    industry_type: "RETAIL",
    name: "Sample name",
    entity_status: "PAUSED",
    budget_optimization: "CAMPAIGN",
    daily_budget_amount_local_micro: "1000000",
    total_budget_amount_local_micro: "5000000",
    purchase_order_number: "PO-1",
    standard_delivery: "true",
    funding_instrument_id: world.fundingInstrumentId,
    address_name: "Hostile Ltd",
    client_address_region: "Berlin",
    client_address_street1: "Street 1",
    client_address_street2: "Floor 2",
    invoice_jurisdiction: "NONE",
    tax_category: "BUSINESS_WITH_VAT",
    tax_exemption_id: "EX-1",
    tax_id: "DE123",
    notification_email: "ads@example.com",
    contact_phone: "5550100",
    contact_phone_extension: "12",
    subscribe_email_types: "ACCOUNT_PERFORMANCE",
    currency: "USD",
    product_type: "MEDIA",
    entity_type: "CAMPAIGN",
    entity_id: world.campaignId,
    start_time: "2026-01-01T00:00:00Z",
    end_time: "2026-01-02T00:00:00Z",
    user_id: world.admin.userId,
    type: "CREDIT_CARD",
    credit_limit_local_micro: "1000000",
    funded_amount_local_micro: "1000000",
    media_key: world.imageKey,
    poster_media_key: world.imageKey,
    duration_in_minutes: "60",
    first_choice: "Yes",
    second_choice: "No",
    third_choice: "Maybe",
    fourth_choice: "Later",
    first_cta: "#Yes",
    first_cta_post: "I say yes",
    second_cta: "#No",
    second_cta_post: "I say no",
    third_cta: "#Maybe",
    third_cta_post: "I say maybe",
    fourth_cta: "#Later",
    fourth_cta_post: "I say later",
    thank_you_text: "Thanks",
    title: "Choose",
    // spec §4.7 post rows (issue 16)
    post_ids: world.posts.publishedId,
    post_type: "PUBLISHED",
    as_user_id: world.admin.userId,
    text: "Sample text",
    card_uri: `card://${world.cardId}`,
    conversation_settings: "FOLLOWING",
    media_keys: world.imageKey,
    nullcast: "true",
    trim_user: "true",
    post_mode: "extended",
    video_cta: "WATCH_NOW",
    video_cta_value: "https://example.com/watch",
    video_description: "Sample description",
    video_title: "Sample title",
    include_mentions_and_replies: "true",
    timeline_type: "ALL",
    scheduled_at: SCHEDULED_AT,
    // spec §4.8 keyword insights and do-not-reach lists (issue 17, i17-users)
    granularity: "DAY",
    keywords: "coffee",
    negative_keywords: "decaf",
    location: "GB",
    // spec §4.8 audiences (issue 17); targeting criteria beyond the spec
    custom_audience_ids: world.audiences.crmId,
    description: "Sample description",
    with_active: "true",
    granted_account_ids: world.audiences.siblingId,
    granted_account_id: world.audiences.siblingId,
    permission_level: "READ_ONLY",
    custom_audience_permission_ids: world.audiences.permissionId,
    tailored_audience_permission_ids: world.audiences.permissionId,
    targeting_criterion_ids: world.audiences.criterionId,
    targeting_type: "CUSTOM_AUDIENCE",
    targeting_value: world.audiences.crmId,
    // issue 36 analytics
    entity: "CAMPAIGN",
    entity_ids: world.campaignId,
    metric_groups: "ENGAGEMENT",
    placement: "ALL_ON_TWITTER",
    segmentation_type: "GENDER",
    country: "US",
    platform: "1",
    job_ids: world.statsJobId,
    job_id: world.statsJobId,
  };
}

/** Every served endpoint with its valid baseline. */
export function servedCalls(world: World): Call[] {
  const table = baselines(world);
  return SERVED.map((endpoint) => {
    const call = table[endpoint.id];
    if (call === undefined) throw new Error(`no baseline for ${endpoint.id}: add one to world.ts`);
    return { endpoint, ...call };
  });
}

/** `/12/accounts/<id>/...` with each `:name` replaced by its (already encoded) segment. */
export function pathOf(endpoint: AnyEndpoint, segments: Readonly<Record<string, string>>): string {
  let path = endpoint.path;
  for (const name of pathParameterNames(endpoint.path)) {
    const segment = segments[name];
    if (segment === undefined) throw new Error(`${endpoint.id}: no value for :${name}`);
    path = path.replace(`:${name}`, segment);
  }
  return `/${endpoint.version ?? ""}${path}`.replace(/^\/\//, "/");
}

/** The path of a call with its values percent-encoded. */
export function encodedPathOf(call: Call, override: Readonly<Record<string, string>> = {}): string {
  const segments: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...call.path, ...override })) {
    segments[name] = encodeURIComponent(value);
  }
  return pathOf(call.endpoint, segments);
}
