import type { Permission } from "../credentials/grants.js";

/**
 * What an operation needs. Roles (spec §4.3) map to capabilities; README "Roles" has the
 * table, and test/roles.test.ts walks it against the server.
 */
export type Capability =
  | "account:read"
  | "account:manage"
  | "campaigns:read"
  | "campaigns:write"
  | "creatives:read"
  | "creatives:write"
  | "posts:compose"
  | "audiences:read"
  | "audiences:write"
  | "insights:read";

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

/**
 * The capability of every account-scoped endpoint of the catalog, built or not, so that an
 * endpoint answers by the roles from its first handler on (test/roles.test.ts checks that
 * none is missing).
 */
export const ENDPOINT_CAPABILITIES: Readonly<Record<string, Capability>> = {
  // §4.3 accounts
  "accounts.get": "account:read",
  "accounts.update": "account:manage",
  "accounts.delete": "account:manage",
  "account_apps.list": "campaigns:read",
  "account_history.list": "campaigns:read",
  "authenticated_user_access.get": "account:read",
  "tax_settings.update": "account:manage",
  // reading one's own settings and updating them (user_settings handlers check whose)
  "user_settings.get": "account:read",
  "user_settings.update": "account:read",
  // §4.5 campaigns and funding
  "campaigns.list": "campaigns:read",
  "campaigns.get": "campaigns:read",
  "campaigns.create": "campaigns:write",
  "campaigns.update": "campaigns:write",
  "campaigns.delete": "campaigns:write",
  "campaigns.batch": "campaigns:write",
  "funding_instruments.list": "campaigns:read",
  "funding_instruments.get": "campaigns:read",
  "funding_instruments.create": "campaigns:write",
  "funding_instruments.delete": "campaigns:write",
  // line items (beyond the spec, issue 15): part of running campaigns, as their attachments
  "line_items.list": "campaigns:read",
  "line_items.get": "campaigns:read",
  "line_items.create": "campaigns:write",
  "line_items.update": "campaigns:write",
  "line_items.delete": "campaigns:write",
  // a line item's targeting criteria (beyond the spec, issue 17): part of the line item
  "targeting_criteria.list": "campaigns:read",
  "targeting_criteria.get": "campaigns:read",
  "targeting_criteria.create": "campaigns:write",
  "targeting_criteria.delete": "campaigns:write",
  // §4.6 line item attachments: part of running campaigns
  "line_item_curated_categories.list": "campaigns:read",
  "line_item_curated_categories.get": "campaigns:read",
  "line_item_curated_categories.create": "campaigns:write",
  "line_item_curated_categories.update": "campaigns:write",
  "line_item_curated_categories.delete": "campaigns:write",
  "media_creatives.list": "campaigns:read",
  "media_creatives.get": "campaigns:read",
  "media_creatives.create": "campaigns:write",
  "media_creatives.delete": "campaigns:write",
  "promoted_accounts.list": "campaigns:read",
  "promoted_accounts.get": "campaigns:read",
  "promoted_accounts.create": "campaigns:write",
  "promoted_accounts.delete": "campaigns:write",
  "promoted_posts.list": "campaigns:read",
  "tracking_tags.list": "campaigns:read",
  "tracking_tags.get": "campaigns:read",
  "tracking_tags.create": "campaigns:write",
  "tracking_tags.update": "campaigns:write",
  "tracking_tags.delete": "campaigns:write",
  "audience_estimate.estimate": "insights:read",
  // §4.7 creatives: cards, media, drafts, scheduled posts, previews
  "cards.list": "creatives:read",
  "cards.get": "creatives:read",
  "cards.create": "creatives:write",
  "cards.update": "creatives:write",
  "cards.delete": "creatives:write",
  "cards.all.list": "creatives:read",
  "cards.all.get": "creatives:read",
  "cards.video_conversation.list": "creatives:read",
  "cards.video_conversation.get": "creatives:read",
  "cards.video_conversation.create": "creatives:write",
  "cards.image_conversation.list": "creatives:read",
  "cards.poll.list": "creatives:read",
  "cards.poll.get": "creatives:read",
  "cards.poll.create": "creatives:write",
  "account_media.list": "creatives:read",
  "account_media.get": "creatives:read",
  "account_media.delete": "creatives:write",
  "media_library.delete": "creatives:write",
  "draft_posts.update": "creatives:write",
  "draft_posts.delete": "creatives:write",
  "draft_posts.preview": "creatives:read",
  "scheduled_posts.update": "creatives:write",
  "scheduled_posts.delete": "creatives:write",
  "post_previews.list": "creatives:read",
  "posts.list": "creatives:read",
  "posts.name.update": "creatives:write",
  "posts.create": "posts:compose",
  // §4.8 audiences
  "tailored_audiences.permissions.list": "audiences:read",
  "tailored_audiences.permissions.create": "audiences:write",
  "tailored_audiences.permissions.delete": "audiences:write",
  "custom_audiences.targeted.list": "audiences:read",
  "custom_audiences.list": "audiences:read",
  "custom_audiences.get": "audiences:read",
  "custom_audiences.create": "audiences:write",
  "custom_audiences.update": "audiences:write",
  "custom_audiences.delete": "audiences:write",
  "custom_audiences.batch": "audiences:write",
  "custom_audiences.users.batch": "audiences:write",
  "custom_audiences.permissions.list": "audiences:read",
  "custom_audiences.permissions.get": "audiences:read",
  "custom_audiences.permissions.create": "audiences:write",
  "custom_audiences.permissions.delete": "audiences:write",
  "do_not_reach_lists.list": "audiences:read",
  "do_not_reach_lists.create": "audiences:write",
  "do_not_reach_lists.delete": "audiences:write",
  "do_not_reach_lists.users.batch": "audiences:write",
};

/** The capability an endpoint needs; undefined (refused) for an id missing from the table. */
export function capabilityOf(endpointId: string): Capability | undefined {
  return Object.hasOwn(ENDPOINT_CAPABILITIES, endpointId)
    ? ENDPOINT_CAPABILITIES[endpointId]
    : undefined;
}
