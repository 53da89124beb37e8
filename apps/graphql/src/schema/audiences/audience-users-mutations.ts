import { usersBatchCounts } from "@adsgraph/rest-client";
import type { HashedAudienceUser } from "@adsgraph/rest-client";
import { builder } from "../../builder.js";
import { NotFoundError, UpstreamError, ValidationError } from "../../errors/facade-errors.js";
import type { FieldNamer } from "../../errors/field-violations.js";
import { AUDIENCE_USER_CAPS, hashedUsers } from "../../input/audience-users.js";
import type { AudienceUserFields } from "../../input/audience-users.js";
import { byIdRule, callRule, fetchedBy } from "../../cost/fetch-rule.js";
import type { PerKeyRule } from "../../cost/fetch-rule.js";
import { entityKey } from "../../loaders/keys.js";
import type { GraphQLContext } from "../../context.js";
import { CustomAudienceRef } from "./custom-audience.js";
import { DoNotReachListRef } from "./do-not-reach-list.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors } from "../../fields/mutations.js";

// Small sets of users, given in clear and hashed here before anything is sent (spec §4.8):
// the clear values live only in this request's variables; nothing stores, logs or answers
// them. Bulk uploads go through the rest-client upload helper (README, "Uploading audience users").

const BULK =
  `At most ${AUDIENCE_USER_CAPS.users} people and ${AUDIENCE_USER_CAPS.identifiers} ` +
  "identifiers a mutation; upload larger lists in several mutations or with a bulk upload " +
  "tool.";

const identifier = (description: string) => ({
  description: `${description} In clear: normalised and SHA-256-hashed before sending, never kept.`,
});

const AudienceUserInput = builder.inputType("AudienceUserInput", {
  description:
    "One person, by one or more identifiers. Values are hashed before they leave this API " +
    "and never kept; a value that cannot be normalised is a ValidationError naming its path, " +
    "not its value.",
  fields: (t) => ({
    email: t.stringList(identifier("E-mail addresses (trimmed, lower-cased).")),
    phoneNumber: t.stringList(
      identifier(
        "Phone numbers: international (+44 …, 0044 …) or national with defaultCountryCode.",
      ),
    ),
    deviceId: t.stringList(identifier("Mobile advertising ids (IDFA, AdID).")),
    handle: t.stringList(identifier("Handles, with or without @.")),
    userId: t.stringList(identifier("The platform's user ids (digits).")),
    partnerUserId: t.stringList({
      description: "The advertiser's own ids: sent as given (the only identifier not hashed).",
    }),
  }),
});

// The audience and account come from the catalog's path; the one operation's users, hashed
// here, and its times are the input's own (a batch of one, asked flat).
const audienceUsers = mutationArgs("custom_audiences.users.batch", {
  globalIds: { custom_audience_id: CustomAudienceRef },
  omit: ["operations"],
  describe: { custom_audience_id: "The custom audience (its `id`)." },
});
const listUsers = mutationArgs("do_not_reach_lists.users.batch", {
  omit: ["do_not_reach_list_id", "operations"],
  describe: { account_id: "The account whose do-not-reach list changes (its `id`)." },
});

const AddAudienceUsersInput = builder.inputType("AddCustomAudienceUsersInput", {
  description: `Adds people to a custom audience. ${BULK}`,
  fields: (t) => ({
    ...audienceUsers.fields(t),
    users: t.field({
      type: [AudienceUserInput],
      required: true,
      description: "The people to add.",
    }),
    defaultCountryCode: t.string({
      description: "Calling code (digits, e.g. 44) for phone numbers written nationally.",
    }),
    effectiveAt: t.field({
      type: "DateTime",
      description: "Membership starts then (default now).",
    }),
    expiresAt: t.field({ type: "DateTime", description: "Membership ends then (default never)." }),
  }),
});

const RemoveAudienceUsersInput = builder.inputType("RemoveCustomAudienceUsersInput", {
  description: `Removes people from a custom audience. ${BULK}`,
  fields: (t) => ({
    ...audienceUsers.fields(t),
    users: t.field({
      type: [AudienceUserInput],
      required: true,
      description: "The people to remove.",
    }),
    defaultCountryCode: t.string({
      description: "Calling code (digits, e.g. 44) for phone numbers written nationally.",
    }),
  }),
});

