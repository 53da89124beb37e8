import type { Campaign } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Account } from "../generated/prisma/client.js";
import { ApiError, BadRequestError, BatchError, ERROR_CODES } from "../errors.js";
import type { ErrorEntry } from "../errors.js";
import type { Presented } from "./presented.js";
import type { BatchResult } from "./results.js";
import {
  createCampaignIn,
  deleteCampaignIn,
  updateCampaignIn,
  withCampaignWriter,
} from "./campaign-writes.js";
import type { CampaignFields } from "./campaign-writes.js";
import { presentCampaign } from "./campaigns.js";
import type { CampaignRow } from "./campaigns.js";

export interface BatchOperation {
  readonly operation_type: "Create" | "Update" | "Delete";
  readonly params: CampaignFields & { readonly campaign_id?: string | undefined } & Record<
      string,
      unknown
    >;
}

/**
 * spec §4.5 / §7 batch: operations run in input order in one transaction; any failing item
 * rolls everything back and the answer names each failing item by its input index
 * (`operation_errors[i]`). The remaining items are still checked so every failure is reported.
 */
export async function runCampaignBatch(
  ctx: AppContext,
  account: Account,
  userId: string,
  operations: readonly BatchOperation[],
): Promise<BatchResult<Presented<Campaign>>> {
  if (operations.length > ctx.limits.campaignBatchMax) {
    throw BadRequestError.of(
      ERROR_CODES.TOO_MANY_ITEMS,
      `a batch holds at most ${ctx.limits.campaignBatchMax} operations (got ${operations.length})`,
      "operations",
    );
  }
  const rows = await withCampaignWriter(ctx, account, userId, async (writer) => {
    const done: CampaignRow[] = [];
    const errors: ErrorEntry[][] = operations.map(() => []);
    for (const [index, operation] of operations.entries()) {
      try {
        const id = operation.params.campaign_id ?? "";
        switch (operation.operation_type) {
          case "Create":
            done.push(await createCampaignIn(writer, operation.params));
            break;
          case "Update":
            done.push(await updateCampaignIn(writer, id, operation.params));
            break;
          case "Delete":
            done.push(await deleteCampaignIn(writer, id));
            break;
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        errors[index] = [...error.errors];
      }
    }
    if (errors.some((entries) => entries.length > 0)) throw new BatchError(errors);
    return done;
  });
  const now = ctx.clock();
  return {
    kind: "batch",
    data: rows.map((row) => presentCampaign(row, now)),
    request: operations.map((operation) => ({
      params: { account_id: account.id, ...operation.params },
      operation_type: operation.operation_type,
    })),
    dataType: "campaign",
  };
}
