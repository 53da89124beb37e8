import { VIOLATION_CODES } from "./violations.js";

/**
 * The error codes of `{errors:[{code, message, parameter}]}` bodies (spec §7), once for the
 * server that answers them, the clients that read them and the facade that maps them. Numbers
 * are the platform's well-known credential codes (spec §7 names 89 and 99; the others are the
 * ones the platform answers for the same conditions); words are the advertising API's own
 * (spec §7 names INCOMPATIBLE_LINE_ITEM) plus the parameter violation codes.
 */
export const WIRE_ERROR_CODES = {
  /** Could not authenticate you: bad signature, unknown consumer, replayed nonce. */
  COULD_NOT_AUTHENTICATE: 32,
  /** Rate limit exceeded (429). */
  RATE_LIMIT_EXCEEDED: 88,
  /** spec §4.1, §7: an invalidated (or unknown) access token, answered with 401. */
  INVALID_OR_EXPIRED_TOKEN: 89,
  /** spec §4.1, §7: bearer token asked for too often, answered with 403. */
  BEARER_TOO_OFTEN: 99,
  /** oauth_timestamp outside the accepted window. */
  TIMESTAMP_OUT_OF_BOUNDS: 135,
  /** Missing or malformed Authorization (no OAuth header, bad header syntax, bad version). */
  BAD_AUTHENTICATION_DATA: 215,
  /** An app-only bearer token on an endpoint that needs user context. */
  USER_CONTEXT_REQUIRED: 220,
  /** A read-only access token tried to write. */
  READ_ONLY_APPLICATION: 261,
  /** spec §4.1: a callback URL not configured in the app settings. */
  CALLBACK_NOT_APPROVED: 415,
  NOT_FOUND: "NOT_FOUND",
  UNAUTHORIZED_ACCESS: "UNAUTHORIZED_ACCESS",
  SANDBOX_ONLY: "SANDBOX_ONLY",
  NOT_IMPLEMENTED: "NOT_IMPLEMENTED",
  /** spec §7: promoted account create on an incompatible line item. */
  INCOMPATIBLE_LINE_ITEM: "INCOMPATIBLE_LINE_ITEM",
  TOO_MANY_ACTIVE_CAMPAIGNS: "TOO_MANY_ACTIVE_CAMPAIGNS",
  /** spec §4.9: a reply to a post whose author did not mention or quote the replier. */
  REPLY_NOT_ALLOWED: "REPLY_NOT_ALLOWED",
  /** spec §4.9, §8: an edit more than an hour after the post was created. */
  EDIT_WINDOW_PASSED: "EDIT_WINDOW_PASSED",
  /** spec §4.9: editing needs a premium subscription. */
  PREMIUM_REQUIRED: "PREMIUM_REQUIRED",
  /** spec §4.9: only the author edits a post. */
  NOT_POST_AUTHOR: "NOT_POST_AUTHOR",
  /** spec §4.8, §7: a custom audience name the account already uses ("error (code not given)"). */
  DUPLICATE_NAME: "DUPLICATE_NAME",
  /** spec §8: the account already has its one do-not-reach list. */
  DO_NOT_REACH_LIST_EXISTS: "DO_NOT_REACH_LIST_EXISTS",
  /** spec §4.8: only the owning account (`is_owner`) grants or revokes an audience. */
  NOT_AUDIENCE_OWNER: "NOT_AUDIENCE_OWNER",
  /** spec §4.8: sharing outside the owner's business needs SHARE_AUDIENCE_OUTSIDE_BUSINESS. */
  SHARING_NOT_ALLOWED: "SHARING_NOT_ALLOWED",
  /** spec §4.8: the custom-audience batch is a closed beta of the account. */
  BETA_FEATURE_REQUIRED: "BETA_FEATURE_REQUIRED",
  /** spec §3: a flexible audience is immutable once created. */
  AUDIENCE_IMMUTABLE: "AUDIENCE_IMMUTABLE",
  /** spec §4.8: an audience the account may not target (not its own, not shared, or revoked). */
  AUDIENCE_NOT_TARGETABLE: "AUDIENCE_NOT_TARGETABLE",
  INVALID_BODY: "INVALID_BODY",
  BATCH_FAILED: "BATCH_FAILED",
  INTERNAL_ERROR: "INTERNAL_ERROR",
  /**
   * issue 19: a replica cannot reach what it shares with the others (Redis: nonces, rate-limit
   * counters), so it refuses rather than serve unprotected; retry later (`retry-after`).
   */
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  ...VIOLATION_CODES,
} as const;

