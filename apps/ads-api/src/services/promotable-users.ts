import { LIMITS } from "@adsgraph/models";
import type { PromotableUser as PromotableUserResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { NotFoundError } from "../errors.js";
import type { Account } from "../generated/prisma/client.js";
import { resolveSort } from "../paging/keyset-paging.js";
import type { SortSpec } from "../paging/keyset-paging.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";

/**
 * A promotable user of an account (beyond the spec, issue 33). They are the account's stored
 * `promotable_user_ids` (the users `as_user_id` and `GET posts` `user_id` accept), not rows of
 * their own: the first is the account's FULL promotable user (spec §4.7 "the full promotable
 * user"), the others RETWEETS_ONLY. No time is stored per user, so both times are the account's.
 */
export interface PromotableUserRow {
  readonly id: string;
  readonly userId: string;
  readonly type: "FULL" | "RETWEETS_ONLY";
  /** Place in the account's list: the default order, FULL first. */
  readonly position: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * The promotable user's id: the user id in base 36, a short lower-case ads id as the vendor's
 * are, the same on every read (no row holds one). Ids that are not digits are kept as they are.
 */
export function promotableUserId(userId: string): string {
  return /^\d{1,30}$/.test(userId) ? BigInt(userId).toString(36) : userId;
}

export function promotableUsersOf(account: Account): PromotableUserRow[] {
  return account.promotableUserIds.map((userId, position) => ({
    id: promotableUserId(userId),
    userId,
    type: position === 0 ? "FULL" : "RETWEETS_ONLY",
    position,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
  }));
}

export function presentPromotableUser(
  accountId: string,
  row: PromotableUserRow,
): Presented<PromotableUserResource> {
  return {
    id: row.id,
    account_id: accountId,
    user_id: row.userId,
    promotable_user_type: row.type,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    // Removing a user drops it from the account's list: nothing is kept deleted.
    deleted: false,
  };
}

export const PROMOTABLE_USER_SORT = sortColumns("promotable_users.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
});

/** Without sort_by: the account's own order, its FULL promotable user first. */
const STORED_ORDER: SortSpec = {
  attribute: "position",
  direction: "asc",
  column: { field: "position", type: "int" },
};

type Key = readonly [number | string, string];

function keyOf(row: PromotableUserRow, sort: SortSpec): Key {
  const value = (row as unknown as Record<string, unknown>)[sort.column.field];
  return [value instanceof Date ? value.getTime() : (value as number | string), row.id];
}

/** Sort value, then id, in the sort's direction (as keyset paging orders rows). */
function compareKeys(a: Key, b: Key, sort: SortSpec): number {
  const order = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
  return sort.direction === "asc" ? order : -order;
}

export interface PromotableUserQuery extends ListParams {
  readonly promotable_user_ids?: readonly string[] | undefined;
}

/**
 * One page of the account's promotable users. The list lives in the account row, so it is
 * paged here with the same opaque keyset cursors as every other list.
 */
export function listPromotableUsers(
  ctx: AppContext,
  account: Account,
  query: PromotableUserQuery,
): ListOutcome<PromotableUserRow> {
  const scope = `promotable_users:${account.id}`;
  const sort =
    query.sort_by === undefined
      ? STORED_ORDER
      : resolveSort(query.sort_by, PROMOTABLE_USER_SORT, "created_at-asc");
  const wanted = query.promotable_user_ids;
  const rows = promotableUsersOf(account)
    .filter((row) => wanted === undefined || wanted.includes(row.id))
    .sort((a, b) => compareKeys(keyOf(a, sort), keyOf(b, sort), sort));
  let rest = rows;
  if (query.cursor !== undefined) {
    const after = ctx.cursors.decode(query.cursor, scope, sort);
    const at: Key = [
      after.value instanceof Date ? after.value.getTime() : (after.value as number | string),
      after.id,
    ];
    rest = rows.filter((row) => compareKeys(keyOf(row, sort), at, sort) > 0);
  }
  const count = query.count ?? LIMITS.listCount.default;
  const page = rest.slice(0, count);
  const last = page[page.length - 1];
  const nextCursor =
    rest.length > count && last !== undefined
      ? ctx.cursors.encode(scope, sort, {
          value: (last as unknown as Record<string, unknown>)[sort.column.field],
          id: last.id,
        })
      : null;
  return {
    rows: page,
    nextCursor,
    totalCount: query.with_total_count === true ? rows.length : undefined,
  };
}

export function getPromotableUser(account: Account, id: string): PromotableUserRow {
  const row = promotableUsersOf(account).find((user) => user.id === id);
  if (row === undefined) {
    throw new NotFoundError(`promotable user ${id} does not exist`, "promotable_user_id");
  }
  return row;
}
