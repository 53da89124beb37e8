import { createSubscription } from "../../../src/services/activity-store.js";
import { endpoints } from "@adsgraph/models";
import type { AnyEndpoint } from "@adsgraph/models";
import type { AppContext } from "../../../src/context.js";
import { createAccountRow } from "../../../src/services/accounts.js";
import { createFundingInstrumentRow } from "../../../src/services/funding-instruments.js";
import {
  createAccountMedia,
  createMediaLibraryObject,
  createMediaUpload,
} from "../../../src/services/media-admin.js";
import { CATALOG_HANDLERS } from "../../../src/routes/catalog-routes.js";
import { grantAccess } from "../../../src/credentials/grants.js";
import { insertPost } from "../../../src/services/post-store.js";
import { addMedia, createAccountFor, createActor } from "../../support/actors.js";
import type { Actor } from "../../support/actors.js";
import { idOf, idsOf } from "../../support/bodies.js";
import { createJob } from "../../../src/analytics/jobs/job-store.js";
import { createAudienceWorld } from "./audience-world.js";
import type { AudienceWorld } from "./audience-world.js";
import { createPostDataWorld } from "./post-data-world.js";
import type { PostDataWorld } from "./post-data-world.js";
import { createAudienceUsersWorld } from "./audience-users-world.js";
import type { AudienceUsersWorld } from "./audience-users-world.js";

/**
 * The catalog endpoints ads-api serves (a handler exists, or issue 36's result file, served
 * without OAuth), in catalog order.
 */
export const SERVED: readonly AnyEndpoint[] = endpoints.filter(
  (endpoint) =>
    (CATALOG_HANDLERS as Record<string, unknown>)[endpoint.id] !== undefined ||
    endpoint.id === "stats.jobs.result",
);

export const WEBSITE = {
  type: "DETAILS",
  title: "Shop",
  destination: { type: "WEBSITE", url: "https://example.com/shop" },
} as const;

export const APP_BUTTON = {
  type: "BUTTON",
  label: { type: "ENUM", value: "INSTALL" },
  destination: {
    type: "APP",
    country_code: "US",
    googleplay_app_id: "com.example.app",
    googleplay_deep_link: "example://open",
  },
} as const;

/**
 * A line item whose stored state conflicts with no update the catalog allows: PREROLL_VIEWS
 * (so categories may change) with a MAX bid (so a strategy without an amount keeps it).
 */
export function preroll(campaignId: string): Record<string, string> {
  return {
    campaign_id: campaignId,
    name: "Preroll",
    objective: "PREROLL_VIEWS",
    product_type: "MEDIA",
    placements: "ALL_ON_TWITTER",
    categories: "1",
    bid_strategy: "MAX",
    bid_amount_local_micro: "1000000",
    entity_status: "PAUSED",
  };
}

/**
 * spec §4.7 post rows (issue 16, the advertising API): posts of the account's promotable user
 * (the admin, who also holds POST_COMPOSER), and spares to delete. Scheduled posts wait until
 * 2099, so no read publishes them while a test runs.
 */
export interface PostWorld {
  readonly publishedId: string;
  readonly draftId: string;
  readonly scheduledId: string;
  readonly spareDraftId: string;
  readonly spareScheduledId: string;
  /** A second published post: the spare promoted post's (issue 33). */
  readonly sparePublishedId: string;
}

export const SCHEDULED_AT = "2099-01-01T00:00:00Z";

async function createPostWorld(
  ctx: AppContext,
  accountId: string,
  admin: Actor,
  imageKey: string,
): Promise<PostWorld> {
  await ctx.prisma.account.update({
    where: { id: accountId },
    data: { promotableUserIds: [admin.userId] },
  });
  await grantAccess(ctx.prisma, accountId, admin.userId, ["ACCOUNT_ADMIN", "POST_COMPOSER"]);
  const post = async (postType: "PUBLISHED" | "DRAFT" | "SCHEDULED", text: string) =>
    (
      await insertPost(ctx.prisma, {
        postType,
        authorId: admin.userId,
        accountId,
        text,
        at: new Date(),
        nullcast: true,
        mediaKeys: [imageKey],
        scheduledAt: postType === "SCHEDULED" ? new Date(SCHEDULED_AT) : undefined,
      })
    ).id;
  return {
    publishedId: await post("PUBLISHED", "Hostile target post"),
    draftId: await post("DRAFT", "Hostile draft"),
    scheduledId: await post("SCHEDULED", "Hostile scheduled post"),
    spareDraftId: await post("DRAFT", "Spare draft"),
    spareScheduledId: await post("SCHEDULED", "Spare scheduled post"),
    sparePublishedId: await post("PUBLISHED", "Spare published post"),
  };
}

