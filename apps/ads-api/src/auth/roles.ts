import { USER_ACCESS_PERMISSIONS } from "@adsgraph/models";
import type { Capability } from "@adsgraph/models";

/** A role a user holds on an account (spec §4.3). */
export type Permission = (typeof USER_ACCESS_PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (USER_ACCESS_PERMISSIONS as readonly string[]).includes(value);
}

/** Roles POST_COMPOSER must be held with (spec §4.3: "only available to" them). */
export const COMPOSER_BASES: readonly Permission[] = [
  "ACCOUNT_ADMIN",
  "AD_MANAGER",
  "CREATIVE_MANAGER",
];

/**
 * spec §4.3, role by role:
 * - ACCOUNT_ADMIN: full control, users and settings included (`account:manage`);
 * - AD_MANAGER: full control except users and settings;
 * - CREATIVE_MANAGER: creatives and previews only (cards, media, drafts, scheduled posts, previews);
 * - CAMPAIGN_ANALYST: views campaigns and stats (campaigns, funding, line-item records, history);
 * - ANALYST: organic analytics and audience insights only (the audience estimate);
 * - PARTNER_AUDIENCE_MANAGER: data-partner audiences (custom and tailored audiences, do-not-reach);
 * - POST_COMPOSER: creates promoted-only posts, and only together with one of COMPOSER_BASES.
 * Creating a post is the one capability that ACCOUNT_ADMIN and AD_MANAGER do not have alone: the
 * spec makes it a permission of its own, granted on top of theirs.
 * Every role reads the account itself and the caller's own access and settings.
 * Which capability each endpoint needs is a fact of its catalog entry (`endpoint.capability`).
 */
const ROLE_CAPABILITIES: Readonly<Record<Permission, readonly Capability[]>> = {
  ACCOUNT_ADMIN: [
    "account:read",
    "account:manage",
    "campaigns:read",
    "campaigns:write",
    "creatives:read",
    "creatives:write",
    "audiences:read",
    "audiences:write",
    "insights:read",
  ],
  AD_MANAGER: [
    "account:read",
    "campaigns:read",
    "campaigns:write",
    "creatives:read",
    "creatives:write",
    "audiences:read",
    "audiences:write",
    "insights:read",
  ],
  CREATIVE_MANAGER: ["account:read", "creatives:read", "creatives:write"],
  CAMPAIGN_ANALYST: ["account:read", "campaigns:read"],
  ANALYST: ["account:read", "insights:read"],
  PARTNER_AUDIENCE_MANAGER: ["account:read", "audiences:read", "audiences:write"],
  POST_COMPOSER: ["account:read", "posts:compose"],
};

/**
 * Why a set of roles cannot be granted, or undefined when it can: at least one role, and
 * POST_COMPOSER only with ACCOUNT_ADMIN, AD_MANAGER or CREATIVE_MANAGER.
 */
export function roleCombinationProblem(permissions: readonly Permission[]): string | undefined {
  if (permissions.length === 0) return "a grant needs at least one role";
  if (
    permissions.includes("POST_COMPOSER") &&
    !permissions.some((role) => COMPOSER_BASES.includes(role))
  ) {
    return `POST_COMPOSER is only available together with ${COMPOSER_BASES.join(", ")} (spec §4.3); grant one of those as well`;
  }
  return undefined;
}

/** What a user holding `permissions` may do on the account. */
export function capabilitiesOf(permissions: readonly Permission[]): ReadonlySet<Capability> {
  const composerBase = permissions.some((role) => COMPOSER_BASES.includes(role));
  const out = new Set<Capability>();
  for (const role of permissions) {
    for (const capability of ROLE_CAPABILITIES[role]) {
      // A POST_COMPOSER stored without its base role (granted before the rule) composes nothing.
      if (capability === "posts:compose" && !composerBase) continue;
      out.add(capability);
    }
  }
  return out;
}

export function allows(permissions: readonly Permission[], capability: Capability): boolean {
  return capabilitiesOf(permissions).has(capability);
}