export type WireErrorName = keyof typeof WIRE_ERROR_CODES;
export type WireErrorCode = (typeof WIRE_ERROR_CODES)[WireErrorName];

const C = WIRE_ERROR_CODES;

/** The HTTP status each code is answered with. */
export const WIRE_ERROR_STATUS: Readonly<Record<WireErrorCode, number>> = {
  [C.COULD_NOT_AUTHENTICATE]: 401,
  [C.RATE_LIMIT_EXCEEDED]: 429,
  [C.INVALID_OR_EXPIRED_TOKEN]: 401,
  [C.BEARER_TOO_OFTEN]: 403,
  [C.TIMESTAMP_OUT_OF_BOUNDS]: 401,
  [C.BAD_AUTHENTICATION_DATA]: 401,
  [C.USER_CONTEXT_REQUIRED]: 403,
  [C.READ_ONLY_APPLICATION]: 403,
  [C.CALLBACK_NOT_APPROVED]: 403,
  [C.NOT_FOUND]: 404,
  [C.UNAUTHORIZED_ACCESS]: 403,
  [C.SANDBOX_ONLY]: 403,
  [C.NOT_IMPLEMENTED]: 501,
  [C.INCOMPATIBLE_LINE_ITEM]: 400,
  [C.TOO_MANY_ACTIVE_CAMPAIGNS]: 400,
  [C.REPLY_NOT_ALLOWED]: 403,
  [C.EDIT_WINDOW_PASSED]: 403,
  [C.PREMIUM_REQUIRED]: 403,
  [C.NOT_POST_AUTHOR]: 403,
  [C.DUPLICATE_NAME]: 409,
  [C.DO_NOT_REACH_LIST_EXISTS]: 409,
  [C.NOT_AUDIENCE_OWNER]: 403,
  [C.SHARING_NOT_ALLOWED]: 403,
  [C.BETA_FEATURE_REQUIRED]: 403,
  [C.AUDIENCE_IMMUTABLE]: 400,
  [C.AUDIENCE_NOT_TARGETABLE]: 400,
  // 400, or 413/415 when Fastify refused the body's size or type.
  [C.INVALID_BODY]: 400,
  [C.BATCH_FAILED]: 400,
  [C.INTERNAL_ERROR]: 500,
  [C.SERVICE_UNAVAILABLE]: 503,
  [C.MISSING_PARAMETER]: 400,
  [C.UNKNOWN_PARAMETER]: 400,
  [C.INVALID_PARAMETER]: 400,
  [C.TOO_LONG]: 400,
  [C.OUT_OF_RANGE]: 400,
  [C.TOO_MANY_IDS]: 400,
  [C.TOO_MANY_ITEMS]: 400,
  [C.TOO_FEW_ITEMS]: 400,
  [C.TOO_LARGE]: 400,
  [C.CONFLICTING_PARAMETERS]: 400,
  [C.READ_ONLY_PARAMETER]: 400,
};

/**
 * The fixed messages of the credential codes, as the platform words them (the spec shows
 * `message:<text>` only); the other codes' messages name the parameter and the rule.
 */
export const WIRE_ERROR_MESSAGES = {
  [C.COULD_NOT_AUTHENTICATE]: "Could not authenticate you.",
  [C.RATE_LIMIT_EXCEEDED]: "Rate limit exceeded.",
  [C.INVALID_OR_EXPIRED_TOKEN]: "Invalid or expired token.",
  [C.TIMESTAMP_OUT_OF_BOUNDS]: "Timestamp out of bounds.",
  [C.BAD_AUTHENTICATION_DATA]: "Bad Authentication data.",
  [C.CALLBACK_NOT_APPROVED]:
    "Callback URL not approved for this client application. Approved callback URLs are set in the app settings.",
} as const satisfies Partial<Record<WireErrorCode, string>>;