/** Everything the hostile requests aim at: one account full of resources, and spares to delete. */
export interface World {
  readonly admin: Actor;
  readonly accountId: string;
  readonly fundingInstrumentId: string;
  readonly campaignId: string;
  /** A PREROLL_VIEWS line item (category 1, MAX bid) of campaignId. */
  readonly lineItemId: string;
  /** A PROMOTED_ACCOUNT line item of campaignId (promoted accounts need one, spec §4.6). */
  readonly promotedLineItemId: string;
  /** A PROMOTED_POSTS line item of campaignId holding promotedPostId (issue 33). */
  readonly promotedPostsLineItemId: string;
  readonly promotedPostId: string;
  /** §4.6 records on lineItemId (the promoted account on promotedLineItemId). */
  readonly curatedLinkId: string;
  readonly mediaCreativeId: string;
  readonly promotedAccountId: string;
  readonly trackingTagId: string;
  readonly cardId: string;
  readonly pollCardId: string;
  readonly videoCardId: string;
  readonly accountMediaId: string;
  readonly imageKey: string;
  readonly videoKey: string;
  readonly posts: PostWorld;
  /** A video the admin uploaded, in no library yet (issue 33: POST media_library's target). */
  readonly uploadKey: string;
  /** Targets of the delete endpoints' baselines (validation must stop every hostile one). */
  readonly spare: {
    readonly accountId: string;
    readonly fundingInstrumentId: string;
    readonly campaignId: string;
    readonly lineItemId: string;
    readonly cardId: string;
    readonly accountMediaId: string;
    readonly mediaKey: string;
    readonly curatedLinkId: string;
    readonly mediaCreativeId: string;
    readonly promotedAccountId: string;
    readonly trackingTagId: string;
    readonly promotedPostId: string;
    readonly pollCardId: string;
  };
  /** Targets of the post-data API v2 (spec §4.9). */
  readonly postData: PostDataWorld;
  /** Targets of the audience users and do-not-reach calls (spec §4.8, issue 17). */
  readonly audienceUsers: AudienceUsersWorld;
  /** Targets of the audience endpoints (spec §4.8; targeting criteria beyond it). */
  readonly audiences: AudienceWorld;
  /** A subscription of the admin's app (spec §6, issue 18): the delete's target. */
  readonly activitySubscriptionId: string;
  /** The admin's app's webhook (issue 18): a loopback URL nothing listens on (CRC checks fail fast). */
  readonly webhookId: string;
  /** An analytics job of the account (issue 36): the target of its cancel and list. */
  readonly statsJobId: string;
}

/** A webhook URL whose CRC check fails at once: nothing listens on port 9 (discard) here. */
export const DEAD_WEBHOOK_URL = "http://127.0.0.1:9/hostile-hook";

async function post(actor: Actor, path: string, options: Parameters<Actor["client"]["post"]>[1]) {
  const response = await actor.client.post(path, options);
  if (response.status !== 200)
    throw new Error(`setup ${path}: ${response.status} ${response.text}`);
  return idOf(response);
}

