import { builder } from "../../builder.js";
import {
  connectionComplexity,
  connectionOfAll,
  connectionType,
  pageArgs,
} from "../../fields/connections.js";
import { serves } from "../../fields/serves.js";
import type { AccountAppShape } from "../../loaders/service-loaders.js";
import { AccountRef } from "./account.js";

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
    osType: t.string({
      nullable: true,
      description:
        "The platform the app runs on, as a code (for example IOS or ANDROID); null when not " +
        "given.",
      resolve: (app) => app.os_type ?? null,
    }),
  }),
});

const AccountAppConnection = connectionType(
  "AccountApp",
  AccountAppRef,
  "Mobile apps of an account.",
);

builder.objectFields(AccountRef, (t) => ({
  apps: t.field({
    ...serves("account_apps.list"),
    type: AccountAppConnection,
    nullable: true,
    description: "The mobile apps the account advertises, in the order the service lists them.",
    complexity: connectionComplexity,
    args: pageArgs(t.arg),
    resolve: (account, args, { loaders }) =>
      connectionOfAll(args, 1000, () => loaders.accountApps.load(account.id)),
  }),
}));
