import { builder } from "../../builder.js";
import {
  connectionComplexity,
  connectionOfAll,
  connectionType,
  pageArgs,
} from "../../fields/connections.js";
import { observedFields } from "../../fields/observed-fields.js";
import { observedEnum } from "../common/enums.js";
import type { AccountAppShape } from "../../loaders/service-loaders.js";
import { AccountRef } from "./account.js";
import { fetchedBy, wholeListRule } from "../../cost/fetch-rule.js";

const AppOsType = observedEnum("AppOsType", {
  description: "The mobile platform an app is published on.",
  values: {
    IOS: "Apple's App Store (iPhone and iPad).",
    ANDROID: "Google Play (Android phones and tablets).",
  },
});

/** A mobile app of an account (its fields beyond these are not shown by the service). */
const AccountAppRef = builder.objectRef<AccountAppShape>("AccountApp").implement({
  description:
    "A mobile app the account advertises, as app-install and engagement campaigns name it.",
  fields: (t) => ({
    rawId: t.string({
      nullable: true,
      description: "The app's own id in the ads platform; null when none is given.",
      resolve: (app) => app.id ?? null,
    }),
    appStoreIdentifier: t.string({
      nullable: true,
      description:
        "The app's id in its store (an App Store number or a Google Play package name); null " +
        "when not given.",
      resolve: (app) => app.app_store_identifier ?? null,
    }),
    ...observedFields(t, "osType", {
      enum: AppOsType,
      description:
        "The platform the app runs on; null when not given, UNRECOGNIZED for a platform this " +
        "API does not know yet (see osTypeRaw).",
      resolve: (app) => app.os_type,
    }),
  }),
});

const AccountAppConnection = connectionType(
  "AccountApp",
  AccountAppRef,
  "Mobile apps of an account.",
);

/** Every page of the account's apps, once per account (loaders.accountApps). */
const APPS = wholeListRule("account_apps.list");

builder.objectFields(AccountRef, (t) => ({
  apps: t.field({
    ...fetchedBy(APPS),
    type: AccountAppConnection,
    nullable: true,
    description: "The mobile apps the account advertises, in the order the service lists them.",
    complexity: connectionComplexity,
    args: pageArgs(t.arg),
    resolve: (account, args, { loaders }) =>
      connectionOfAll(args, APPS.maxCount, () => loaders.accountApps.load(account.id)),
  }),
}));
