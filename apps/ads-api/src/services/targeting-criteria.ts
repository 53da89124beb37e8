import type { OPERATOR_TYPES, TARGETING_TYPES, TargetingCriterionResource } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import { newAdsId } from "../db/ids.js";
import type { Prisma, TargetingCriterion } from "../generated/prisma/client.js";
import { ApiError, BadRequestError, ERROR_CODES, NotFoundError } from "../errors.js";
import { accessAudience } from "./audience-access.js";
import { lockLineItem, withLineItemTx } from "./line-item-refs.js";
import { inList, runList } from "./list.js";
import type { ListOutcome, ListParams } from "./list.js";
import { sortColumns } from "./sort-columns.js";
import { ts } from "./time.js";
import type { Presented } from "./presented.js";

export const TARGETING_CRITERION_SORT = sortColumns("targeting_criteria.list", {
  id: { field: "id", type: "string" },
  created_at: { field: "createdAt", type: "date" },
  updated_at: { field: "updatedAt", type: "date" },
  line_item_id: { field: "lineItemId", type: "string" },
  targeting_type: { field: "targetingType", type: "string" },
});

/** The vendor's v11 targeting criterion fields (beyond the spec: catalog/targeting-criteria.ts). */
export function presentTargetingCriterion(
  row: TargetingCriterion,
): Presented<TargetingCriterionResource> {
  return {
    id: row.id,
    line_item_id: row.lineItemId,
    targeting_type: row.targetingType,
    targeting_value: row.targetingValue,
    operator_type: row.operatorType,
    created_at: ts(row.createdAt),
    updated_at: ts(row.updatedAt),
    deleted: row.deleted,
  };
}

export interface TargetingCriterionQuery extends ListParams {
  readonly line_item_ids?: readonly string[] | undefined;
  readonly targeting_criterion_ids?: readonly string[] | undefined;
}

export function listTargetingCriteria(
  ctx: AppContext,
  accountId: string,
  query: TargetingCriterionQuery,
): Promise<ListOutcome<TargetingCriterion>> {
  return runList(ctx, {
    scope: `targeting_criteria:${accountId}`,
    sortable: TARGETING_CRITERION_SORT,
    defaultSort: "created_at-asc",
    params: query,
    where: {
      accountId,
      ...inList("lineItemId", query.line_item_ids),
      ...inList("id", query.targeting_criterion_ids),
    },
    findMany: (args) =>
      ctx.prisma.targetingCriterion.findMany(args as Prisma.TargetingCriterionFindManyArgs),
    count: (where) => ctx.prisma.targetingCriterion.count({ where }),
  });
}

export async function getTargetingCriterion(
  ctx: AppContext,
  accountId: string,
  id: string,
  withDeleted: boolean,
): Promise<TargetingCriterion> {
  const row = await ctx.prisma.targetingCriterion.findFirst({ where: { id, accountId } });
  if (row === null || (row.deleted && !withDeleted)) {
    throw new NotFoundError(`targeting criterion ${id} does not exist`, "targeting_criterion_id");
  }
  return row;
}

export interface NewTargetingCriterion {
  readonly line_item_id: string;
  readonly targeting_type: (typeof TARGETING_TYPES)[number];
  readonly targeting_value: string;
  readonly operator_type?: (typeof OPERATOR_TYPES)[number] | undefined;
}

/**
 * On a live line item of the account (400 naming line_item_id otherwise). A CUSTOM_AUDIENCE
 * criterion names an audience the account may target now (spec §4.8 sharing rules: its own,
 * or shared with it and not revoked): anything else, unknown and deleted ids included, is a
 * value naming nothing usable (400 AUDIENCE_NOT_TARGETABLE on targeting_value). Other types
 * are stored as given: this service has no data to check them against.
 */
export function createTargetingCriterion(
  ctx: AppContext,
  accountId: string,
  input: NewTargetingCriterion,
): Promise<TargetingCriterion> {
  return withLineItemTx(ctx, async (tx) => {
    const lineItem = await lockLineItem(tx, accountId, input.line_item_id);
    if (input.targeting_type === "CUSTOM_AUDIENCE") {
      const id = input.targeting_value;
      try {
        await accessAudience(tx, accountId, id, "target", "targeting_value");
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        throw BadRequestError.of(
          ERROR_CODES.AUDIENCE_NOT_TARGETABLE,
          `custom audience ${id} cannot be targeted by account ${accountId}: it is neither the account's own nor shared with it (a revoked share allows no new criterion), or it does not exist`,
          "targeting_value",
        );
      }
    }
    const now = ctx.clock();
    return tx.targetingCriterion.create({
      data: {
        id: newAdsId(),
        accountId,
        lineItemId: lineItem.id,
        targetingType: input.targeting_type,
        targetingValue: input.targeting_value,
        operatorType: input.operator_type ?? "EQ",
        createdAt: now,
        updatedAt: now,
      },
    });
  });
}

/** Soft delete (spec §2.1); a second DELETE is 404. */
export async function deleteTargetingCriterion(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<TargetingCriterion> {
  const updated = await ctx.prisma.targetingCriterion.updateMany({
    where: { id, accountId, deleted: false },
    data: { deleted: true, updatedAt: ctx.clock() },
  });
  if (updated.count === 0) {
    throw new NotFoundError(`targeting criterion ${id} does not exist`, "targeting_criterion_id");
  }
  return ctx.prisma.targetingCriterion.findUniqueOrThrow({ where: { id } });
}
