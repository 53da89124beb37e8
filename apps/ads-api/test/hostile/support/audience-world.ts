import { AUDIENCE_FEATURES } from "@adsgraph/models";
import type { AppContext } from "../../../src/context.js";
import { newAdsId } from "../../../src/db/ids.js";
import { createAccountFor } from "../../support/actors.js";
import type { Actor } from "../../support/actors.js";
import { addAudience, setAccount } from "../../support/audiences.js";

/** What the issue-17 audience calls aim at (spec §4.8; targeting criteria beyond it). */
export interface AudienceWorld {
  /** An account of the world account's business, administered by the admin: grants go to it. */
  readonly siblingId: string;
  /** A CRM audience of the world account with 150 members, shared with the sibling. */
  readonly crmId: string;
  /** A MOBILE_AUDIENCE of the world account: a flexible audience's leaf. */
  readonly mobileId: string;
  /** The crm audience's grant to the sibling. */
  readonly permissionId: string;
  /** A CUSTOM_AUDIENCE criterion on the world's line item naming crmId. */
  readonly criterionId: string;
  /** Targets of the delete baselines. */
  readonly spare: {
    readonly audienceId: string;
    readonly criterionId: string;
    /** Grants of two more audiences to the sibling: one per delete path (v5 and v12). */
    readonly tailoredGrant: { readonly audienceId: string; readonly permissionId: string };
    readonly customGrant: { readonly audienceId: string; readonly permissionId: string };
  };
}

/**
 * The world account joins a business with a sibling account and the custom-audience batch
 * beta, so every audience baseline is served as it stands.
 */
export async function createAudienceWorld(
  ctx: AppContext,
  admin: Actor,
  accountId: string,
  lineItemId: string,
): Promise<AudienceWorld> {
  const account = await ctx.prisma.account.findUniqueOrThrow({ where: { id: accountId } });
  await setAccount(ctx, accountId, "hostilebiz", [
    ...account.features,
    AUDIENCE_FEATURES.BATCH_BETA,
  ]);
  const { accountId: siblingId } = await createAccountFor(ctx, admin.userId);
  await setAccount(ctx, siblingId, "hostilebiz");
  const now = new Date();
  const grant = async (audienceId: string) =>
    (
      await ctx.prisma.audiencePermission.create({
        data: {
          id: newAdsId(),
          accountId,
          audienceId,
          grantedAccountId: siblingId,
          permissionLevel: "READ_ONLY",
          createdAt: now,
          updatedAt: now,
        },
      })
    ).id;
  const criterion = async (audienceId: string) =>
    (
      await ctx.prisma.targetingCriterion.create({
        data: {
          id: newAdsId(),
          accountId,
          lineItemId,
          targetingType: "CUSTOM_AUDIENCE",
          targetingValue: audienceId,
          createdAt: now,
          updatedAt: now,
        },
      })
    ).id;
  const crmId = await addAudience(ctx, accountId, { name: "Hostile CRM", members: 150 });
  const shared = async (name: string) => {
    const audienceId = await addAudience(ctx, accountId, { name });
    return { audienceId, permissionId: await grant(audienceId) };
  };
  return {
    siblingId,
    crmId,
    mobileId: await addAudience(ctx, accountId, {
      name: "Hostile mobile",
      audienceType: "MOBILE_AUDIENCE",
    }),
    permissionId: await grant(crmId),
    criterionId: await criterion(crmId),
    spare: {
      audienceId: await addAudience(ctx, accountId, { name: "Spare audience" }),
      criterionId: await criterion(crmId),
      tailoredGrant: await shared("Spare tailored grant"),
      customGrant: await shared("Spare custom grant"),
    },
  };
}
