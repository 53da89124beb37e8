import { createHash } from "node:crypto";
import { AUDIENCE_FEATURES } from "@adsgraph/models";
import type { Tx } from "../db/database.js";
import { grantAccess } from "../credentials/grants.js";
import { createAccountRow } from "../services/accounts.js";
import { createFundingInstrumentRow } from "../services/funding-instruments.js";
import { DEMO } from "./demo-credentials.js";

const DAY_MS = 86_400_000;

/** Business ids of the demo (spec §2.2 `business_id`): dmo1ab and dmo2cd share the first. */
export const DEMO_BUSINESSES = { shared: "demobiz12", other: "demobiz3" } as const;

/**
 * Ids the issue-17 demo data uses, for tests and docs: per account `<id>ca1` (CRM, at least
 * 100 members: targetable) and `<id>ca2` (MOBILE_AUDIENCE); dmo1ab's CRM audience shared with
 * dmo2cd READ_ONLY; CUSTOM_AUDIENCE criteria on each demo account's first line item.
 */
export const DEMO_AUDIENCES = {
  crm: (accountId: string) => `${accountId}ca1`,
  mobile: (accountId: string) => `${accountId}ca2`,
  sharedPermission: "dmo1abcp1",
  criterion: (accountId: string) => `${accountId}tc1`,
} as const;

/** Made-up identifiers, normalised and hashed as a users batch sends them: never clear text. */
function sha256(text: string): string {
  return createHash("sha256").update(text.trim().toLowerCase()).digest("hex");
}

interface DemoAudience {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly type: "CRM" | "MOBILE_AUDIENCE";
  readonly members: number;
  readonly kind: "email" | "device_id";
}

function audiencesOf(accountId: string, n: number): DemoAudience[] {
  return [
    {
      id: DEMO_AUDIENCES.crm(accountId),
      name: "Newsletter subscribers",
      description: "Customers who signed up for the newsletter",
      type: "CRM",
      members: 100 + 25 * n,
      kind: "email",
    },
    {
      id: DEMO_AUDIENCES.mobile(accountId),
      name: "App installers",
      description: "Devices that installed the demo app",
      type: "MOBILE_AUDIENCE",
      // The first account's is large enough to target; the others read TOO_SMALL.
      members: n === 1 ? 110 : 20,
      kind: "device_id",
    },
  ];
}

async function seedAudiences(tx: Tx, accountId: string, n: number, now: Date): Promise<void> {
  const at = new Date(now.getTime() - 20 * DAY_MS);
  for (const audience of audiencesOf(accountId, n)) {
    await tx.customAudience.create({
      data: {
        id: audience.id,
        accountId,
        name: audience.name,
        description: audience.description,
        audienceType: audience.type,
        lastUploadAt: at,
        createdAt: at,
        updatedAt: at,
      },
    });
    const made = audience.kind === "email" ? "customer" : "device";
    await tx.audienceMember.createMany({
      data: Array.from({ length: audience.members }, (_unused, index) => ({
        audienceId: audience.id,
        kind: audience.kind,
        value: sha256(
          audience.kind === "email"
            ? `${made}-${n}-${index + 1}@example.com`
            : `${made}-${n}-${index + 1}`,
        ),
        addedAt: at,
      })),
    });
  }
}

async function addFeature(tx: Tx, accountId: string, feature: string): Promise<void> {
  const account = await tx.account.findUniqueOrThrow({ where: { id: accountId } });
  if (account.features.includes(feature)) return;
  await tx.account.update({
    where: { id: accountId },
    data: { features: [...account.features, feature] },
  });
}

/**
 * Issue 17's demo audiences, a seed step of its own (a `meta` mark, like the posts step) so a
 * database seeded before gets them too: dmo1ab and dmo2cd in one business, dmo1ab in the
 * custom-audience batch beta, dmo3ef (the demo user its ACCOUNT_ADMIN) in another business
 * without SHARE_AUDIENCE_OUTSIDE_BUSINESS; two audiences per account, dmo1ab's CRM audience
 * shared with dmo2cd READ_ONLY, and CUSTOM_AUDIENCE criteria on the first line items (dmo2cd's
 * naming the shared audience). Demo accounts removed by hand are skipped.
 */
export async function seedDemoAudiences(tx: Tx, now: Date): Promise<void> {
  const demoUser = await tx.user.findUnique({ where: { id: DEMO.user.id } });
  const other = DEMO.otherBusinessAccount;
  if (demoUser !== null && (await tx.account.findUnique({ where: { id: other.id } })) === null) {
    const at = new Date(now.getTime() - 25 * DAY_MS);
    await createAccountRow(tx, {
      id: other.id,
      name: other.name,
      industryType: "RESTAURANT",
      businessName: other.name.replace(" (sandbox)", ""),
      at,
    });
    await grantAccess(tx, other.id, demoUser.id, ["ACCOUNT_ADMIN"]);
    await createFundingInstrumentRow(
      tx,
      other.id,
      {
        id: `${other.id}f1`,
        type: "CREDIT_CARD",
        currency: "USD",
        start_time: at.toISOString().replace(/\.\d{3}Z$/, "Z"),
        description: "Visa ending in 1881",
      },
      at,
    );
  }
  const accounts = [...DEMO.accounts, other];
  for (const [index, spec] of accounts.entries()) {
    const account = await tx.account.findUnique({ where: { id: spec.id } });
    if (account === null) continue;
    const business = spec.id === other.id ? DEMO_BUSINESSES.other : DEMO_BUSINESSES.shared;
    await tx.account.update({ where: { id: spec.id }, data: { businessId: business } });
    await seedAudiences(tx, spec.id, index + 1, now);
  }
  const [first, second] = DEMO.accounts;
  if ((await tx.account.findUnique({ where: { id: first.id } })) === null) return;
  await addFeature(tx, first.id, AUDIENCE_FEATURES.BATCH_BETA);
  const at = new Date(now.getTime() - 10 * DAY_MS);
  const shared = DEMO_AUDIENCES.crm(first.id);
  if ((await tx.account.findUnique({ where: { id: second.id } })) !== null) {
    await tx.audiencePermission.create({
      data: {
        id: DEMO_AUDIENCES.sharedPermission,
        accountId: first.id,
        audienceId: shared,
        grantedAccountId: second.id,
        permissionLevel: "READ_ONLY",
        createdAt: at,
        updatedAt: at,
      },
    });
  }
  for (const spec of [first, second]) {
    const lineItem = await tx.lineItem.findUnique({ where: { id: `${spec.id}l1` } });
    if (lineItem === null) continue;
    await tx.targetingCriterion.create({
      data: {
        id: DEMO_AUDIENCES.criterion(spec.id),
        accountId: spec.id,
        lineItemId: lineItem.id,
        targetingType: "CUSTOM_AUDIENCE",
        targetingValue: shared,
        createdAt: at,
        updatedAt: at,
      },
    });
  }
}