export async function createWorld(ctx: AppContext): Promise<World> {
  const admin = await createActor(ctx);
  const { accountId, fundingInstrumentId } = await createAccountFor(
    ctx,
    admin.userId,
    ["ACCOUNT_ADMIN"],
    ["PROMOTED_MEDIA_POLLS"],
  );
  const base = `/12/accounts/${accountId}`;
  const imageKey = await addMedia(ctx, accountId, "IMAGE", 1200, 628);
  const videoKey = await addMedia(ctx, accountId, "VIDEO", 1280, 720);
  const spareMedia = await createMediaLibraryObject(ctx.prisma, {
    accountId,
    mediaType: "IMAGE",
    width: 1200,
    height: 628,
  });
  const banner = await createMediaLibraryObject(ctx.prisma, {
    accountId,
    mediaType: "IMAGE",
    width: 320,
    height: 50,
  });
  const accountMedia = await createAccountMedia(ctx.prisma, banner, "BANNER");
  const spareAccountMedia = await createAccountMedia(ctx.prisma, banner, "BANNER");
  const spareAccount = await createAccountRow(ctx.prisma, { name: "Spare sandbox account" });
  await grantAccess(ctx.prisma, spareAccount.id, admin.userId, ["ACCOUNT_ADMIN"]);
  const spareFunding = await createFundingInstrumentRow(
    ctx.prisma,
    accountId,
    { type: "CREDIT_CARD", currency: "USD", start_time: "2026-01-01T00:00:00Z" },
    new Date(),
  );
  const campaign = {
    funding_instrument_id: fundingInstrumentId,
    entity_status: "PAUSED",
  };
  const card = {
    json: { name: "Hostile card", components: [{ type: "MEDIA", media_key: imageKey }, WEBSITE] },
  };
  const campaignId = await post(admin, `${base}/campaigns`, {
    query: { ...campaign, name: "Target" },
  });
  const lineItem = (name: string) =>
    post(admin, `${base}/line_items`, { query: { ...preroll(campaignId), name } });
  const lineItemId = await lineItem("Target line item");
  const promotedLineItemId = await post(admin, `${base}/line_items`, {
    query: {
      campaign_id: campaignId,
      name: "Followers",
      objective: "FOLLOWERS",
      product_type: "PROMOTED_ACCOUNT",
      placements: "ALL_ON_TWITTER",
      entity_status: "PAUSED",
    },
  });
  // Two of each §4.6 record: a target and a spare to delete (two curated categories, as a
  // line item links a category once; two users, as a user is promoted once per line item).
  const other = await createActor(ctx);
  const attach = {
    curatedLink: (category: string) =>
      post(admin, `${base}/line_item_curated_categories`, {
        query: { line_item_id: lineItemId, curated_category_id: category },
      }),
    mediaCreative: () =>
      post(admin, `${base}/media_creatives`, {
        query: { line_item_id: lineItemId, account_media_id: accountMedia.id },
      }),
    promotedAccount: (userId: string) =>
      post(admin, `${base}/promoted_accounts`, {
        query: { line_item_id: promotedLineItemId, user_id: userId },
      }),
    trackingTag: () =>
      post(admin, `${base}/tracking_tags`, {
        query: {
          line_item_id: lineItemId,
          tracking_tag_type: "IMPRESSION_TAG",
          tracking_tag_url: "https://track.example/i",
        },
      }),
  };
  const posts = await createPostWorld(ctx, accountId, admin, imageKey);
  const promotedPostsLineItemId = await post(admin, `${base}/line_items`, {
    query: {
      campaign_id: campaignId,
      name: "Promoted posts",
      objective: "ENGAGEMENTS",
      product_type: "PROMOTED_POSTS",
      placements: "ALL_ON_TWITTER",
      entity_status: "PAUSED",
    },
  });
  // The create answers a list: the target first, then the spare (post_ids' order).
  const promoted = await admin.client.post(`${base}/promoted_posts`, {
    query: {
      line_item_id: promotedPostsLineItemId,
      post_ids: `${posts.publishedId},${posts.sparePublishedId}`,
    },
  });
  if (promoted.status !== 200) throw new Error(`setup promoted_posts: ${promoted.text}`);
  const [promotedPostId = "", sparePromotedPostId = ""] = idsOf(promoted);
  const poll = {
    query: { name: "Poll", duration_in_minutes: 60, first_choice: "Yes", second_choice: "No" },
  };
  return {
    admin,
    accountId,
    fundingInstrumentId,
    campaignId,
    lineItemId,
    promotedLineItemId,
    promotedPostsLineItemId,
    promotedPostId,
    curatedLinkId: await attach.curatedLink("aa"),
    mediaCreativeId: await attach.mediaCreative(),
    promotedAccountId: await attach.promotedAccount(admin.userId),
    trackingTagId: await attach.trackingTag(),
    cardId: await post(admin, `${base}/cards`, card),
    pollCardId: await post(admin, `${base}/cards/poll`, poll),
    videoCardId: await post(admin, `${base}/cards/video_conversation`, {
      query: {
        name: "Chat",
        media_key: videoKey,
        first_cta: "#Yes",
        first_cta_post: "I say yes",
        thank_you_text: "Thanks",
        title: "Choose",
      },
    }),
    accountMediaId: accountMedia.id,
    imageKey,
    videoKey,
    posts,
    uploadKey: (
      await createMediaUpload(ctx.prisma, {
        mediaType: "VIDEO",
        width: 1280,
        height: 720,
        ownerUserId: admin.userId,
        at: new Date(),
      })
    ).mediaKey,
    spare: {
      accountId: spareAccount.id,
      fundingInstrumentId: spareFunding.id,
      campaignId: await post(admin, `${base}/campaigns`, { query: { ...campaign, name: "Spare" } }),
      lineItemId: await lineItem("Spare line item"),
      cardId: await post(admin, `${base}/cards`, card),
      accountMediaId: spareAccountMedia.id,
      mediaKey: spareMedia.mediaKey,
      curatedLinkId: await attach.curatedLink("ab"),
      mediaCreativeId: await attach.mediaCreative(),
      promotedAccountId: await attach.promotedAccount(other.userId),
      trackingTagId: await attach.trackingTag(),
      promotedPostId: sparePromotedPostId,
      pollCardId: await post(admin, `${base}/cards/poll`, poll),
    },
    postData: await createPostDataWorld(ctx, admin, accountId),
    audienceUsers: await createAudienceUsersWorld(ctx, accountId),
    audiences: await createAudienceWorld(ctx, admin, accountId, lineItemId),
    activitySubscriptionId: (
      await createSubscription(ctx, admin.appId, {
        eventType: "dm.sent",
        userId: admin.userId,
        keyword: undefined,
        direction: undefined,
      })
    ).subscription_id,
    // Stored directly: registering runs a CRC check that this URL would fail.
    webhookId: (
      await ctx.prisma.webhook.create({
        data: { appId: admin.appId, url: DEAD_WEBHOOK_URL, valid: true, createdAt: new Date() },
      })
    ).id.toString(),
    statsJobId: (
      await createJob(ctx, {
        accountId,
        userId: admin.userId,
        params: {
          entity: "CAMPAIGN",
          entity_ids: [campaignId],
          start_time: "2026-01-01T00:00:00Z",
          end_time: "2026-01-02T00:00:00Z",
          granularity: "DAY",
          placement: "ALL_ON_TWITTER",
          metric_groups: ["ENGAGEMENT"],
        },
      })
    ).job.id,
  };
}
