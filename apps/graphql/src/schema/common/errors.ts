import { formatTimestamp } from "@adsgraph/models";
import { builder } from "../../builder.js";
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

const UpstreamDetailsRef = builder.objectRef<UpstreamDetails>("UpstreamDetails").implement({
  description: "What the ads service answered.",
  fields: (t) => ({
    status: t.exposeInt("status", { nullable: true, description: "HTTP status; null: no answer." }),
    codes: t.exposeStringList("codes", { description: "The service's own error codes." }),
  }),
});

export const ErrorInterface = builder.interfaceRef<FacadeError>("Error").implement({
  description: "A failure a mutation reports as data.",
  fields: (t) => ({
    message: t.exposeString("message"),
    code: t.exposeString("code", { description: "The same code a GraphQL error would carry." }),
    upstream: t.field({
      type: UpstreamDetailsRef,
      nullable: true,
      description: "Set when the ads service refused the request.",
      resolve: (error) => error.upstream ?? null,
    }),
  }),
});

const FieldViolationRef = builder.objectRef<FieldViolation>("FieldViolation").implement({
  description: "One broken input rule.",
  fields: (t) => ({
    code: t.exposeString("code", { description: "e.g. TOO_LONG, MISSING_PARAMETER." }),
    field: t.exposeString("field", { description: "Path of the input field, e.g. `name`." }),
    parameter: t.exposeString("parameter", {
      description: "The ads service's parameter, e.g. `daily_budget_amount_local_micro`.",
    }),
    message: t.exposeString("message"),
  }),
});

builder.objectType(ValidationError, {
  name: "ValidationError",
  description: "Input broke the spec's rules; nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
  fields: (t) => ({
    violations: t.field({ type: [FieldViolationRef], resolve: (error) => [...error.violations] }),
  }),
});

builder.objectType(NotFoundError, {
  name: "NotFoundError",
  description: "The object does not exist (or was deleted).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
});

builder.objectType(ForbiddenError, {
  name: "ForbiddenError",
  description: "The caller has no access to the account, or its role does not allow this.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ForbiddenError,
});

builder.objectType(RateLimitedError, {
  name: "RateLimitedError",
  description: "The ads service's rate limit is exhausted.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RateLimitedError,
  fields: (t) => ({
    resetAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When to retry.",
      resolve: (error) => (error.resetAt === null ? null : formatTimestamp(error.resetAt)),
    }),
  }),
});

builder.objectType(UpstreamError, {
  name: "UpstreamError",
  description: "The ads service failed or did not answer.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof UpstreamError,
  fields: (t) => ({
    status: t.int({ nullable: true, resolve: (error) => error.status }),
    codes: t.stringList({ resolve: (error) => [...error.codes] }),
    possiblyApplied: t.exposeBoolean("possiblyApplied", {
      description:
        "True when the change reached the ads service but its answer was lost (connection reset, timeout, unreadable answer): it may have been applied, so check before sending it again. False: nothing was changed.",
    }),
  }),
});

builder.objectType(IncompatibleLineItemError, {
  name: "IncompatibleLineItemError",
  description:
    "The line item cannot hold this attachment (spec §4.6: e.g. a promoted account on a line " +
    "item whose product type does not allow them); nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof IncompatibleLineItemError,
  fields: (t) => ({
    field: t.exposeString("field", { description: "The input field naming the line item." }),
  }),
});

builder.objectType(MediaRuleError, {
  name: "MediaRuleError",
  description:
    "The ads service refused the post's media (spec §4.7, §8): a key not in the media library, " +
    "media the author may not use (neither its uploader nor in its additional_owners), or more " +
    "than 4 images, 1 animated GIF or 1 video; nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof MediaRuleError,
  fields: (t) => ({
    field: t.exposeString("field", { description: "The media input field, e.g. `mediaKeys`." }),
    violations: t.field({ type: [FieldViolationRef], resolve: (error) => [...error.violations] }),
  }),
});

builder.objectType(EditWindowPassedError, {
  name: "EditWindowPassedError",
  description:
    "The post was created more than an hour ago, so it can no longer be edited (spec §4.9, §8).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof EditWindowPassedError,
});

builder.objectType(ReplyNotAllowedError, {
  name: "ReplyNotAllowedError",
  description:
    "The post's author did not mention or quote the caller, so it may not be replied to " +
    "programmatically (spec §4.9).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ReplyNotAllowedError,
});

builder.objectType(DuplicateNameError, {
  name: "DuplicateNameError",
  description:
    "The account already has a custom audience of this name (spec §4.8: names are unique); " +
    "nothing was changed.",
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
    "Only the account that owns the audience (isOwner) may share it or revoke a share " +
    "(spec §4.8); nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotAudienceOwnerError,
});

builder.objectType(SharingNotAllowedError, {
  name: "SharingNotAllowedError",
  description:
    "The audience may be shared only with accounts of the owner's business, unless the owner " +
    "has the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature (spec §4.8); nothing was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof SharingNotAllowedError,
});

builder.objectType(BetaFeatureRequiredError, {
  name: "BetaFeatureRequiredError",
  description:
    "The custom-audience batch is a closed beta (spec §4.8) the account is not in; nothing " +
    "was changed.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof BetaFeatureRequiredError,
});

builder.objectType(DoNotReachListExistsError, {
  name: "DoNotReachListExistsError",
  description:
    "The account has its do-not-reach list already (spec §8: one per account); nothing was " +
    "changed.",
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
