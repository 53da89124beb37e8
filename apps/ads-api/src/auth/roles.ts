import type { Permission } from "../credentials/grants.js";

/**
 * What an operation needs. Roles (spec §4.3) map to capabilities:
 * - every role reads the account itself (`account:read`);
 * - ACCOUNT_ADMIN alone manages the account's settings (`account:manage`);
 * - ACCOUNT_ADMIN and AD_MANAGER run campaigns and funding (`campaigns:write`);
 * - those two and CAMPAIGN_ANALYST view them (`campaigns:read`);
 * - ACCOUNT_ADMIN, AD_MANAGER and CREATIVE_MANAGER make creatives (`creatives:write`);
 * - those three and CAMPAIGN_ANALYST view creatives (`creatives:read`).
 * ANALYST, PARTNER_AUDIENCE_MANAGER and POST_COMPOSER concern analytics, audiences and posts,
 * none of which this service implements yet, so they only read the account.
 */
export type Capability =
  | "account:read"
  | "account:manage"
  | "campaigns:read"
  | "campaigns:write"
  | "creatives:read"
  | "creatives:write";

const ROLE_CAPABILITIES: Readonly<Record<Permission, readonly Capability[]>> = {
  ACCOUNT_ADMIN: [
    "account:read",
    "account:manage",
    "campaigns:read",
    "campaigns:write",
    "creatives:read",
    "creatives:write",
  ],
  AD_MANAGER: [
    "account:read",
    "campaigns:read",
    "campaigns:write",
    "creatives:read",
    "creatives:write",
  ],
  CREATIVE_MANAGER: ["account:read", "creatives:read", "creatives:write"],
  CAMPAIGN_ANALYST: ["account:read", "campaigns:read", "creatives:read"],
  ANALYST: ["account:read"],
  PARTNER_AUDIENCE_MANAGER: ["account:read"],
  POST_COMPOSER: ["account:read"],
};

export function allows(permissions: readonly Permission[], capability: Capability): boolean {
  return permissions.some((permission) => ROLE_CAPABILITIES[permission].includes(capability));
}

/** Capability per account-scoped endpoint of the catalog (ids the service implements). */
export const ENDPOINT_CAPABILITIES: Readonly<Record<string, Capability>> = {
  "accounts.get": "account:read",
  "accounts.update": "account:manage",
  "accounts.delete": "account:manage",
  "account_apps.list": "campaigns:read",
  "account_history.list": "campaigns:read",
  "authenticated_user_access.get": "account:read",
  "tax_settings.update": "account:manage",
  "user_settings.get": "account:read",
  "user_settings.update": "account:read",
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
};
