import { builder } from "../../builder.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors } from "../../fields/mutations.js";
import { entityKey } from "../../loaders/keys.js";
import type { UserSettingsShape } from "../../loaders/service-loaders.js";
import { AccountRef } from "./account.js";
import { ACCOUNT_BY_ID, callRule, fetchedBy } from "../../cost/fetch-rule.js";
import type { PerKeyRule } from "../../cost/fetch-rule.js";

/** The signed-in user's contact settings on one account. */
const UserSettingsRef = builder.objectRef<UserSettingsShape>("UserSettings").implement({
  description:
    "How the ads platform reaches one user about one account: the e-mail and phone it uses " +
    "and which e-mails the user subscribed to.",
  fields: (t) => ({
    userId: t.string({
      description: "The user these settings belong to (digits; exceeds 2^53, so a string).",
      resolve: (s) => s.user_id,
    }),
    notificationEmail: t.string({
      nullable: true,
      description: "Where notices about the account are e-mailed; null when not set.",
      resolve: (s) => s.notification_email ?? null,
    }),
    contactPhone: t.string({
      nullable: true,
      description: "The user's contact phone number as entered; null when not set.",
      resolve: (s) => s.contact_phone ?? null,
    }),
    contactPhoneExtension: t.string({
      nullable: true,
      description: "The extension of the contact phone; null when none.",
      resolve: (s) => s.contact_phone_extension ?? null,
    }),
    subscribeEmailTypes: t.stringList({
      description:
        "The kinds of e-mail the user receives about the account (for example " +
        "ACCOUNT_PERFORMANCE, PERFORMANCE_IMPROVEMENT); empty when none.",
      resolve: (s) => s.subscribe_email_types ?? [],
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: "The account the settings apply to.",
      ...fetchedBy(ACCOUNT_BY_ID),
      resolve: (s, _args, { loaders }) => loaders.account.load(s.account_id),
    }),
  }),
});

/** The caller's settings on an account, once per account (loaders.userSettings). */
const USER_SETTINGS: PerKeyRule = {
  kind: "perKey",
  endpoint: "user_settings.get",
  key: "parentAccount",
  freeFrom: [],
};

builder.objectFields(AccountRef, (t) => ({
  userSettings: t.field({
    ...fetchedBy(USER_SETTINGS),
    type: UserSettingsRef,
    nullable: true,
    description:
      "The signed-in user's contact settings on this account; null with an error when they " +
      "may not be read.",
    resolve: (account, _args, { loaders, viewer }) =>
      viewer === null ? null : loaders.userSettings.load(entityKey(account.id, viewer.userId)),
  }),
}));

const update = mutationArgs("user_settings.update", {
  omit: ["user_id"],
  describe: {
    account_id: "The account whose settings change (its `id`).",
    notification_email: "Where notices about the account are e-mailed.",
    contact_phone: "A contact phone number, as the user writes it.",
    contact_phone_extension: "The extension of that phone.",
    subscribe_email_types:
      "The kinds of e-mail to receive (for example ACCOUNT_PERFORMANCE); replaces the list.",
  },
});

const UpdateUserSettingsInput = builder.inputType("UpdateUserSettingsInput", {
  description:
    "New contact settings of the signed-in user on an account; fields left out keep their " +
    "values. Account administrators cannot change theirs this way.",
  fields: update.fields,
});

const UpdateUserSettingsPayload = builder
  .objectRef<{ userSettings: UserSettingsShape }>("UpdateUserSettingsPayload")
  .implement({
    description: "The settings as they are now.",
    fields: (t) => ({
      userSettings: t.field({
        type: UserSettingsRef,
        description: "The signed-in user's settings on the account after the change.",
        resolve: (r) => r.userSettings,
      }),
    }),
  });

// The user id is the signed-in caller's, set by the resolver: the planner checks the rest.
const UPDATE_USER_SETTINGS_CALL = callRule("user_settings.update", (input) => ({
  ...update.params(input),
  user_id: "0",
}));

builder.mutationFields((t) => ({
  updateUserSettings: t.field({
    ...fetchedBy(UPDATE_USER_SETTINGS_CALL),
    type: UpdateUserSettingsPayload,
    description: "Changes the signed-in user's contact settings on an account.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateUserSettings"),
    args: { input: t.arg({ type: UpdateUserSettingsInput, required: true }) },
    resolve: (_root, { input }, { upstream, viewer }) =>
      attempt(async () => {
        const userId = viewer?.userId ?? "";
        const params = { ...update.params(input), user_id: userId };
        const { data } = await upstream.call(UPDATE_USER_SETTINGS_CALL.endpoint, params);
        return {
          userSettings: { ...data, account_id: params.account_id, user_id: data.user_id ?? userId },
        };
      }, update.fieldOf),
  }),
}));