const AddDoNotReachUsersInput = builder.inputType("AddDoNotReachUsersInput", {
  description:
    "Adds e-mail addresses to the account's do-not-reach list; they are hashed before they " +
    `leave this API. At most ${AUDIENCE_USER_CAPS.users} a mutation; upload larger lists in ` +
    "several mutations or with a bulk upload tool.",
  fields: (t) => ({
    ...listUsers.fields(t),
    emails: t.stringList({ required: true, description: "In clear; never kept." }),
    expiresAt: t.field({
      type: "DateTime",
      required: true,
      description:
        "When the addresses leave the list again (ISO 8601, UTC): less than 13 months from now.",
    }),
  }),
});

const RemoveDoNotReachUsersInput = builder.inputType("RemoveDoNotReachUsersInput", {
  description: "Removes e-mail addresses from the account's do-not-reach list.",
  fields: (t) => ({
    ...listUsers.fields(t),
    emails: t.stringList({ required: true, description: "In clear; never kept." }),
  }),
});

/** What a users batch answered (spec §7: counts differing from the users sent are an error). */
interface UsersBatchOutcome {
  readonly usersSent: number;
  readonly successCount: number;
  readonly totalCount: number;
}

const outcomeFields = {
  usersSent: "How many people were sent: one per input user or e-mail.",
  successCount: "How many of them were accepted (equals usersSent when the mutation succeeds).",
  totalCount: "How many of them were received (equals usersSent when the mutation succeeds).",
} as const;

/** The audience read again by id when the payload selects it. */
const PAYLOAD_AUDIENCE = byIdRule("custom_audiences.get");
/** The account's list, read again (the write's read was forgotten) when the payload selects it. */
const PAYLOAD_DO_NOT_REACH_LIST: PerKeyRule = {
  kind: "perKey",
  endpoint: "do_not_reach_lists.list",
  key: "parentAccount",
  freeFrom: [],
};

const AudienceUsersPayload = builder
  .objectRef<UsersBatchOutcome & { accountId: string; audienceId: string }>(
    "CustomAudienceUsersPayload",
  )
  .implement({
    description: "The upload's counts; the audience shows its progress (processing, audienceSize).",
    fields: (t) => ({
      usersSent: t.exposeInt("usersSent", { description: outcomeFields.usersSent }),
      successCount: t.exposeInt("successCount", { description: outcomeFields.successCount }),
      totalCount: t.exposeInt("totalCount", { description: outcomeFields.totalCount }),
      customAudience: t.field({
        ...fetchedBy(PAYLOAD_AUDIENCE),
        type: CustomAudienceRef,
        nullable: true,
        description: "The audience as it is now (read again when selected).",
        resolve: (r, _args, { loaders }) =>
          loaders.byId(PAYLOAD_AUDIENCE.read).load(entityKey(r.accountId, r.audienceId)),
      }),
    }),
  });

const DoNotReachUsersPayload = builder
  .objectRef<UsersBatchOutcome & { accountId: string }>("DoNotReachUsersPayload")
  .implement({
    description: "The upload's counts and the list as it is now.",
    fields: (t) => ({
      usersSent: t.exposeInt("usersSent", { description: outcomeFields.usersSent }),
      successCount: t.exposeInt("successCount", { description: outcomeFields.successCount }),
      totalCount: t.exposeInt("totalCount", { description: outcomeFields.totalCount }),
      doNotReachList: t.field({
        ...fetchedBy(PAYLOAD_DO_NOT_REACH_LIST),
        type: DoNotReachListRef,
        nullable: true,
        description: "The list as it is now (read again when selected).",
        resolve: (r, _args, { loaders }) => loaders.doNotReachList.load(r.accountId),
      }),
    }),
  });

/** spec §7: a users-batch answer whose counts differ from the users sent is an error to retry. */
function countsOf(body: unknown, sent: number): UsersBatchOutcome {
  const { successCount, totalCount } = usersBatchCounts(body);
  if (successCount !== sent || totalCount !== sent) {
    throw new UpstreamError(
      `The ads service counted ${String(successCount)} of ${sent} users: send them again.`,
      { status: 200, codes: [] },
      true,
    );
  }
  return { usersSent: sent, successCount, totalCount };
}

