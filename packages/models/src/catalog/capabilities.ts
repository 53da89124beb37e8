/**
 * What an account-scoped endpoint needs of the caller's roles on the account (spec §4.3). Each
 * entry of the catalog names its own (`Endpoint.capability`); which roles grant which
 * capability is ads-api's role table (`apps/ads-api/src/auth/roles.ts`).
 */
export const CAPABILITIES = [
  "account:read",
  "account:manage",
  "campaigns:read",
  "campaigns:write",
  "creatives:read",
  "creatives:write",
  "posts:compose",
  "audiences:read",
  "audiences:write",
  "insights:read",
] as const;

export type Capability = (typeof CAPABILITIES)[number];
