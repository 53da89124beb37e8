import { ERROR_CODES, type ErrorCode } from "./error-codes.js";
import type { FieldViolation } from "./field-violations.js";

/** What the upstream service answered, when a failure came from it. */
export interface UpstreamDetails {
  /** HTTP status, or null when no answer arrived (network failure, timeout). */
  readonly status: number | null;
  /** The service's own error codes (`89`, `NOT_FOUND`, `TOO_MANY_ACTIVE_CAMPAIGNS`, ...). */
  readonly codes: readonly string[];
}

/** Base of the failures the facade reports; each has its GraphQL `extensions.code`. */
export abstract class FacadeError extends Error {
  abstract readonly code: ErrorCode;
  readonly upstream: UpstreamDetails | undefined;

  constructor(message: string, upstream?: UpstreamDetails) {
    super(message);
    this.upstream = upstream;
  }
}

/** Input broke the spec's rules (checked before sending, or refused upstream with a 400). */
export class ValidationError extends FacadeError {
  override readonly name = "ValidationError";
  readonly code = ERROR_CODES.BAD_USER_INPUT;
  readonly violations: readonly FieldViolation[];

  constructor(violations: readonly FieldViolation[], upstream?: UpstreamDetails) {
    const list = violations.map((v) => `${v.field === "" ? "(input)" : v.field}: ${v.message}`);
    super(`Invalid input: ${list.join("; ")}`, upstream);
    this.violations = violations;
  }
}

/**
 * spec §4.6, §7: the line item cannot hold this attachment (a promoted account on a line item
 * whose product type does not allow them): upstream's 400 INCOMPATIBLE_LINE_ITEM. Input the
 * caller must change, so BAD_USER_INPUT, with `field` naming the line item input.
 */
export class IncompatibleLineItemError extends FacadeError {
  override readonly name = "IncompatibleLineItemError";
  readonly code = ERROR_CODES.BAD_USER_INPUT;
  /** The GraphQL input field naming the line item, e.g. `lineItemId`. */
  readonly field: string;

  constructor(message: string, field: string, upstream?: UpstreamDetails) {
    super(message, upstream);
    this.field = field;
  }
}

/**
 * spec §4.7, §4.9, §8: the ads service refused a post's media (`media_keys`, `media.media_ids`):
 * a key not in the media library, media the author may not use (not its uploader nor in its
 * additional_owners), or a mix past "4 images, or 1 animated GIF, or 1 video". Input the caller
 * must change: BAD_USER_INPUT, with `field` naming the media input and each refusal.
 */
export class MediaRuleError extends FacadeError {
  override readonly name = "MediaRuleError";
  readonly code = ERROR_CODES.BAD_USER_INPUT;
  /** The GraphQL input field of the media, e.g. `mediaKeys` or `mediaIds`. */
  readonly field: string;
  readonly violations: readonly FieldViolation[];

  constructor(
    message: string,
    field: string,
    violations: readonly FieldViolation[],
    upstream?: UpstreamDetails,
  ) {
    super(message, upstream);
    this.field = field;
    this.violations = violations;
  }
}

/** spec §4.9, §8: an edit more than an hour after the post was created (upstream 403). */
export class EditWindowPassedError extends FacadeError {
  override readonly name = "EditWindowPassedError";
  readonly code = ERROR_CODES.FORBIDDEN;
}

/**
 * spec §4.9: a reply to a post whose author did not summon the replier (mention or quote);
 * upstream 403 REPLY_NOT_ALLOWED.
 */
export class ReplyNotAllowedError extends FacadeError {
  override readonly name = "ReplyNotAllowedError";
  readonly code = ERROR_CODES.FORBIDDEN;
}

/**
 * spec §4.8, §7: a custom audience name the account already uses (upstream 409
 * DUPLICATE_NAME). `field` names the input holding the name (`name`, `operations[1].name`).
 */
export class DuplicateNameError extends FacadeError {
  override readonly name = "DuplicateNameError";
  readonly code = ERROR_CODES.BAD_USER_INPUT;
  readonly field: string;

  constructor(message: string, field: string, upstream?: UpstreamDetails) {
    super(message, upstream);
    this.field = field;
  }
}

/** spec §4.8: only the owning account grants or revokes an audience (upstream 403 NOT_AUDIENCE_OWNER). */
export class NotAudienceOwnerError extends FacadeError {
  override readonly name = "NotAudienceOwnerError";
  readonly code = ERROR_CODES.FORBIDDEN;
}

/**
 * spec §4.8: sharing with an account of another business needs the owner's
 * SHARE_AUDIENCE_OUTSIDE_BUSINESS feature (upstream 403 SHARING_NOT_ALLOWED).
 */
