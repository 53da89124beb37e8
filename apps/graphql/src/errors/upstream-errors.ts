import {
  getEndpoint,
  isEndpointId,
  LIMITS,
  ValidationError as ModelsValidationError,
  WIRE_ERROR_CODES,
} from "@adsgraph/models";
import {
  RestApiError,
  RestAuthError,
  RestClientError,
  RestNetworkError,
  RestProtocolError,
  RestRateLimitError,
  RestValidationError,
} from "@adsgraph/rest-client";
import type { ApiErrorItem } from "@adsgraph/rest-client";
import { signsAsApp } from "../upstream/signs-as-app.js";
import { ERROR_CODES, type ErrorCode } from "./error-codes.js";
import {
  BetaFeatureRequiredError,
  DoNotReachListExistsError,
  DuplicateNameError,
  EditWindowPassedError,
  ForbiddenError,
  IncompatibleLineItemError,
  MediaRuleError,
  NotAudienceOwnerError,
  NotFoundError,
  RateLimitedError,
  ReplyNotAllowedError,
  SharingNotAllowedError,
  UnauthenticatedError,
  UpstreamError,
  ValidationError,
  type FacadeError,
  type UpstreamDetails,
} from "./facade-errors.js";
import { fieldViolations, type FieldNamer, type FieldViolation } from "./field-violations.js";

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
        error.endpointId !== undefined && isEndpointId(error.endpointId)
          ? getEndpoint(error.endpointId).family
          : null,
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
export function rowFor(error: Error): UpstreamErrorRow | undefined {
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