/** Wire paths of a one-operation users batch, as the mutation's input fields. */
const flat =
  (fieldOf: FieldNamer): FieldNamer =>
  (parameter) =>
    fieldOf(parameter.replace(/^operations\[\d+\]\.params\./, ""));

/** The do-not-reach list's e-mails as users; refusals name `emails[i]`. */
function hashedEmails(emails: readonly string[]): HashedAudienceUser[] {
  try {
    return hashedUsers(
      emails.map((email) => ({ email: [email] })),
      "emails",
    );
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(
      error.violations.map((v) => {
        const field = v.field.replace(/^(emails\[\d+\])\.email\[0\]$/, "$1");
        return { ...v, field, parameter: field };
      }),
    );
  }
}

async function listIdOf({ loaders }: GraphQLContext, accountId: string): Promise<string> {
  const list = await loaders.doNotReachList.load(accountId);
  if (list === null) {
    throw new NotFoundError(
      `Account ${accountId} has no do-not-reach list: create it first (createDoNotReachList).`,
    );
  }
  // Read again after the write when the payload asks (its user count changes).
  loaders.doNotReachList.clear?.(accountId);
  return list.id;
}

/**
 * The users batch of a do-not-reach mutation, after a read of the account's list (its id; the
 * loader forgets it then, so the payload's list is read again). The list id is not known
 * before that read: the planner counts the write as possible, not sure.
 */
/** The e-mails of an input the planner hands on (GraphQL already checked their shape). */
const emailsIn = (input: Readonly<Record<string, unknown>>): string[] =>
  Array.isArray(input.emails) ? input.emails.filter((e) => typeof e === "string") : [];

const DO_NOT_REACH_USERS_CALL = callRule(
  "do_not_reach_lists.users.batch",
  (input) => ({
    account_id: listUsers.params(input).account_id,
    users: hashedEmails(emailsIn(input)),
  }),
  { reads: ["do_not_reach_lists.list"] },
);

/** One users batch of hashed e-mails on the account's do-not-reach list (add and remove). */
async function sendDoNotReachUsers(
  context: GraphQLContext,
  rule: typeof DO_NOT_REACH_USERS_CALL,
  input: Readonly<Record<string, unknown>> & { readonly emails: readonly string[] },
  operation: "Update" | "Delete",
  extra: { readonly expires_at?: string },
) {
  const { account_id } = listUsers.params(input);
  const users = hashedEmails(input.emails);
  const listId = await listIdOf(context, account_id);
  const answer = await context.upstream.call(rule.endpoint, {
    account_id,
    do_not_reach_list_id: listId,
    operations: [
      {
        operation_type: operation,
        params: { users: users.map((user) => ({ email: user.email ?? [] })), ...extra },
      },
    ],
  });
  return { ...countsOf(answer, users.length), accountId: account_id };
}

/** The input of a custom audience users mutation (add and remove). */
type AudienceUsersInput = Readonly<Record<string, unknown>> & {
  readonly users: readonly AudienceUserFields[];
  readonly defaultCountryCode?: string | null | undefined;
  readonly effectiveAt?: string | null | undefined;
  readonly expiresAt?: string | null | undefined;
};

/**
 * The one users batch request of an add or remove: the audience, and one operation of the
 * users hashed here (≤ AUDIENCE_USER_CAPS.users, so one request). The planner checks the same
 * parameters against the catalog (fetch rule), the resolver sends them.
 */
function audienceUsersParams(input: AudienceUsersInput, operation: "Update" | "Delete") {
  const audience = audienceUsers.params(input);
  const users = hashedUsers(input.users, "users", input);
  const times =
    operation === "Update"
      ? {
          ...(input.effectiveAt != null && { effective_at: input.effectiveAt }),
          ...(input.expiresAt != null && { expires_at: input.expiresAt }),
        }
      : {};
  return { ...audience, operations: [{ operation_type: operation, params: { users, ...times } }] };
}

