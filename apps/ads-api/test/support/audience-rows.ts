import { createHash, randomBytes } from "node:crypto";
import type { PERMISSION_LEVELS } from "@adsgraph/models";
import type { AppContext } from "../../src/context.js";

// Custom audiences written straight into the database: the audience endpoints (create, share)
// are another issue-17 branch's; the users batches only need the rows.

let counter = 0;
const unique = (prefix: string) => `${prefix}${(counter += 1)}${randomBytes(2).toString("hex")}`;

/** A CRM custom audience owned by `accountId`. */
export async function addAudience(
  ctx: AppContext,
  accountId: string,
  options: { readonly deleted?: boolean } = {},
): Promise<string> {
  const row = await ctx.prisma.customAudience.create({
    data: {
      id: unique("ca"),
      accountId,
      name: unique("Audience "),
      audienceType: "CRM",
      deleted: options.deleted ?? false,
    },
  });
  return row.id;
}

/** The owner shares `audienceId` with `grantedAccountId` at `level`. */
export async function shareAudience(
  ctx: AppContext,
  audienceId: string,
  grantedAccountId: string,
  level: (typeof PERMISSION_LEVELS)[number],
): Promise<void> {
  const audience = await ctx.prisma.customAudience.findUniqueOrThrow({ where: { id: audienceId } });
  await ctx.prisma.audiencePermission.create({
    data: {
      id: unique("ap"),
      accountId: audience.accountId,
      audienceId,
      grantedAccountId,
      permissionLevel: level,
    },
  });
}

/** What a client uploads for a clear identifier: SHA-256 of its normalised form, lowercase hex. */
export function sha256(value: string): string {
  return createHash("sha256").update(value.trim().toLowerCase()).digest("hex");
}

/** `count` distinct digests, for batches of a given size. */
export function digests(count: number, seed = "user"): string[] {
  return Array.from({ length: count }, (_, index) => sha256(`${seed}${index}@example.com`));
}
