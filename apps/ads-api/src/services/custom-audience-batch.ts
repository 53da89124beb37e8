import { AUDIENCE_FEATURES, leafSegments } from "@adsgraph/models";
import type { Account, Prisma } from "../generated/prisma/client.js";
import type { AppContext } from "../context.js";
import { ApiError, BadRequestError, BatchError, ERROR_CODES, ForbiddenError } from "../errors.js";
import type { ErrorEntry } from "../errors.js";
import { accessAudience } from "./audience-access.js";
import {
  createAudienceIn,
  deleteAudienceIn,
  updateAudienceIn,
  withAudienceWriter,
} from "./custom-audience-writes.js";
import type { AudienceWriter } from "./custom-audience-writes.js";
import { presentAudiences } from "./custom-audiences.js";
import type { PresentedAudience } from "./custom-audiences.js";
import type { BatchResult } from "./results.js";

export interface AudienceBatchOperation {
  readonly operation_type: "Create" | "Update" | "Delete";
  readonly params: Readonly<Record<string, unknown>> & {
    readonly custom_audience_id?: string | undefined;
    readonly audience_type?: "FLEXIBLE" | "MOBILE_AUDIENCE" | undefined;
    readonly name?: string | undefined;
    readonly description?: string | undefined;
  };
}

/** `child_segments[1].custom_audience_id`: a leaf's place, as the catalog names parameters. */
function pathText(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (text, part) =>
      typeof part === "number" ? `${text}[${part}]` : text === "" ? part : `${text}.${part}`,
    "",
  );
}

/**
 * spec §4.8: every leaf names an audience the account may target now (its own, or shared with
 * it and not revoked), and "only mobile-based ones [are] creatable in beta": every leaf is a
 * MOBILE_AUDIENCE (ads-api README). All of an item's leaves are checked, each named by its path.
 */
async function checkLeaves(
  writer: AudienceWriter,
  accountId: string,
  params: Readonly<Record<string, unknown>>,
): Promise<void> {
  const problems: ErrorEntry[] = [];
  for (const leaf of leafSegments(params)) {
    const id = String(leaf.node.custom_audience_id);
    const parameter = pathText([...leaf.path, "custom_audience_id"]);
    try {
      const { audience } = await accessAudience(writer.tx, accountId, id, "target", parameter);
      if (audience.audienceType !== "MOBILE_AUDIENCE") {
        problems.push({
          code: ERROR_CODES.INVALID_PARAMETER,
          message: `custom audience ${id} is ${audience.audienceType}: only mobile-based flexible audiences are creatable in the beta (spec §4.8), so every leaf must be a MOBILE_AUDIENCE`,
          parameter,
        });
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      problems.push({
        code: ERROR_CODES.AUDIENCE_NOT_TARGETABLE,
        message: `custom audience ${id} cannot be targeted by account ${accountId}: it is neither the account's own nor shared with it (a revoked share allows nothing new), or it does not exist`,
        parameter,
      });
    }
  }
  if (problems.length > 0) throw new BadRequestError(problems);
}

/** A FLEXIBLE audience's definition, kept as sent (it never changes, spec §3). */
function definitionOf(params: Readonly<Record<string, unknown>>): Prisma.InputJsonValue {
  const { name: _name, description: _description, audience_type: _type, ...definition } = params;
  return definition as Prisma.InputJsonValue;
}

async function runOne(
  writer: AudienceWriter,
  accountId: string,
  operation: AudienceBatchOperation,
) {
  const { params } = operation;
  const id = params.custom_audience_id ?? "";
  switch (operation.operation_type) {
    case "Create": {
      const flexible = params.audience_type === "FLEXIBLE";
      if (flexible) await checkLeaves(writer, accountId, params);
      return createAudienceIn(writer, accountId, {
        name: params.name ?? "",
        description: params.description,
        audienceType: params.audience_type ?? "MOBILE_AUDIENCE",
        segments: flexible ? definitionOf(params) : undefined,
      });
    }
    case "Update":
      return updateAudienceIn(writer, accountId, id, {
        name: params.name,
        description: params.description,
      });
    case "Delete":
      return deleteAudienceIn(writer, accountId, id);
  }
}

/**
 * spec §4.8 / §7 custom-audience batch: a closed beta (the account needs
 * CUSTOM_AUDIENCES_BATCH_BETA, else 403 and nothing is read or written); operations run in
 * input order in one transaction, names unique also among the batch's own; any failing item
 * rolls everything back, each failure under `operation_errors` at its input index (every item
 * is still checked so that all failures are reported).
 */
export async function runCustomAudienceBatch(
  ctx: AppContext,
  account: Account,
  operations: readonly AudienceBatchOperation[],
): Promise<BatchResult<PresentedAudience>> {
  const feature = AUDIENCE_FEATURES.BATCH_BETA;
  if (!account.features.includes(feature)) {
    throw new ForbiddenError(
      ERROR_CODES.BETA_FEATURE_REQUIRED,
      `the custom-audience batch is a closed beta (spec §4.8): account ${account.id} does not have the ${feature} feature`,
    );
  }
  const { rows, now } = await withAudienceWriter(ctx, async (writer) => {
    const done = [];
    const errors: ErrorEntry[][] = operations.map(() => []);
    for (const [index, operation] of operations.entries()) {
      try {
        done.push(await runOne(writer, account.id, operation));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        errors[index] = [...error.errors];
      }
    }
    if (errors.some((entries) => entries.length > 0)) throw new BatchError(errors);
    return { rows: done, now: writer.now };
  });
  return {
    kind: "batch",
    data: await presentAudiences(ctx.prisma, account.id, rows, now),
    request: operations.map((operation) => ({
      params: { account_id: account.id, ...operation.params },
      operation_type: operation.operation_type,
    })),
    dataType: "custom_audience",
  };
}
