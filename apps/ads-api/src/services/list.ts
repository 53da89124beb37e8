import { LIMITS } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { fetchPage, resolveSort } from "../paging/keyset-paging.js";
import type { Sortable } from "../paging/keyset-paging.js";

type Where = Record<string, unknown>;

/** spec §4.2 list parameters after validation. */
export interface ListParams {
  readonly count?: number | undefined;
  readonly cursor?: string | undefined;
  readonly sort_by?: string | undefined;
  readonly with_deleted?: boolean | undefined;
  readonly with_total_count?: boolean | undefined;
}

export interface ListSpec<Row extends { id: string }> {
  /** The list a cursor belongs to, e.g. `campaigns.list:<account_id>`. */
  readonly scope: string;
  readonly sortable: Sortable;
  readonly defaultSort: string;
  readonly defaultCount?: number;
  readonly params: ListParams;
  /** Filters, without the keyset condition; soft-deleted rows are added unless with_deleted. */
  readonly where: Where;
  readonly findMany: (args: { where: Where; orderBy: Where[]; take: number }) => Promise<Row[]>;
  readonly count: (where: Where) => Promise<number>;
  /** Some lists (reference data) have no soft delete. */
  readonly softDelete?: boolean;
}

export interface ListOutcome<Row> {
  readonly rows: Row[];
  readonly nextCursor: string | null;
  readonly totalCount: number | undefined;
}

/**
 * One page of a list: filters, soft delete (spec §2.1), sort_by (§4.2), keyset paging and
 * total_count when asked for (its own limit is applied by the route).
 */
export async function runList<Row extends { id: string }>(
  ctx: AppContext,
  spec: ListSpec<Row>,
): Promise<ListOutcome<Row>> {
  const where: Where =
    spec.softDelete === false || spec.params.with_deleted === true
      ? spec.where
      : { AND: [spec.where, { deleted: false }] };
  const sort = resolveSort(spec.params.sort_by, spec.sortable, spec.defaultSort);
  const page = await fetchPage(
    ctx.cursors,
    {
      scope: spec.scope,
      sort,
      count: spec.params.count ?? spec.defaultCount ?? LIMITS.listCount.default,
      cursor: spec.params.cursor,
    },
    where,
    spec.findMany,
  );
  const totalCount = spec.params.with_total_count === true ? await spec.count(where) : undefined;
  return { rows: page.rows, nextCursor: page.nextCursor, totalCount };
}

/**
 * `q` as a LIKE pattern's literal text: Prisma's startsWith sends `<q>%` to ILIKE without
 * escaping, so `%` and `_` would match anything. Backslash is PostgreSQL's default LIKE escape.
 */
export function likeLiteral(q: string): string {
  return q.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Case-insensitive prefix match on a name (spec §4.2 `q`: a prefix, never a pattern). */
export function namePrefix(q: string | undefined): Where {
  return q === undefined ? {} : { name: { startsWith: likeLiteral(q), mode: "insensitive" } };
}

/** `field IN ids` when an id list was given. */
export function inList(field: string, ids: readonly string[] | undefined): Where {
  return ids === undefined ? {} : { [field]: { in: [...ids] } };
}
