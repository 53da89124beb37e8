import { FUNDING_INSTRUMENT_TYPES } from "@adsgraph/models";
import type { FundingInstrument as FundingInstrumentResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { newAdsId } from "../db/ids.js";
import type { Db } from "../db/database.js";
import type { FundingInstrument, Prisma } from "../generated/prisma/client.js";
import { NotFoundError } from "../errors.js";
import { runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { micro, timestampDate, ts, tsOrNull } from "./time.js";
import type { Presented } from "./presented.js";
import { storedEnum } from "./presented.js";

export const FUNDING_INSTRUMENT_SORT = sortColumns("funding_instruments.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  start_time: { field: "startTime", type: "date" },
  end_time: { field: "endTime", type: "date", nullable: true },
  currency: { field: "currency", type: "string" },
  type: { field: "type", type: "string" },
  description: { field: "descriptionSort", type: "string" },
});

/** spec §2.4, with `cancelled` and `paused` as the recorded payloads carry them. */
export function presentFundingInstrument(
  row: FundingInstrument,
): Presented<FundingInstrumentResource> & {
  cancelled: boolean;
  paused: boolean;
} {
  return {
    id: row.id,
    account_id: row.accountId,
    type: storedEnum(FUNDING_INSTRUMENT_TYPES, row.type),
    description: row.description,
    currency: row.currency,
    start_time: ts(row.startTime),
    end_time: tsOrNull(row.endTime),
    credit_limit_local_micro: micro(row.creditLimitLocalMicro),
    funded_amount_local_micro: micro(row.fundedAmountLocalMicro),
    credit_remaining_local_micro: micro(row.creditRemainingLocalMicro),
    entity_status: row.entityStatus,
    able_to_fund: row.ableToFund,
    reasons_not_able_to_fund: row.reasonsNotAbleToFund,
    io_header: row.ioHeader,
    cancelled: row.cancelled,
    paused: row.paused,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export function listFundingInstruments(
  ctx: AppContext,
  accountId: string,
  params: ListParams,
  ids: readonly string[] | undefined,
): Promise<ListOutcome<FundingInstrument>> {
  return runList(ctx, {
    scope: `funding_instruments:${accountId}`,
    sortable: FUNDING_INSTRUMENT_SORT,
    defaultSort: "created_at-asc",
    params,
    where: { accountId, ...(ids === undefined ? {} : { id: { in: [...ids] } }) },
    findMany: (args) =>
      ctx.prisma.fundingInstrument.findMany(args as Prisma.FundingInstrumentFindManyArgs),
    count: (where) => ctx.prisma.fundingInstrument.count({ where }),
  });
}

export async function getFundingInstrument(
  db: Db,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<FundingInstrument> {
  const row = await db.fundingInstrument.findFirst({ where: { id, accountId } });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(`funding instrument ${id} does not exist`, "funding_instrument_id");
  }
  return row;
}

export interface NewFundingInstrument {
  readonly currency: string;
  readonly start_time: string;
  readonly type: string;
  readonly end_time?: string | undefined;
  readonly credit_limit_local_micro?: number | undefined;
  readonly funded_amount_local_micro?: number | undefined;
}

export function createFundingInstrumentRow(
  db: Db,
  accountId: string,
  input: NewFundingInstrument & { id?: string; description?: string },
  at: Date,
): Promise<FundingInstrument> {
  const creditLimit = input.credit_limit_local_micro;
  const funded = input.funded_amount_local_micro;
  return db.fundingInstrument.create({
    data: {
      id: input.id ?? newAdsId(6),
      accountId,
      type: input.type,
      description:
        input.description ??
        `Sandbox ${input.type.toLowerCase().replace(/_/g, " ")} (${input.currency})`,
      currency: input.currency,
      startTime: timestampDate(input.start_time),
      endTime: input.end_time === undefined ? null : timestampDate(input.end_time),
      creditLimitLocalMicro: creditLimit === undefined ? null : BigInt(creditLimit),
      fundedAmountLocalMicro: funded === undefined ? null : BigInt(funded),
      creditRemainingLocalMicro: creditLimit === undefined ? null : BigInt(creditLimit),
      createdAt: at,
      updatedAt: at,
    },
  });
}

/**
 * spec §4.5 sandbox create (no cost is incurred). Create and delete are served on the sandbox
 * host only, which reaches sandbox accounts only (routes/ads-route.ts).
 */
export function createFundingInstrument(
  ctx: AppContext,
  accountId: string,
  input: NewFundingInstrument,
): Promise<FundingInstrument> {
  // Which fields each type takes, and end_time after start_time, are catalog rules
  // (@adsgraph/models FUNDING_FIELDS_BY_TYPE), checked before the handler runs.
  return createFundingInstrumentRow(ctx.prisma, accountId, input, ctx.clock());
}

/** spec §3: deleted=true, able_to_fund=false, reasons_not_able_to_fund holds DELETED. */
export async function deleteFundingInstrument(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<FundingInstrument> {
  const updated = await ctx.prisma.fundingInstrument.updateMany({
    where: { id, accountId, deleted: false },
    data: {
      deleted: true,
      ableToFund: false,
      reasonsNotAbleToFund: { push: "DELETED" },
      updatedAt: ctx.clock(),
    },
  });
  if (updated.count === 0) {
    throw new NotFoundError(`funding instrument ${id} does not exist`, "funding_instrument_id");
  }
  return getFundingInstrument(ctx.prisma, accountId, id, true);
}
