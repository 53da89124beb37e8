import {
  LIMITS,
  ValidationError as ModelsValidationError,
  WIRE_ERROR_CODES,
} from "@adsgraph/models";
import type { Violation } from "@adsgraph/models";
import {
  RestApiError,
  RestAuthError,
  RestClientError,
  RestNetworkError,
  RestProtocolError,
  RestRateLimitError,
  RestValidationError,
} from "@adsgraph/rest-client";
import { GraphQLError } from "graphql";
import { withoutEchoedValues } from "./echoed-values.js";
import { isPersistedQueryHashMismatch } from "./shared/persisted-queries.js";
import { signsAsApp } from "./upstream/signs-as-app.js";
import type { GraphQLFormattedError } from "graphql";
import type { ApiErrorItem } from "@adsgraph/rest-client";

/** `extensions.code` of every error the facade reports (README "Errors"). */
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
  /** Shared mode's automatic persisted queries: the hash sent is not the query's SHA-256. */
  PERSISTED_QUERY_HASH_MISMATCH: "PERSISTED_QUERY_HASH_MISMATCH",
  INTERNAL_SERVER_ERROR: "INTERNAL_SERVER_ERROR",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

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

/** One broken input rule: `field` is the GraphQL input path, `parameter` the REST wire name. */
export interface FieldViolation {
  readonly code: string;
  readonly field: string;
  readonly parameter: string;
  readonly message: string;
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

