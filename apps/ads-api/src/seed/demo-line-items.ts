import type { Tx } from "../db/database.js";

const HOUR_MS = 3_600_000;

interface DemoLineItem {
  readonly campaign: number;
  readonly name: string;
  readonly objective: string;
  readonly productType: "MEDIA" | "PROMOTED_ACCOUNT" | "PROMOTED_POSTS";
  readonly placements: readonly string[];
  readonly bid: { readonly strategy: "AUTO" | "MAX" | "TARGET"; readonly amount?: bigint };
  readonly payBy: string;
  readonly entityStatus: "ACTIVE" | "PAUSED";
  readonly advertiserDomain?: string;
  readonly categories?: readonly string[];
  /** Promoted posts seeded on it (spec §4.6 shows no way to create them). */
  readonly promotedPosts?: number;
  readonly deleted?: boolean;
}

/**
 * One line item of each kind the §4.6 attachments care about, under the demo campaigns
 * (1-based positions of demo-account.ts; campaign 5 is the draft): website clicks (media
 * creatives need a landing_url), promoted accounts, pre-roll with its business category,
 * and promoted posts, plus a paused and a deleted one.
 */
const LINE_ITEMS: readonly DemoLineItem[] = [
  {
    campaign: 1,
    name: "Spring launch: site visits",
    objective: "WEBSITE_CLICKS",
    productType: "PROMOTED_POSTS",
    placements: ["ALL_ON_TWITTER"],
    bid: { strategy: "MAX", amount: 1_500_000n },
    payBy: "LINK_CLICK",
    entityStatus: "ACTIVE",
    advertiserDomain: "example.com",
    promotedPosts: 1,
  },
  {
    campaign: 2,
    name: "Always-on: followers",
    objective: "FOLLOWERS",
    productType: "PROMOTED_ACCOUNT",
    placements: ["ALL_ON_TWITTER"],
    bid: { strategy: "AUTO" },
    payBy: "ENGAGEMENT",
    entityStatus: "ACTIVE",
  },
  {
    campaign: 2,
    name: "Brand film pre-roll",
    objective: "PREROLL_VIEWS",
    productType: "MEDIA",
    placements: ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"],
    bid: { strategy: "TARGET", amount: 40_000n },
    payBy: "IMPRESSION",
    entityStatus: "ACTIVE",
    categories: ["1"],
  },
  {
    campaign: 4,
    name: "Holiday promo: engagements",
    objective: "ENGAGEMENTS",
    productType: "PROMOTED_POSTS",
    placements: ["TWITTER_TIMELINE"],
    bid: { strategy: "MAX", amount: 800_000n },
    payBy: "ENGAGEMENT",
    entityStatus: "ACTIVE",
    promotedPosts: 3,
  },
  {
    campaign: 3,
    name: "Retargeting: reach",
    objective: "REACH",
    productType: "PROMOTED_POSTS",
    placements: ["TWITTER_SEARCH"],
    bid: { strategy: "AUTO" },
    payBy: "IMPRESSION",
    entityStatus: "PAUSED",
  },
  {
    campaign: 1,
    name: "Old test (deleted)",
    objective: "ENGAGEMENTS",
    productType: "PROMOTED_POSTS",
    placements: ["ALL_ON_TWITTER"],
    bid: { strategy: "AUTO" },
    payBy: "ENGAGEMENT",
    entityStatus: "PAUSED",
    deleted: true,
  },
];

/**
 * Line items `<account>l1…` under the account's demo campaigns `<account>c1…`, and promoted
 * posts `<account>pp1…` with fixed digit post ids (spec §2.1), in the campaigns' currency.
 */
export async function seedDemoLineItems(
  tx: Tx,
  accountId: string,
  accountIndex: number,
  at: Date,
): Promise<void> {
  let post = 0;
  for (const [position, item] of LINE_ITEMS.entries()) {
    const id = `${accountId}l${position + 1}`;
    const created = new Date(at.getTime() + (10 + position) * HOUR_MS);
    const campaignId = `${accountId}c${item.campaign}`;
    const campaign = await tx.campaign.findUniqueOrThrow({ where: { id: campaignId } });
    await tx.lineItem.create({
      data: {
        id,
        accountId,
        campaignId,
        name: item.name,
        objective: item.objective,
        productType: item.productType,
        placements: [...item.placements],
        bidStrategy: item.bid.strategy,
        bidAmountLocalMicro: item.bid.amount ?? null,
        payBy: item.payBy,
        advertiserDomain: item.advertiserDomain ?? null,
        categories: [...(item.categories ?? [])],
        entityStatus: item.entityStatus,
        currency: campaign.currency,
        deleted: item.deleted ?? false,
        createdAt: created,
        updatedAt: created,
      },
    });
    for (let k = 0; k < (item.promotedPosts ?? 0); k += 1) {
      post += 1;
      await tx.promotedPost.create({
        data: {
          id: `${accountId}pp${post}`,
          accountId,
          lineItemId: id,
          // 19 digits, past 2^53: a post id that a JS number would round.
          postId: `15900000000000${accountIndex + 1}${String(post).padStart(4, "0")}`,
          createdAt: created,
          updatedAt: created,
        },
      });
    }
  }
}
