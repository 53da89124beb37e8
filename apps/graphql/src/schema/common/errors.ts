import { formatTimestamp, VIOLATION_CODES } from "@adsgraph/models";
import type { ViolationCode } from "@adsgraph/models";
import { builder } from "../../builder.js";
import { ERROR_CODES } from "../../errors/error-codes.js";
import { observedEnum } from "./enums.js";
import type { ErrorCode } from "../../errors/error-codes.js";
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
  UpstreamError,
  ValidationError,
} from "../../errors/facade-errors.js";
import type { UpstreamDetails, FacadeError } from "../../errors/facade-errors.js";
import type { FieldViolation } from "../../errors/field-violations.js";

// The typed failures mutations return in their result unions (errors plugin). Each is the
// class src/errors/upstream-errors.ts maps upstream and validation failures to.

/** What each error code means to a client deciding what to show or do. */
const ERROR_CODE_MEANINGS: { readonly [Code in ErrorCode]: string } = {
  UNAUTHENTICATED: "The caller is not signed in, or the session ended: sign in again.",
  FORBIDDEN:
    "The caller may not do this (no access to the account, a role that does not allow it, or " +
    "a rule of the object such as an edit window that has passed).",
  NOT_FOUND: "The object does not exist, or was deleted.",
  RATE_LIMITED: "Too many requests: retry after the time the error gives.",
  BAD_USER_INPUT: "The input breaks a rule: fix the fields the error names and send again.",
  UPSTREAM_ERROR: "The ads service failed or did not answer: retry later.",
  QUERY_LIMIT_EXCEEDED: "The query asks for too much at once: ask for less.",
  SUBSCRIPTION_LIMIT_EXCEEDED: "Too many subscriptions are open: end one first.",
  SUBSCRIBER_TOO_SLOW: "The subscription ended because events were read too slowly.",
  RESUME_WINDOW_EXPIRED:
    "A subscription resumed from an event too far back: some later events are no longer " +
    "kept. Reload what the screen shows, then subscribe again without `after`.",
  PERSISTED_QUERY_HASH_MISMATCH: "A persisted query's hash does not match its text.",
  INTERNAL_SERVER_ERROR: "An unexpected failure in this server.",
};

const ErrorCodeEnum = builder.enumType("ErrorCode", {
  description:
    "What kind of failure an error is: the same code a GraphQL error of the kind carries in " +
    "`extensions.code`.",
  values: Object.fromEntries(
    Object.values(ERROR_CODES).map((code) => [code, { description: ERROR_CODE_MEANINGS[code] }]),
  ),
});

/** What each field violation code means to a person fixing the input. */
const VIOLATION_CODE_MEANINGS: { readonly [Code in ViolationCode]: string } = {
  MISSING_PARAMETER: "A required field is missing.",
  UNKNOWN_PARAMETER: "A field that is not accepted here was sent.",
  INVALID_PARAMETER: "The value has the wrong form (e.g. not a valid id, date or choice).",
  TOO_LONG: "The text is longer than allowed.",
  OUT_OF_RANGE: "The number is below the minimum or above the maximum.",
  TOO_MANY_IDS: "The list holds more ids than allowed.",
  TOO_MANY_ITEMS: "The list holds more items than allowed.",
  TOO_FEW_ITEMS: "The list holds fewer items than required.",
  TOO_LARGE: "The value is larger than allowed.",
  CONFLICTING_PARAMETERS: "Fields were sent together that exclude each other.",
  READ_ONLY_PARAMETER:
    "A field that cannot be changed was sent with another value than the one it holds.",
};

const FieldViolationCode = observedEnum("FieldViolationCode", {
  description: "Which input rule a value broke.",
  values: {
    ...Object.fromEntries(
      Object.values(VIOLATION_CODES).map((code) => [code, VIOLATION_CODE_MEANINGS[code]]),
    ),
    // The one item code of the ads service the mutations' tests meet (a batch item's name).
    DUPLICATE_NAME: "The name is already used: custom audience names are unique in an account.",
  },
});

const UpstreamDetailsRef = builder.objectRef<UpstreamDetails>("UpstreamDetails").implement({
  description: "What the ads service answered when it refused or failed a request.",
  fields: (t) => ({
    status: t.exposeInt("status", {
      nullable: true,
      description:
        "The HTTP status of its answer (e.g. 400, 403, 503); null when it did not answer.",
    }),
    codes: t.exposeStringList("codes", {
      description:
        "The ads service's own error codes, for support and logs; empty when it gave none.",
    }),
  }),
});

export const ErrorInterface = builder.interfaceRef<FacadeError>("Error").implement({
  description:
    "A failure a mutation returns in its result instead of its payload: tell the kinds apart " +
    "by `__typename` or `code`, and show `message`.",
  fields: (t) => ({
    message: t.exposeString("message", {
      description: "What went wrong, as an English sentence fit to show to the person.",
    }),
    code: t.field({
      type: ErrorCodeEnum,
      description: "What kind of failure this is: the code a GraphQL error of it would carry.",
      resolve: (error) => error.code,
    }),
    upstream: t.field({
      type: UpstreamDetailsRef,
      nullable: true,
      description:
        "What the ads service answered; null when this server refused the request before " +
        "asking it (e.g. an input check) or the failure did not come from it.",
      resolve: (error) => error.upstream ?? null,
    }),
  }),
});