  constructor(message: string, resetAt: Date | null, upstream?: UpstreamDetails) {
    super(message, upstream);
    this.resetAt = resetAt;
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

/** Maps a REST wire parameter path (`operations[2].params.name`) to a GraphQL input path. */
export type FieldNamer = (parameter: string) => string;

const sameName: FieldNamer = (parameter) => parameter;

/** The models' violations as field violations. */
export function fieldViolations(
  violations: readonly Violation[],
  fieldOf: FieldNamer = sameName,
): FieldViolation[] {
  return violations.map((v) => ({
    code: v.code,
    field: fieldOf(v.parameter),
    parameter: v.parameter,
    message: v.message,
  }));
}

function upstreamOf(error: RestApiError): UpstreamDetails {
  return { status: error.status, codes: error.codes.map(String) };
}

/** The first sentence an upstream error gives, without the request path or ids. */
function upstreamMessage(error: RestApiError | RestRateLimitError): string {
  const first = error.errors[0]?.message;
  return first === undefined ? "" : `: ${first}`;
}

/** spec §7: a 400's items (or a batch's, by input index) as violations of GraphQL input fields. */
function upstreamViolations(error: RestApiError, fieldOf: FieldNamer): FieldViolation[] {
  const toViolation = (item: ApiErrorItem, prefix = ""): FieldViolation => {
    const parameter =
      item.parameter === undefined || item.parameter === ""
        ? prefix.replace(/\.$/, "")
        : prefix + item.parameter;
    return {
      code: String(item.code),
      field: parameter === "" ? "" : fieldOf(parameter),
      parameter,
      message: item.message,
    };
  };
  const itemViolations = error.operationErrors.flatMap((op) =>
    op.errors.map((item) => toViolation(item, `operations[${op.index}].`)),
  );
  return itemViolations.length > 0 ? itemViolations : error.errors.map((item) => toViolation(item));
}

/** spec §4.7 `media_keys`, §4.9 `media.media_ids`: the parameters a post's media come in. */
const MEDIA_PARAMETERS = ["media_keys", "media.media_ids"] as const;

/** Whether `parameter` is one of `names` or an item of one (`media_keys[2]`). */
function namesParameter(parameter: string | undefined, names: readonly string[]): boolean {
  return (
    parameter !== undefined &&
    names.some((name) => parameter === name || parameter.startsWith(`${name}[`))
  );
}

/**
 * One row of the upstream error table: which failures it matches (a rest-client or models
 * error class, narrowed by HTTP status or by whose credentials were refused), the GraphQL
 * `extensions.code` they get, and how the facade failure (message and extensions) is built.
 */
export interface UpstreamErrorRow<E extends Error = Error> {
  readonly class: abstract new (...args: never[]) => E;
  readonly status?: number;
  /** Matches only an answer carrying this error code of the service. */
  readonly upstreamCode?: string;
  /** Matches only an answer with an error item naming one of these parameters (or an item of it). */
  readonly upstreamParameters?: readonly string[];
  /** Matches only when the refused credentials were the facade's own (app-only bearer). */
  readonly appCredentials?: boolean;
  readonly code: ErrorCode;
  build(error: E, fieldOf: FieldNamer): FacadeError;
}

function row<E extends Error>(entry: UpstreamErrorRow<E>): UpstreamErrorRow {
  return entry;
}

/**
 * How upstream failures become GraphQL errors, first matching row first (subclasses before
 * their bases). The README's "Errors" section lists the codes a client sees.
 */
export const UPSTREAM_ERROR_TABLE: readonly UpstreamErrorRow[] = [
  row({
    class: RestValidationError,
    code: ERROR_CODES.BAD_USER_INPUT,
    build: (error, fieldOf) => new ValidationError(fieldViolations(error.violations, fieldOf)),
  }),
  row({
    class: ModelsValidationError,
    code: ERROR_CODES.BAD_USER_INPUT,
    build: (error, fieldOf) => new ValidationError(fieldViolations(error.violations, fieldOf)),
  }),
  row({
    class: RestRateLimitError,
    code: ERROR_CODES.RATE_LIMITED,
    build: (error) =>
      new RateLimitedError(
        `The ads service's rate limit is exhausted${upstreamMessage(error)}; retry after ${error.resetAt?.toISOString() ?? "a while"}.`,
        error.resetAt ?? null,
        { status: error.status ?? null, codes: error.errors.map((e) => String(e.code)) },
      ),
  }),
  row({
    class: RestAuthError,
    appCredentials: true,
    code: ERROR_CODES.UPSTREAM_ERROR,
    // The facade's own credentials, not the caller's: nothing the caller can fix.
    build: (error) =>
      new UpstreamError(
        "The ads service refused the facade's app-only bearer token; its operator must check FACADE_CONSUMER_KEY and FACADE_CONSUMER_SECRET.",
        upstreamOf(error),
      ),
  }),
  row({
    class: RestAuthError,
    status: 401,
    code: ERROR_CODES.UNAUTHENTICATED,
    build: (error) =>
      new UnauthenticatedError(
        "The ads service refused this session's credentials (revoked or invalidated): sign in again.",
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 400,
    upstreamCode: WIRE_ERROR_CODES.INCOMPATIBLE_LINE_ITEM,
    code: ERROR_CODES.BAD_USER_INPUT,
    build: (error, fieldOf) =>
      new IncompatibleLineItemError(
        `The line item cannot hold this attachment${upstreamMessage(error)}`,
        fieldOf(
          error.errors.find((item) => item.code === WIRE_ERROR_CODES.INCOMPATIBLE_LINE_ITEM)
            ?.parameter ?? "line_item_id",
        ),
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 400,
    upstreamParameters: MEDIA_PARAMETERS,
    code: ERROR_CODES.BAD_USER_INPUT,
    build: (error, fieldOf) => {
      const violations = upstreamViolations(error, fieldOf);
      const media = violations.find((v) => namesParameter(v.parameter, MEDIA_PARAMETERS));
      return new MediaRuleError(
        `The post's media break a media rule${upstreamMessage(error)}`,
        media?.field ?? "",
        violations,
        upstreamOf(error),
      );
    },
  }),
  row({
    class: RestApiError,
    status: 400,
    code: ERROR_CODES.BAD_USER_INPUT,
    build: (error, fieldOf) =>
      new ValidationError(upstreamViolations(error, fieldOf), upstreamOf(error)),
  }),
  row({
    class: RestApiError,
    status: 409,
    upstreamCode: WIRE_ERROR_CODES.DUPLICATE_NAME,
    code: ERROR_CODES.BAD_USER_INPUT,
    build: (error, fieldOf) =>
      new DuplicateNameError(
        `The account already has a custom audience of this name${upstreamMessage(error)}`,
        fieldOf(
          error.errors.find((item) => item.code === WIRE_ERROR_CODES.DUPLICATE_NAME)?.parameter ??
            "name",
        ),
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 409,
    upstreamCode: WIRE_ERROR_CODES.DO_NOT_REACH_LIST_EXISTS,
    code: ERROR_CODES.BAD_USER_INPUT,
    build: (error) =>
      new DoNotReachListExistsError(
        `The account has its do-not-reach list already (spec §8: one per account)${upstreamMessage(error)}`,
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 403,
    upstreamCode: WIRE_ERROR_CODES.NOT_AUDIENCE_OWNER,
    code: ERROR_CODES.FORBIDDEN,
    build: (error) =>
      new NotAudienceOwnerError(
        `Only the audience's owning account may share it or revoke a share${upstreamMessage(error)}`,
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 403,
    upstreamCode: WIRE_ERROR_CODES.SHARING_NOT_ALLOWED,
    code: ERROR_CODES.FORBIDDEN,
    build: (error) =>
      new SharingNotAllowedError(
        `This audience may not be shared with that account${upstreamMessage(error)}`,
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 403,
    upstreamCode: WIRE_ERROR_CODES.BETA_FEATURE_REQUIRED,
    code: ERROR_CODES.FORBIDDEN,
    build: (error) =>
      new BetaFeatureRequiredError(
        `The account is not in the custom-audience batch beta${upstreamMessage(error)}`,
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 403,
    upstreamCode: WIRE_ERROR_CODES.EDIT_WINDOW_PASSED,
    code: ERROR_CODES.FORBIDDEN,
    build: (error) =>
      new EditWindowPassedError(
        `The post can no longer be edited (spec §8: within ${LIMITS.postEditWindowHours} hour of its creation)${upstreamMessage(error)}`,
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 403,
    upstreamCode: WIRE_ERROR_CODES.REPLY_NOT_ALLOWED,
    code: ERROR_CODES.FORBIDDEN,
    build: (error) =>
      new ReplyNotAllowedError(
        `Replying to this post is not allowed: its author did not mention or quote you${upstreamMessage(error)}`,
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 403,
    code: ERROR_CODES.FORBIDDEN,
    build: (error) =>
      new ForbiddenError(
        `The ads service refused access${upstreamMessage(error)}`,
        upstreamOf(error),
      ),
  }),
  row({
    class: RestApiError,
    status: 404,
    code: ERROR_CODES.NOT_FOUND,
    build: (error) => new NotFoundError(`Not found${upstreamMessage(error)}`, upstreamOf(error)),
  }),
  row({
    class: RestApiError,
    code: ERROR_CODES.UPSTREAM_ERROR,
    build: (error) =>
      new UpstreamError(
        `The ads service answered ${error.status}${upstreamMessage(error)}`,
        upstreamOf(error),
      ),
  }),
  row({
    class: RestNetworkError,
    code: ERROR_CODES.UPSTREAM_ERROR,
    build: (error) =>
      new UpstreamError(
        error.possiblyApplied
          ? "The ads service did not answer; the change may have been applied: check before retrying."
          : "The ads service did not answer in time; retry later.",
        { status: null, codes: error.causeCode === undefined ? [] : [error.causeCode] },
        error.possiblyApplied,
      ),
  }),
  row({
    class: RestProtocolError,
    code: ERROR_CODES.UPSTREAM_ERROR,
    build: (error) =>
      new UpstreamError(
        error.possiblyApplied
          ? "The ads service accepted the change but its answer could not be read: check before retrying."
          : "The ads service answered with data the facade does not understand.",
        { status: error.status ?? null, codes: [] },
        error.possiblyApplied,
      ),
  }),
  row({
    class: RestClientError,
    code: ERROR_CODES.UPSTREAM_ERROR,
    build: (error) =>
      new UpstreamError("The request to the ads service could not be made.", {
        status: null,
        codes: [error.code],
      }),
  }),
];

/** The first row of the table that matches `error`. */
function rowFor(error: Error): UpstreamErrorRow | undefined {
  return UPSTREAM_ERROR_TABLE.find(
    (entry) =>
      error instanceof entry.class &&
      (entry.status === undefined || ("status" in error && error.status === entry.status)) &&
      (entry.upstreamCode === undefined ||
        (error instanceof RestApiError && error.codes.includes(entry.upstreamCode))) &&
      (entry.upstreamParameters === undefined ||
        (error instanceof RestApiError &&
          error.errors.some((item) =>
            namesParameter(item.parameter, entry.upstreamParameters ?? []),
          ))) &&
      (entry.appCredentials === undefined ||
        (error instanceof RestClientError &&
          error.endpointId !== undefined &&
          signsAsApp(error.endpointId) === entry.appCredentials)),
  );
}

/**
 * The one mapping from anything a resolver throws to a facade failure: rest-client and models
 * errors become the failure a client can act on (UPSTREAM_ERROR_TABLE); unknown errors give
 * undefined (internal). `fieldOf` names input fields for mutations whose GraphQL names differ
 * from the wire's.
 */
export function toFacadeError(
  error: unknown,
  fieldOf: FieldNamer = sameName,
): FacadeError | undefined {
  if (error instanceof FacadeError) return error;
  if (!(error instanceof Error)) return undefined;
  return rowFor(error)?.build(error, fieldOf);
}

/** Rethrows `error` as a facade failure when it maps to one (mutations' typed error unions). */
export function rethrowAsFacadeError(error: unknown, fieldOf?: FieldNamer): never {
  throw toFacadeError(error, fieldOf) ?? error;
}

function extensionsOf(error: FacadeError): Record<string, unknown> {
  return {
    code: error.code,
    ...(error.upstream && {
      upstream: { status: error.upstream.status, codes: error.upstream.codes },
    }),
    ...(error instanceof DuplicateNameError && { field: error.field }),
    ...((error instanceof ValidationError || error instanceof MediaRuleError) && {
      violations: error.violations,
    }),
    ...(error instanceof RateLimitedError && { resetAt: error.resetAt?.toISOString() ?? null }),
    ...(error instanceof UpstreamError && error.possiblyApplied && { possiblyApplied: true }),
  };
}

/**
 * The one place where failures become GraphQL errors: every error leaves with an
 * `extensions.code` (and `extensions.upstream: { status, codes }` when the ads service said
 * no), and nothing else of the original (stack, cause, upstream request with its credentials)
 * is passed through. Unexpected failures keep only a generic message.
 */
export function formatError(
  formatted: GraphQLFormattedError,
  error?: unknown,
): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : error;
  const mapped = original === undefined || original === null ? undefined : toFacadeError(original);
  if (mapped !== undefined) {
    return {
      message: mapped.message,
      ...(formatted.locations && { locations: formatted.locations }),
      ...(formatted.path && { path: formatted.path }),
      extensions: extensionsOf(mapped),
    };
  }
  if (isPersistedQueryHashMismatch(error)) {
    return {
      message:
        "The persisted query's sha256Hash is not the SHA-256 of its query: send the hash of the document as sent.",
      extensions: { code: ERROR_CODES.PERSISTED_QUERY_HASH_MISMATCH },
    };
  }
  const code = formatted.extensions?.code;
  const internal = typeof code !== "string";
  const unexpected = internal && original instanceof Error && !(original instanceof GraphQLError);
  // A variable's coercion wraps the scalar's own error: its message names the rule.
  const inner = error instanceof GraphQLError ? error.originalError?.message : undefined;
  return {
    ...formatted,
    message: unexpected ? "Internal server error" : withoutEchoedValues(formatted.message, inner),
    extensions: {
      ...formatted.extensions,
      code: internal ? ERROR_CODES.INTERNAL_SERVER_ERROR : code,
    },
  };
}
