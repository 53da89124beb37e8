/** `extensions.code` of every error the facade reports (docs/graphql.md "Errors"). */
export const ERROR_CODES = {
  UNAUTHENTICATED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  RATE_LIMITED: "RATE_LIMITED",
  BAD_USER_INPUT: "BAD_USER_INPUT",
  UPSTREAM_ERROR: "UPSTREAM_ERROR",
  QUERY_LIMIT_EXCEEDED: "QUERY_LIMIT_EXCEEDED",
  SUBSCRIPTION_LIMIT_EXCEEDED: "SUBSCRIPTION_LIMIT_EXCEEDED",
  SUBSCRIBER_TOO_SLOW: "SUBSCRIBER_TOO_SLOW",
  /** `activityEvents(after:)` named an event older than the events still kept (issue 34). */
  RESUME_WINDOW_EXPIRED: "RESUME_WINDOW_EXPIRED",
  /** Shared mode's automatic persisted queries: the hash sent is not the query's SHA-256. */
  PERSISTED_QUERY_HASH_MISMATCH: "PERSISTED_QUERY_HASH_MISMATCH",
  INTERNAL_SERVER_ERROR: "INTERNAL_SERVER_ERROR",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
