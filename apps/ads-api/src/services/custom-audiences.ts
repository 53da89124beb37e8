import { PERMISSION_LEVELS } from "@adsgraph/models";
import type { CustomAudience as CustomAudienceResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Db } from "../db/database.js";
import type { CustomAudience, Prisma } from "../generated/prisma/client.js";
import { resolveSort } from "../paging/keyset-paging.js";
import { accessAudience, sharedAudienceIds, sharedAudienceLevels } from "./audience-access.js";
import { derivedFields, memberStats, statsOf } from "./audience-state.js";
import type { DerivedFields } from "./audience-state.js";
import { pageBySize } from "./custom-audience-size-order.js";
import type { CustomAudienceQuery } from "./custom-audience-size-order.js";
import { inList, runList } from "./list.js";
import type { ListOutcome } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";
import { storedEnum } from "./presented.js";

/**
 * `audience_size` is derived (live members, null under the floor): its column here only names
 * the attribute; the list sorts by it in SQL (custom-audience-size-order.ts).
 */
export const CUSTOM_AUDIENCE_SORT = sortColumns("custom_audiences.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  name: { field: "nameSort", type: "string" },
  audience_type: { field: "audienceType", type: "string" },
  audience_size: { field: "audienceSize", type: "int", nullable: true },
});

/** How the asking account sees an audience: its own (READ_WRITE) or through a grant's level. */
export interface AudienceView {
  readonly isOwner: boolean;
  readonly level: string;
}

export const OWNER_VIEW: AudienceView = { isOwner: true, level: "READ_WRITE" };

/** spec §2.10's custom audience, and the recorded `list_type` its schema does not name. */
export type PresentedAudience = Presented<CustomAudienceResource> & { list_type: string | null };

/**
 * spec §2.10, with the recorded `list_type` (custom_audiences_all.json). `owner_account_id`
 * (shown on create responses) and `is_owner` (on update responses) are on every answer: the
 * spec names each where it was seen, and an account listing shared audiences needs both.
 */
export function presentCustomAudience(
  row: CustomAudience,
  view: AudienceView,
  derived: DerivedFields,
): PresentedAudience {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    audience_type: row.audienceType,
    ...derived,
    permission_level: storedEnum(PERMISSION_LEVELS, view.level),
    owner_account_id: row.accountId,
    is_owner: view.isOwner,
    partner_source: row.partnerSource,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

/** Audiences as `accountId` sees them: sizes, targetability and its permission on each. */
export async function presentAudiences(
  db: Db,
  accountId: string,
  rows: readonly CustomAudience[],
  now: Date,
): Promise<PresentedAudience[]> {
  const ids = rows.map((row) => row.id);
  const [stats, levels] = await Promise.all([
    memberStats(db, ids, now),
    sharedAudienceLevels(
      db,
      accountId,
      rows.filter((row) => row.accountId !== accountId).map((row) => row.id),
    ),
  ]);
  return rows.map((row) => {
    const view =
      row.accountId === accountId
        ? OWNER_VIEW
        : { isOwner: false, level: levels.get(row.id) ?? "READ_ONLY" };
    return presentCustomAudience(row, view, derivedFields(row, statsOf(stats, row.id), now));
  });
}

/** One audience as `accountId` sees it. */
export async function presentAudience(
  db: Db,
  accountId: string,
  row: CustomAudience,
  now: Date,
): Promise<PresentedAudience> {
  const [presented] = await presentAudiences(db, accountId, [row], now);
  if (presented === undefined) throw new Error(`audience ${row.id} presented as nothing`);
  return presented;
}

/**
 * spec §4.8 list: the account's own audiences and those shared with it (a live permission),
 * the deleted ones too with with_deleted.
 */
export async function listCustomAudiences(
  ctx: AppContext,
  accountId: string,
  query: CustomAudienceQuery,
  now: Date,
): Promise<ListOutcome<CustomAudience>> {
  const shared = await sharedAudienceIds(ctx.prisma, accountId);
  const scope = `custom_audiences:${accountId}`;
  const defaultSort = "created_at-asc";
  const sort = resolveSort(query.sort_by, CUSTOM_AUDIENCE_SORT, defaultSort);
  if (sort.attribute === "audience_size") {
    return pageBySize(ctx, { scope, sort, accountId, shared, query, now });
  }
  const visible: Prisma.CustomAudienceWhereInput = {
    OR: [{ accountId }, ...(shared.length === 0 ? [] : [{ id: { in: shared } }])],
  };
  return runList(ctx, {
    scope,
    sortable: CUSTOM_AUDIENCE_SORT,
    defaultSort,
    params: query,
    where: { AND: [visible, inList("id", query.custom_audience_ids)] },
    findMany: (args) =>
      ctx.prisma.customAudience.findMany(args as Prisma.CustomAudienceFindManyArgs),
    count: (where) => ctx.prisma.customAudience.count({ where }),
  });
}

/** spec §4.8 single read: an audience the account may read (its own, or shared with it). */
export async function getCustomAudience(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<CustomAudience> {
  return (await accessAudience(ctx.prisma, accountId, id, "read")).audience;
}