const FieldViolationRef = builder.objectRef<FieldViolation>("FieldViolation").implement({
  description: "One input rule a value broke, and the input field holding that value.",
  fields: (t) => ({
    code: t.field({
      type: FieldViolationCode.ref,
      description:
        "Which rule the value broke. UNRECOGNIZED: a rule of the ads service this schema does " +
        "not name (see codeRaw).",
      resolve: (violation) => FieldViolationCode.of(violation.code),
    }),
    codeRaw: t.exposeString("code", {
      description:
        "The code exactly as the rule's checker gave it (this server or the ads service): what " +
        "to show when code is UNRECOGNIZED.",
    }),
    field: t.exposeString("field", {
      description:
        "The path of the input field at fault, in this schema's names, e.g. `name` or " +
        "`operations[1].name`: where to show the message.",
    }),
    parameter: t.exposeString("parameter", {
      description:
        "The ads service's own name for the same field, for matching its documentation or " +
        "support answers; show `field` to people.",
    }),
    message: t.exposeString("message", {
      description: "What is wrong with the value, as an English sentence to show beside the field.",
    }),
  }),
});

builder.objectType(ValidationError, {
  name: "ValidationError",
  description:
    "The input broke one or more rules (checked by this server or by the ads service); " +
    "nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
  fields: (t) => ({
    violations: t.field({
      type: [FieldViolationRef],
      description: "Every broken rule, each with the input field it concerns.",
      resolve: (error) => [...error.violations],
    }),
  }),
});

builder.objectType(NotFoundError, {
  name: "NotFoundError",
  description: "The object the input names does not exist, or was deleted; nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
});

builder.objectType(ForbiddenError, {
  name: "ForbiddenError",
  description:
    "The signed-in user has no access to the account, or their role there does not allow " +
    "this change; nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ForbiddenError,
});

builder.objectType(RateLimitedError, {
  name: "RateLimitedError",
  description:
    "Too many requests to the ads service in a short time; nothing was changed. Send again " +
    "after `resetAt`.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RateLimitedError,
  fields: (t) => ({
    resetAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When requests are accepted again; null when the ads service did not say.",
      resolve: (error) => (error.resetAt === null ? null : formatTimestamp(error.resetAt)),
    }),
  }),
});

builder.objectType(UpstreamError, {
  name: "UpstreamError",
  description:
    "The ads service failed or did not answer; see `possiblyApplied` before sending the " +
    "change again.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof UpstreamError,
  fields: (t) => ({
    status: t.int({
      nullable: true,
      description:
        "The HTTP status the ads service answered with (e.g. 500, 503); null when it did not " +
        "answer (connection failure or timeout).",
      resolve: (error) => error.status,
    }),
    codes: t.stringList({
      description:
        "The ads service's own error codes, for support and logs; empty when it gave none.",
      resolve: (error) => [...error.codes],
    }),
    possiblyApplied: t.exposeBoolean("possiblyApplied", {
      description:
        "True when the change reached the ads service but its answer was lost (connection " +
        "reset, timeout, unreadable answer): it may have been applied, so check before sending " +
        "it again. False: nothing was changed.",
    }),
  }),
});

builder.objectType(IncompatibleLineItemError, {
  name: "IncompatibleLineItemError",
  description:
    "The line item cannot hold this attachment (e.g. a promoted account on a line item whose " +
    "product type does not allow them); nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof IncompatibleLineItemError,
  fields: (t) => ({
    field: t.exposeString("field", { description: "The input field naming the line item." }),
  }),
});

builder.objectType(MediaRuleError, {
  name: "MediaRuleError",
  description:
    "The ads service refused the post's media: a key not in the media library, media the " +
    "author may not use (they neither uploaded it nor are one of its additional owners), or " +
    "more than 4 images, 1 animated GIF or 1 video; nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof MediaRuleError,
  fields: (t) => ({
    field: t.exposeString("field", { description: "The media input field, e.g. `mediaKeys`." }),
    violations: t.field({
      type: [FieldViolationRef],
      description: "Every broken media rule, each with the input field it concerns.",
      resolve: (error) => [...error.violations],
    }),
  }),
});

builder.objectType(EditWindowPassedError, {
  name: "EditWindowPassedError",
  description:
    "The post was created more than an hour ago, so it can no longer be edited; nothing was " +
    "changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof EditWindowPassedError,
});

builder.objectType(ReplyNotAllowedError, {
  name: "ReplyNotAllowedError",
  description:
    "The post's author did not mention or quote the signed-in user, so an app may not reply " +
    "to it for them; nothing was posted.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ReplyNotAllowedError,
});

builder.objectType(DuplicateNameError, {
  name: "DuplicateNameError",
  description:
    "The account already has a custom audience of this name (names are unique in an " +
    "account); nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof DuplicateNameError,
  fields: (t) => ({
    field: t.exposeString("field", {
      description: "The input field holding the name, e.g. `name` or `operations[1].name`.",
    }),
  }),
});

builder.objectType(NotAudienceOwnerError, {
  name: "NotAudienceOwnerError",
  description:
    "Only the account that owns the audience (isOwner) may share it or revoke a share; " +
    "nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotAudienceOwnerError,
});

builder.objectType(SharingNotAllowedError, {
  name: "SharingNotAllowedError",
  description:
    "The audience may be shared only with accounts of the owner's business, unless the owner " +
    "has the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature; nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof SharingNotAllowedError,
});

builder.objectType(BetaFeatureRequiredError, {
  name: "BetaFeatureRequiredError",
  description:
    "Changing several custom audiences in one mutation is a closed beta the account is not " +
    "in; nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof BetaFeatureRequiredError,
});

builder.objectType(DoNotReachListExistsError, {
  name: "DoNotReachListExistsError",
  description:
    "The account has its do-not-reach list already (an account has at most one); nothing " +
    "was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof DoNotReachListExistsError,
});

/** The failures every mutation may return. */
export const MUTATION_ERRORS = [
  ValidationError,
  NotFoundError,
  ForbiddenError,
  RateLimitedError,
  UpstreamError,
];
