import { readOnlyConflicts } from "@adsgraph/models";
import type { AppContext } from "../context.js";
import type { Account } from "../generated/prisma/client.js";
import { ApiError, BadRequestError, BatchError, ERROR_CODES } from "../errors.js";
import type { ErrorEntry } from "../errors.js";
import type { BatchResult } from "./results.js";
import { withCampaignWriter } from "./campaign-writes.js";
import type { CampaignWriter } from "./campaign-writes.js";

export interface BatchOperation<P> {
  readonly operation_type: "Create" | "Update" | "Delete";
  readonly params: P;
}

/**
 * What a batch endpoint writes: the single calls its operations stand for, run on the batch's
 * writer (campaigns.batch, line_items.batch), and how an answer item is presented.
 */
export interface BatchResource<P extends Readonly<Record<string, unknown>>, Row, Item> {
  /** The parameter naming the resource in Update and Delete items (`campaign_id`). */
  readonly idParam: string;
  readonly dataType: string;
  /** Most operations in one request (ads-api's configured cap). */
  readonly max: (ctx: AppContext) => number;
  readonly create: (writer: CampaignWriter, params: P) => Promise<Row>;
  /** `params` without the id parameter. */
  readonly update: (writer: CampaignWriter, id: string, params: P) => Promise<Row>;
  readonly remove: (writer: CampaignWriter, id: string) => Promise<Row>;
  readonly present: (row: Row, now: Date) => Item;
}

/**
 * spec §4.5 / §7 batch: operations run in input order in one transaction; any failing item
 * rolls everything back and the answer names each failing item by its input index
 * (`operation_errors[i]`). The remaining items are still checked so every failure is reported.
 */
export async function runBatch<P extends Readonly<Record<string, unknown>>, Row, Item>(
  ctx: AppContext,
  account: Account,
  userId: string,
  operations: readonly BatchOperation<P>[],
  resource: BatchResource<P, Row, Item>,
): Promise<BatchResult<Item>> {
  const max = resource.max(ctx);
  if (operations.length > max) {
    throw BadRequestError.of(
      ERROR_CODES.TOO_MANY_ITEMS,
      `a batch holds at most ${max} operations (got ${operations.length})`,
      "operations",
    );
  }
  const rows = await withCampaignWriter(ctx, account, userId, async (writer) => {
    const done: Row[] = [];
    const errors: ErrorEntry[][] = operations.map(() => []);
    for (const [index, operation] of operations.entries()) {
      try {
        const { [resource.idParam]: given, ...rest } = operation.params;
        const id = typeof given === "string" ? given : "";
        switch (operation.operation_type) {
          case "Create":
            done.push(await resource.create(writer, operation.params));
            break;
          case "Update": {
            // The item's account_id (the object as read) is the path's, like any read-only field.
            const { account_id: accountId, ...fields } = rest as Readonly<Record<string, unknown>>;
            const moved = readOnlyConflicts({ account_id: accountId }, { account_id: account.id });
            if (moved.length > 0) throw BadRequestError.fromViolations(moved);
            done.push(await resource.update(writer, id, fields as P));
            break;
          }
          case "Delete":
            done.push(await resource.remove(writer, id));
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
    data: rows.map((row) => resource.present(row, now)),
    request: operations.map((operation) => ({
      params: { account_id: account.id, ...operation.params },
      operation_type: operation.operation_type,
    })),
    dataType: resource.dataType,
  };
}
