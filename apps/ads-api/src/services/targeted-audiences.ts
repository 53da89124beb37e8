import type { TargetedAudienceEntry } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { LineItem, Prisma } from "../generated/prisma/client.js";
import type { Sortable } from "../paging/keyset-paging.js";
import { accessAudience } from "./audience-access.js";
import { servingState } from "./campaign-serving.js";
import { WITH_FUNDING } from "./campaigns.js";
import type { CampaignRow } from "./campaigns.js";
import { runList } from "./list.js";
import type { Presented } from "./presented.js";

/** The list takes no sort_by (spec §4.8): campaigns in the order they were made. */
const BY_CREATION: Sortable = { created_at: { field: "createdAt", type: "date" } };

export interface TargetedQuery {
  readonly with_active?: boolean | undefined;
  readonly count?: number | undefined;
  readonly cursor?: string | undefined;
}

export interface TargetedPage {
  readonly entries: Presented<TargetedAudienceEntry>[];
  readonly nextCursor: string | null;
}

/**
 * A line item is servable when it is ACTIVE and its campaign is (campaign-serving.ts); a paused
 * one is not; one of a campaign that has not started yet is not known (null), as campaigns read.
 */
function lineItemServable(lineItem: LineItem, campaign: CampaignRow, now: Date): boolean | null {
  if (lineItem.entityStatus !== "ACTIVE") return false;
  return servingState({ ...campaign, ableToFund: campaign.fundingInstrument.ableToFund }, now)
    .servable;
}

/**
 * spec §4.8 targeted (recorded shape: targeted_audiences.json): the path account's campaigns
 * with their line items that hold a live CUSTOM_AUDIENCE criterion naming the audience, a page
 * of campaigns at a time. `with_active` (default true) keeps ACTIVE line items of live ACTIVE
 * campaigns; false keeps every live one. Who may ask: an account that may read the audience, or
 * one whose line items target it (a grantee after revocation, an owner after deleting it):
 * running campaigns keep the audience (spec §4.8), so the account still sees which do.
 */
export async function listTargeted(
  ctx: AppContext,
  accountId: string,
  audienceId: string,
  query: TargetedQuery,
  now: Date,
): Promise<TargetedPage> {
  const criteria = await ctx.prisma.targetingCriterion.findMany({
    where: {
      accountId,
      targetingType: "CUSTOM_AUDIENCE",
      targetingValue: audienceId,
      deleted: false,
    },
    select: { lineItemId: true },
  });
  if (criteria.length === 0) await accessAudience(ctx.prisma, accountId, audienceId, "read");
  const active = query.with_active !== false;
  const lineItemWhere: Prisma.LineItemWhereInput = {
    id: { in: [...new Set(criteria.map((criterion) => criterion.lineItemId))] },
    accountId,
    deleted: false,
    ...(active ? { entityStatus: "ACTIVE" } : {}),
  };
  const page = await runList(ctx, {
    scope: `targeted:${accountId}:${audienceId}:${active ? "active" : "all"}`,
    sortable: BY_CREATION,
    defaultSort: "created_at-asc",
    params: { count: query.count, cursor: query.cursor },
    where: {
      accountId,
      ...(active ? { entityStatus: "ACTIVE" } : {}),
      lineItems: { some: lineItemWhere },
    },
    findMany: (args) =>
      ctx.prisma.campaign.findMany({
        ...(args as Prisma.CampaignFindManyArgs),
        include: WITH_FUNDING,
      }),
    count: (where) => ctx.prisma.campaign.count({ where }),
  });
  const lineItems = await ctx.prisma.lineItem.findMany({
    where: { ...lineItemWhere, campaignId: { in: page.rows.map((campaign) => campaign.id) } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return {
    entries: page.rows.map((campaign) => ({
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      line_items: lineItems
        .filter((lineItem) => lineItem.campaignId === campaign.id)
        .map((lineItem) => ({
          id: lineItem.id,
          name: lineItem.name,
          servable: lineItemServable(lineItem, campaign, now),
        })),
    })),
    nextCursor: page.nextCursor,
  };
}
