import type { Tx } from "../db/database.js";
import type { Prisma } from "../generated/prisma/client.js";

/** What seedBench writes under each campaign (both 0 by default: existing benchmarks unchanged). */
export interface BenchLineItemOptions {
  /** Line items per campaign; every fourth promotes accounts, the others promote posts. */
  readonly lineItemsPerCampaign?: number;
  /**
   * Attachments of each kind a line item can hold, per line item: tracking tags on all,
   * promoted posts on the PROMOTED_POSTS ones, promoted accounts on the PROMOTED_ACCOUNT ones.
   */
  readonly attachmentsPerLineItem?: number;
}

export interface BenchCampaignRef {
  readonly id: string;
  readonly currency: string;
}

type Write = <T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>) => Promise<void>;

/** Digit ids (spec §2.1: post and user ids exceed 2^53) made from a number, 19 digits. */
const digits = (base: bigint, index: number) => (base + BigInt(index)).toString();

/**
 * Bulk line items and attachments of a bench account, ids derived from the account id and
 * an index, so the same options always write the same rows.
 */
export async function seedBenchLineItems(
  tx: Tx,
  accountId: string,
  campaigns: readonly BenchCampaignRef[],
  options: BenchLineItemOptions,
  at: (index: number) => Date,
  inChunks: Write,
): Promise<{ lineItems: number; attachments: number }> {
  const perCampaign = options.lineItemsPerCampaign ?? 0;
  const perLineItem = options.attachmentsPerLineItem ?? 0;
  const lineItems: Prisma.LineItemCreateManyInput[] = campaigns.flatMap((campaign, c) =>
    Array.from({ length: perCampaign }, (_, k) => {
      const index = c * perCampaign + k;
      const accounts = index % 4 === 3;
      return {
        id: `${accountId}l${index.toString(36)}`,
        accountId,
        campaignId: campaign.id,
        name: `Bench line item ${index}`,
        objective: accounts ? "FOLLOWERS" : "ENGAGEMENTS",
        productType: accounts ? "PROMOTED_ACCOUNT" : "PROMOTED_POSTS",
        placements: ["ALL_ON_TWITTER"],
        bidStrategy: "AUTO",
        payBy: "ENGAGEMENT",
        entityStatus: index % 3 === 0 ? "PAUSED" : "ACTIVE",
        currency: campaign.currency,
        createdAt: at(index),
        updatedAt: at(index),
      };
    }),
  );
  await inChunks(lineItems, (data) => tx.lineItem.createMany({ data }));

  const tags: Prisma.TrackingTagCreateManyInput[] = [];
  const posts: Prisma.PromotedPostCreateManyInput[] = [];
  const promoted: Prisma.PromotedAccountCreateManyInput[] = [];
  for (const [l, lineItem] of lineItems.entries()) {
    for (let k = 0; k < perLineItem; k += 1) {
      const index = l * perLineItem + k;
      const common = {
        accountId,
        lineItemId: lineItem.id,
        createdAt: at(index),
        updatedAt: at(index),
      };
      tags.push({
        ...common,
        id: `${accountId}t${index.toString(36)}`,
        trackingTagType: k % 2 === 0 ? "IMPRESSION_TAG" : "CLICK_TRACKER",
        trackingTagUrl: `https://track.example.com/${lineItem.id}/${k}`,
      });
      if (lineItem.productType === "PROMOTED_POSTS") {
        posts.push({
          ...common,
          id: `${accountId}p${index.toString(36)}`,
          postId: digits(1_600_000_000_000_000_000n, index),
        });
      } else {
        promoted.push({
          ...common,
          id: `${accountId}a${index.toString(36)}`,
          userId: digits(1_700_000_000_000_000_000n, index),
        });
      }
    }
  }
  await inChunks(tags, (data) => tx.trackingTag.createMany({ data }));
  await inChunks(posts, (data) => tx.promotedPost.createMany({ data }));
  await inChunks(promoted, (data) => tx.promotedAccount.createMany({ data }));
  return { lineItems: lineItems.length, attachments: tags.length + posts.length + promoted.length };
}
