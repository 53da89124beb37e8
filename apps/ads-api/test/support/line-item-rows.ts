import type { AppContext } from "../../src/context.js";
import { newAdsId } from "../../src/db/ids.js";

export interface LineItemRow {
  readonly objective?: string;
  readonly productType?: string;
  readonly deleted?: boolean;
}

/**
 * A campaign of the account's funding instrument with line items stored directly (fast; the
 * line-item endpoints have tests of their own): their ids, in the order asked.
 */
export async function addLineItems(
  ctx: AppContext,
  accountId: string,
  fundingInstrumentId: string,
  rows: readonly LineItemRow[],
): Promise<string[]> {
  const now = new Date();
  const campaign = await ctx.prisma.campaign.create({
    data: {
      id: newAdsId(),
      accountId,
      fundingInstrumentId,
      name: "Attachments",
      entityStatus: "PAUSED",
      currency: "USD",
      createdAt: now,
      updatedAt: now,
    },
  });
  const ids: string[] = [];
  for (const row of rows) {
    const line = await ctx.prisma.lineItem.create({
      data: {
        id: newAdsId(),
        accountId,
        campaignId: campaign.id,
        name: `${row.objective ?? "ENGAGEMENTS"} ${row.productType ?? "PROMOTED_POSTS"}`,
        objective: row.objective ?? "ENGAGEMENTS",
        productType: row.productType ?? "PROMOTED_POSTS",
        placements: ["ALL_ON_TWITTER"],
        bidStrategy: "AUTO",
        entityStatus: "PAUSED",
        currency: "USD",
        deleted: row.deleted ?? false,
        createdAt: now,
        updatedAt: now,
      },
    });
    ids.push(line.id);
  }
  return ids;
}
