import { LIMITS } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { Prisma } from "../generated/prisma/client.js";
import type { CustomAudience } from "../generated/prisma/client.js";
import type { CursorPosition, SortSpec } from "../paging/keyset-paging.js";
import { AUDIENCE_SIZE_FLOOR } from "./audience-state.js";
import type { ListOutcome, ListParams } from "./list.js";

/** spec §4.8 list parameters of custom audiences. */
export interface CustomAudienceQuery extends ListParams {
  readonly custom_audience_ids?: readonly string[] | undefined;
}

export interface SizePageSpec {
  readonly scope: string;
  readonly sort: SortSpec;
  readonly accountId: string;
  /** Audiences shared with the account (live permissions). */
  readonly shared: readonly string[];
  readonly query: CustomAudienceQuery;
  readonly now: Date;
}

/**
 * `sort_by=audience_size-*` (the catalog's SORTABLE.customAudiences): the size is derived, so
 * the keyset runs in SQL over the count of live members per audience, as answered (null under
 * the privacy floor, so the order tells nothing below it either), nulls last, then id. The
 * same cursors as every list (scope, sort, last value and id), HMAC-tagged.
 */
export async function pageBySize(
  ctx: AppContext,
  spec: SizePageSpec,
): Promise<ListOutcome<CustomAudience>> {
  const { query, sort, now } = spec;
  const count = query.count ?? LIMITS.listCount.default;
  const after =
    query.cursor === undefined ? undefined : ctx.cursors.decode(query.cursor, spec.scope, sort);
  const visible =
    spec.shared.length === 0
      ? Prisma.sql`ca."account_id" = ${spec.accountId}`
      : Prisma.sql`(ca."account_id" = ${spec.accountId} OR ca."id" IN (${Prisma.join([...spec.shared])}))`;
  const ids = query.custom_audience_ids;
  const filters = [
    visible,
    ...(query.with_deleted === true ? [] : [Prisma.sql`NOT ca."deleted"`]),
    ...(ids === undefined ? [] : [Prisma.sql`ca."id" IN (${Prisma.join([...ids])})`]),
  ];
  const desc = sort.direction === "desc";
  const order = desc
    ? Prisma.sql`ORDER BY "shown" DESC NULLS LAST, "id" DESC`
    : Prisma.sql`ORDER BY "shown" ASC NULLS LAST, "id" ASC`;
  const rows = await ctx.prisma.$queryRaw<{ id: string; shown: number | null }[]>`
    SELECT "id", "shown" FROM (
      SELECT ca."id",
        CASE WHEN s."n" >= ${AUDIENCE_SIZE_FLOOR} THEN s."n" END AS "shown"
      FROM "custom_audience" ca
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS "n" FROM "audience_member" m
        WHERE m."audience_id" = ca."id"
          AND (m."effective_at" IS NULL OR m."effective_at" <= ${now}::timestamptz)
          AND (m."expires_at" IS NULL OR m."expires_at" > ${now}::timestamptz)
      ) s
      WHERE ${Prisma.join(filters, " AND ")}
    ) t
    WHERE ${afterCondition(after, desc)}
    ${order}
    LIMIT ${count + 1}`;
  const page = rows.slice(0, count);
  const found = await ctx.prisma.customAudience.findMany({
    where: { id: { in: page.map((row) => row.id) } },
  });
  const byId = new Map(found.map((row) => [row.id, row]));
  const last = page.at(-1);
  const totalCount =
    query.with_total_count === true
      ? await ctx.prisma.customAudience.count({
          where: {
            OR: [{ accountId: spec.accountId }, { id: { in: [...spec.shared] } }],
            ...(query.with_deleted === true ? {} : { deleted: false }),
            ...(ids === undefined ? {} : { id: { in: [...ids] } }),
          },
        })
      : undefined;
  return {
    rows: page.flatMap((row) => byId.get(row.id) ?? []),
    nextCursor:
      rows.length > count && last !== undefined
        ? ctx.cursors.encode(spec.scope, sort, { value: last.shown, id: last.id })
        : null,
    totalCount,
  };
}

/** Rows after a position in (shown nulls last, id) order. */
function afterCondition(after: CursorPosition | undefined, desc: boolean): Prisma.Sql {
  if (after === undefined) return Prisma.sql`TRUE`;
  const beyond = desc ? Prisma.sql`<` : Prisma.sql`>`;
  if (after.value === null) return Prisma.sql`("shown" IS NULL AND "id" ${beyond} ${after.id})`;
  const value = Number(after.value);
  return Prisma.sql`("shown" ${beyond} ${value} OR ("shown" = ${value} AND "id" ${beyond} ${after.id}) OR "shown" IS NULL)`;
}