/** The planner's view of the input (GraphQL already checked its shape). */
const isAudienceUsersInput = (
  input: Readonly<Record<string, unknown>>,
): input is AudienceUsersInput => Array.isArray(input.users);

/** The users of an input the planner hands on; none if it holds none (refused). */
const usersInput = (input: Readonly<Record<string, unknown>>): AudienceUsersInput =>
  isAudienceUsersInput(input) ? input : { ...input, users: [] };

const ADD_AUDIENCE_USERS_CALL = callRule("custom_audiences.users.batch", (input) =>
  audienceUsersParams(usersInput(input), "Update"),
);
const REMOVE_AUDIENCE_USERS_CALL = callRule("custom_audiences.users.batch", (input) =>
  audienceUsersParams(usersInput(input), "Delete"),
);

async function sendAudienceUsers(
  upstream: GraphQLContext["upstream"],
  rule: typeof ADD_AUDIENCE_USERS_CALL,
  input: AudienceUsersInput,
  operation: "Update" | "Delete",
) {
  const params = audienceUsersParams(input, operation);
  const answer = await upstream.call(rule.endpoint, params);
  const sent = params.operations[0]?.params.users.length ?? 0;
  return {
    ...countsOf(answer, sent),
    accountId: params.account_id,
    audienceId: params.custom_audience_id,
  };
}

builder.mutationFields((t) => ({
  addCustomAudienceUsers: t.field({
    type: AudienceUsersPayload,
    description: "Adds a few people to a custom audience, hashing their identifiers first. " + BULK,
    authScopes: { authenticated: true },
    errors: mutationErrors("AddCustomAudienceUsers"),
    args: { input: t.arg({ type: AddAudienceUsersInput, required: true }) },
    ...fetchedBy(ADD_AUDIENCE_USERS_CALL),
    resolve: (_root, { input }, { upstream }) =>
      attempt(
        () => sendAudienceUsers(upstream, ADD_AUDIENCE_USERS_CALL, input, "Update"),
        flat(audienceUsers.fieldOf),
      ),
  }),
  removeCustomAudienceUsers: t.field({
    type: AudienceUsersPayload,
    description: `Removes a few people from a custom audience, hashing their identifiers first. ${BULK}`,
    authScopes: { authenticated: true },
    errors: mutationErrors("RemoveCustomAudienceUsers"),
    args: { input: t.arg({ type: RemoveAudienceUsersInput, required: true }) },
    ...fetchedBy(REMOVE_AUDIENCE_USERS_CALL),
    resolve: (_root, { input }, { upstream }) =>
      attempt(
        () => sendAudienceUsers(upstream, REMOVE_AUDIENCE_USERS_CALL, input, "Delete"),
        flat(audienceUsers.fieldOf),
      ),
  }),
  addDoNotReachUsers: t.field({
    type: DoNotReachUsersPayload,
    description:
      "Adds a few e-mail addresses to the account's do-not-reach list, hashed first; " +
      "NotFoundError when the account has no list.",
    authScopes: { authenticated: true },
    errors: mutationErrors("AddDoNotReachUsers"),
    args: { input: t.arg({ type: AddDoNotReachUsersInput, required: true }) },
    ...fetchedBy(DO_NOT_REACH_USERS_CALL),
    resolve: (_root, { input }, context) =>
      attempt(
        () =>
          sendDoNotReachUsers(context, DO_NOT_REACH_USERS_CALL, input, "Update", {
            expires_at: input.expiresAt,
          }),
        flat(listUsers.fieldOf),
      ),
  }),
  removeDoNotReachUsers: t.field({
    type: DoNotReachUsersPayload,
    description:
      "Removes a few e-mail addresses from the account's do-not-reach list, hashed first; " +
      "NotFoundError when the account has no list.",
    authScopes: { authenticated: true },
    errors: mutationErrors("RemoveDoNotReachUsers"),
    args: { input: t.arg({ type: RemoveDoNotReachUsersInput, required: true }) },
    ...fetchedBy(DO_NOT_REACH_USERS_CALL),
    resolve: (_root, { input }, context) =>
      attempt(
        () => sendDoNotReachUsers(context, DO_NOT_REACH_USERS_CALL, input, "Delete", {}),
        flat(listUsers.fieldOf),
      ),
  }),
}));
