import type { AccountHistoryEntry } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Db } from "../db/database.js";
import { newAdsId } from "../db/ids.js";
import type { HistoryEntry, Prisma } from "../generated/prisma/client.js";
import type { Sortable } from "../paging/keyset-paging.js";
import { runList } from "./list.js";
import type { ListOutcome } from "./list.js";
import { timestampDate, ts } from "./time.js";
import type { Presented } from "./presented.js";

export type ChangeType = "CREATE" | "UPDATE" | "DELETE";

export interface HistoryInput {
  readonly accountId: string;
  readonly entityType: "CAMPAIGN" | "LINE_ITEM";
  readonly entityId: string;
  readonly userId: string;
  readonly changeType: ChangeType;
  /** Field → [old, new] in wire names and values. */
  readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
  readonly at: Date;
}

/** spec §4.3 account_history: written in the same transaction as the change it records. */
export async function recordHistory(db: Db, input: HistoryInput): Promise<void> {
  await db.historyEntry.create({
    data: {
      id: newAdsId(10),
      accountId: input.accountId,
      entityType: input.entityType,
      entityId: input.entityId,
      userId: input.userId,
      changeType: input.changeType,
      changes: Object.fromEntries(
        Object.entries(input.changes).map(([field, [before, after]]) => [
          field,
          { old_value: before ?? null, new_value: after ?? null },
        ]),
      ),
      changedAt: input.at,
    },
  });
}

/** The changed fields between two wire objects. */
export function diff(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
  fields: readonly string[],
): Record<string, readonly [unknown, unknown]> {
  const out: Record<string, readonly [unknown, unknown]> = {};
  for (const field of fields) {
    const old = before?.[field] ?? null;
    const next = after?.[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(next)) out[field] = [old, next];
  }
  return out;
}

/** The schema names the entry's subject and time; the change itself is beyond it (README). */
export function presentHistory(row: HistoryEntry): Presented<AccountHistoryEntry> & {
  id: string;
  account_id: string;
  change_type: string;
  changes: unknown;
} {
  return {
    id: row.id,
    account_id: row.accountId,
    entity_type: row.entityType,
    entity_id: row.entityId,
    user_id: row.userId,
    change_type: row.changeType,
    changes: row.changes,
    timestamp: ts(row.changedAt),
  };
}

const HISTORY_SORT: Sortable = { timestamp: { field: "changedAt", type: "date" } };

export interface HistoryQuery {
  readonly entity_type: string;
  readonly entity_id: string;
  readonly start_time: string;
  readonly end_time: string;
  readonly user_id?: string | undefined;
  readonly count?: number | undefined;
  readonly cursor?: string | undefined;
}

/** Entries of one entity in `[start_time, end_time)`, oldest first. */
export function listHistory(
  ctx: AppContext,
  accountId: string,
  query: HistoryQuery,
): Promise<ListOutcome<HistoryEntry>> {
  return runList(ctx, {
    scope: `account_history:${accountId}:${query.entity_type}:${query.entity_id}`,
    sortable: HISTORY_SORT,
    defaultSort: "timestamp-asc",
    params: { count: query.count, cursor: query.cursor },
    softDelete: false,
    where: {
      accountId,
      entityType: query.entity_type,
      entityId: query.entity_id,
      changedAt: { gte: timestampDate(query.start_time), lt: timestampDate(query.end_time) },
      ...(query.user_id === undefined ? {} : { userId: query.user_id }),
    },
    findMany: (args) => ctx.prisma.historyEntry.findMany(args as Prisma.HistoryEntryFindManyArgs),
    count: (where) => ctx.prisma.historyEntry.count({ where }),
  });
}
