import type { AnalyticsEntity } from "@adsgraph/models";
import type { PrismaClient } from "../db/database.js";

/**
 * Which campaigns a stats query needs (issue 36): a campaign's numbers depend on its own line
 * items (they share its budgets) and their creatives, nothing else of the account. So a query
 * about campaigns, line items or creatives loads those campaigns whole and nothing more;
 * the account and funding instruments (whose campaigns may have changed funding over time)
 * need every campaign. Loading the whole account per request cost 5 requests over 2,000
 * campaigns ~1.5 s.
 */
export type WorldScope = "all" | { readonly campaignIds: readonly string[] };

export async function worldScopeOf(
  prisma: PrismaClient,
  accountId: string,
  entity: AnalyticsEntity,
  ids: readonly string[],
): Promise<WorldScope> {
  const where = { accountId, id: { in: [...ids] } };
  const campaignsOf = (rows: readonly { campaignId: string }[]) => ({
    campaignIds: [...new Set(rows.map((row) => row.campaignId))],
  });
  const viaLineItems = async (rows: readonly { lineItemId: string }[]) =>
    campaignsOf(
      await prisma.lineItem.findMany({
        where: { accountId, id: { in: [...new Set(rows.map((row) => row.lineItemId))] } },
        select: { campaignId: true },
      }),
    );
  const select = { lineItemId: true } as const;
  switch (entity) {
    case "ACCOUNT":
    case "FUNDING_INSTRUMENT":
      return "all";
    case "ORGANIC_POST":
      return { campaignIds: [] };
    case "CAMPAIGN":
      return { campaignIds: [...new Set(ids)] };
    case "LINE_ITEM":
      return campaignsOf(await prisma.lineItem.findMany({ where, select: { campaignId: true } }));
    case "PROMOTED_POST":
      return viaLineItems(await prisma.promotedPost.findMany({ where, select }));
    case "PROMOTED_ACCOUNT":
      return viaLineItems(await prisma.promotedAccount.findMany({ where, select }));
    case "MEDIA_CREATIVE":
      return viaLineItems(await prisma.mediaCreative.findMany({ where, select }));
  }
}
