import { createHash } from "node:crypto";
import type { AppContext } from "../../src/context.js";
import { newAdsId } from "../../src/db/ids.js";

/** SHA-256 hex of a normalised made-up e-mail: what a users batch stores (never clear text). */
export function emailHash(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

export interface AudienceRow {
  readonly name?: string;
  readonly audienceType?: "CRM" | "MOBILE_AUDIENCE" | "FLEXIBLE";
  /** Live e-mail members (or device ids with `kind`). */
  readonly members?: number;
  readonly kind?: string;
  readonly lastUploadAt?: Date | null;
  readonly deleted?: boolean;
  readonly createdAt?: Date;
}

/**
 * An audience stored directly with its members (fast: the users batch is another engineer's,
 * and the HTTP create has tests of its own). Returns its id.
 */
export async function addAudience(
  ctx: AppContext,
  accountId: string,
  row: AudienceRow = {},
): Promise<string> {
  const id = newAdsId();
  const at = row.createdAt ?? new Date();
  await ctx.prisma.customAudience.create({
    data: {
      id,
      accountId,
      name: row.name ?? `Audience ${id}`,
      audienceType: row.audienceType ?? "CRM",
      lastUploadAt: row.lastUploadAt ?? null,
      deleted: row.deleted ?? false,
      createdAt: at,
      updatedAt: at,
    },
  });
  await addMembers(ctx, id, row.members ?? 0, row.kind);
  return id;
}

export async function addMembers(
  ctx: AppContext,
  audienceId: string,
  count: number,
  kind = "email",
  extra: { effectiveAt?: Date; expiresAt?: Date } = {},
): Promise<void> {
  if (count === 0) return;
  const start = await ctx.prisma.audienceMember.count({ where: { audienceId } });
  await ctx.prisma.audienceMember.createMany({
    data: Array.from({ length: count }, (_unused, index) => ({
      audienceId,
      kind,
      value: emailHash(`member-${audienceId}-${start + index}@example.com`),
      addedAt: new Date(),
      ...extra,
    })),
  });
}

/** Business id and features of an account (the sharing rules and the batch beta read them). */
export async function setAccount(
  ctx: AppContext,
  accountId: string,
  business: string | null,
  features: readonly string[] = [],
): Promise<void> {
  await ctx.prisma.account.update({
    where: { id: accountId },
    data: { businessId: business, features: [...features] },
  });
}