export class SharingNotAllowedError extends FacadeError {
  override readonly name = "SharingNotAllowedError";
  readonly code = ERROR_CODES.FORBIDDEN;
}

/** spec §4.8: the custom-audience batch is a closed beta of the account (upstream 403 BETA_FEATURE_REQUIRED). */
export class BetaFeatureRequiredError extends FacadeError {
  override readonly name = "BetaFeatureRequiredError";
  readonly code = ERROR_CODES.FORBIDDEN;
}

/** spec §8: one do-not-reach list per account (upstream 409 DO_NOT_REACH_LIST_EXISTS). */
export class DoNotReachListExistsError extends FacadeError {
  override readonly name = "DoNotReachListExistsError";
  readonly code = ERROR_CODES.BAD_USER_INPUT;
}

export class NotFoundError extends FacadeError {
  override readonly name = "NotFoundError";
  readonly code = ERROR_CODES.NOT_FOUND;
}

export class ForbiddenError extends FacadeError {
  override readonly name = "ForbiddenError";
  readonly code = ERROR_CODES.FORBIDDEN;
}

export class RateLimitedError extends FacadeError {
  override readonly name = "RateLimitedError";
  readonly code = ERROR_CODES.RATE_LIMITED;
  /** When the upstream budget returns, when known. */
  readonly resetAt: Date | null;
  /** The rate-limit family whose window is spent (issue 35), when known. */
  readonly family: string | null;

  constructor(
    message: string,
    resetAt: Date | null,
    upstream?: UpstreamDetails,
    family: string | null = null,
  ) {
    super(message, upstream);
    this.resetAt = resetAt;
    this.family = family;
  }
}

export class UpstreamError extends FacadeError {
  override readonly name = "UpstreamError";
  readonly code = ERROR_CODES.UPSTREAM_ERROR;
  readonly status: number | null;
  readonly codes: readonly string[];
  /**
   * A write reached the service but its answer was lost or unreadable: it may have been
   * applied. Never retried by the facade; the caller must check before sending it again.
   */
  readonly possiblyApplied: boolean;

  constructor(message: string, upstream: UpstreamDetails, possiblyApplied = false) {
    super(message, upstream);
    this.status = upstream.status;
    this.codes = upstream.codes;
    this.possiblyApplied = possiblyApplied;
  }
}

export class UnauthenticatedError extends FacadeError {
  override readonly name = "UnauthenticatedError";
  readonly code = ERROR_CODES.UNAUTHENTICATED;
}

/**
 * A subscription past a cap (ACTIVITY_SUBSCRIPTIONS_PER_USER, ACTIVITY_SUBSCRIPTIONS_MAX): one
 * client cannot hold the memory every subscription takes.
 */
export class SubscriptionLimitError extends FacadeError {
  override readonly name = "SubscriptionLimitError";
  readonly code = ERROR_CODES.SUBSCRIPTION_LIMIT_EXCEEDED;

  static perUser(max: number): SubscriptionLimitError {
    return new SubscriptionLimitError(
      `A user may hold at most ${max} subscriptions at once: end one (complete it) first.`,
    );
  }

  static total(): SubscriptionLimitError {
    return new SubscriptionLimitError(
      "The server holds as many subscriptions as it allows: retry later.",
    );
  }
}

/**
 * A subscriber read its events more slowly than they came: past ACTIVITY_SUBSCRIBER_QUEUE
 * waiting events its subscription ends, rather than the server buffering without limit.
 */
export class SlowSubscriberError extends FacadeError {
  override readonly name = "SlowSubscriberError";
  readonly code = ERROR_CODES.SUBSCRIBER_TOO_SLOW;

  constructor(queueSize: number) {
    super(
      `The subscription ended: more than ${queueSize} events waited for this client to read ` +
        "them. Read faster (or ask for fewer `types`) and subscribe again.",
    );
  }
}

/**
 * `activityEvents(after:)` named an event further back than the events the facade keeps
 * (ACTIVITY_RETAINED_EVENTS), or from before a spell when nobody watched: some events after
 * it may be gone, so the client refreshes what it shows and subscribes without `after`.
 */
export class ResumeWindowExpiredError extends FacadeError {
  override readonly name = "ResumeWindowExpiredError";
  readonly code = ERROR_CODES.RESUME_WINDOW_EXPIRED;
  /** The wire id of the oldest event still kept; undefined when none is. */
  readonly oldestRetainedId: string | undefined;

  constructor(oldestRetainedId: string | undefined) {
    super(
      "Events after `after` are no longer all kept: reload what the screen shows, then " +
        "subscribe again without `after` (or with an event id at least as recent as " +
        "`oldestRetainedId`).",
    );
    this.oldestRetainedId = oldestRetainedId;
  }
}
