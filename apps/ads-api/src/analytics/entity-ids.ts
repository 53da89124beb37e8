import type { AnalyticsEntity } from "@adsgraph/models";
import type { PrismaClient } from "../db/database.js";
import { BadRequestError, ERROR_CODES } from "../errors.js";

interface AccountOfIds {
  readonly id: string;
  readonly promotableUserIds: readonly string[];
}

/** The ids among `ids` that name an entity of this type in the account (deleted ones too). */
async function knownIds(
  prisma: PrismaClient,
  account: AccountOfIds,
  entity: AnalyticsEntity,
  ids: readonly string[],
): Promise<Set<string>> {
  const where = { accountId: account.id, id: { in: [...ids] } };
  const select = { id: true } as const;
  const rows: { id: string }[] = await (() => {
    switch (entity) {
      case "ACCOUNT":
        return Promise.resolve(ids.includes(account.id) ? [{ id: account.id }] : []);
      case "FUNDING_INSTRUMENT":
        return prisma.fundingInstrument.findMany({ where, select });
      case "CAMPAIGN":
        // Drafts too: a draft is the account's campaign that has not delivered (null metrics),
        // so a client asking for a page of campaigns with drafts fails on none of them.
        return prisma.campaign.findMany({ where, select });
      case "LINE_ITEM":
        return prisma.lineItem.findMany({ where, select });
      case "PROMOTED_POST":
        return prisma.promotedPost.findMany({ where, select });
      case "PROMOTED_ACCOUNT":
        return prisma.promotedAccount.findMany({ where, select });
      case "MEDIA_CREATIVE":
        return prisma.mediaCreative.findMany({ where, select });
      case "ORGANIC_POST":
        // Published posts of the account's promotable users, or made through the account.
        return prisma.post.findMany({
          where: {
            id: { in: [...ids] },
            postType: "PUBLISHED",
            OR: [{ accountId: account.id }, { authorId: { in: [...account.promotableUserIds] } }],
          },
          select,
        });
    }
  })();
  return new Set(rows.map((row) => row.id));
}

/**
 * Every id must name an entity of the requested type in the account: otherwise 400 naming
 * `entity_ids` and the ids (the vendor answers INVALID_PARAMETER for an id list, where a path
 * id would be 404).
 */
export async function requireKnownIds(
  prisma: PrismaClient,
  account: AccountOfIds,
  entity: AnalyticsEntity,
  ids: readonly string[],
  parameter = "entity_ids",
): Promise<void> {
  const known = await knownIds(prisma, account, entity, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw BadRequestError.of(
      ERROR_CODES.INVALID_PARAMETER,
      `${parameter}: ${unknown.join(", ")} ${unknown.length === 1 ? "is not an id" : "are not ids"} of a ${entity} of account ${account.id}`,
      parameter,
    );
  }
}
