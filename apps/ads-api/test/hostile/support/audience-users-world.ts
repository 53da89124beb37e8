import { formatTimestamp } from "@adsgraph/models";
import type { AppContext } from "../../../src/context.js";
import { createDoNotReachList } from "../../../src/services/do-not-reach-lists.js";
import { addAudience, sha256 } from "../../support/audience-rows.js";

/**
 * What the issue-17 users batches and do-not-reach calls aim at (spec §4.8), beside the
 * advertising world: an audience of the account (written directly: the audience endpoints are
 * another branch's) and the account's live do-not-reach list.
 */
export interface AudienceUsersWorld {
  readonly audienceId: string;
  readonly doNotReachListId: string;
  /** A digest to upload (SHA-256 of a normalised e-mail). */
  readonly emailHash: string;
  /** An expires_at a month ahead: under the 13 months a do-not-reach entry may run. */
  readonly expiresAt: string;
}

export async function createAudienceUsersWorld(
  ctx: AppContext,
  accountId: string,
): Promise<AudienceUsersWorld> {
  const list = await createDoNotReachList(ctx, accountId, "Hostile list");
  return {
    audienceId: await addAudience(ctx, accountId),
    doNotReachListId: list.id,
    emailHash: sha256("hostile@example.com"),
    expiresAt: formatTimestamp(new Date(ctx.clock().getTime() + 30 * 24 * 3_600_000)),
  };
}
