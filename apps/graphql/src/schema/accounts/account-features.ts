import { builder } from "../../builder.js";
import type { GraphQLContext } from "../../context.js";
import { observedEnum } from "../common/enums.js";
import { AccountRef } from "./account.js";
import { eachRule, fetchedBy } from "../../cost/fetch-rule.js";

/**
 * Account features (beyond the spec, issue 33: the vendor's GET accounts/:account_id/features).
 * The vendor adds keys as betas come and go, so the set is observed: known keys from the spec
 * and the recorded answer, anything else UNRECOGNIZED beside `featuresRaw`.
 */
export const AccountFeature = observedEnum("AccountFeature", {
  description:
    "A beta or limited feature granted to an ad account; the account manager grants them, " +
    "not the advertiser.",
  values: {
    PROMOTED_MEDIA_POLLS: "Poll cards may show an image or a video.",
    CUSTOM_AUDIENCES_BATCH_BETA:
      "Flexible and mobile custom audiences may be created, changed and deleted several in one go.",
    SHARE_AUDIENCE_OUTSIDE_BUSINESS:
      "Custom audiences may be shared with accounts of another business.",
    CPI_CHARGING: "App install campaigns may be charged per install.",
    EVENT_TARGETING: "Line items may target events.",
    INSTALLED_APP_CATEGORY_TARGETING: "Line items may target people by the apps they installed.",
    MOBILE_CONVERSION_TRANSACTION_VALUE: "App conversions may report a transaction value.",
    OPTIMIZED_ACTION_BIDDING: "Bids may be optimised for an action.",
    OPTIMIZED_WEBSITE_CONVERSIONS: "Bids may be optimised for website conversions.",
    VIDEO_VIEWS_OBJECTIVE: "Campaigns may have the video views objective.",
    VIDEO_APP_DOWNLOAD_CARD: "Cards may show a video with an app download button.",
  },
});

/** One read per account and request, whether `features`, `featuresRaw` or both are asked. */
const FEATURES = eachRule("features.list", { dedupes: true });

const reads = new WeakMap<GraphQLContext["loaders"], Map<string, Promise<string[]>>>();

function featuresOf(accountId: string, context: GraphQLContext): Promise<string[]> {
  const byAccount = reads.get(context.loaders) ?? new Map<string, Promise<string[]>>();
  reads.set(context.loaders, byAccount);
  const known = byAccount.get(accountId);
  if (known !== undefined) return known;
  const read = context.upstream
    .call("features.list", { account_id: accountId })
    .then((answer) => [...answer.data]);
  byAccount.set(accountId, read);
  return read;
}

builder.objectFields(AccountRef, (t) => ({
  features: t.field({
    ...fetchedBy(FEATURES),
    type: [AccountFeature.ref],
    description:
      "The features granted to this account, in alphabetical order; empty when none. A key " +
      "this schema does not know reads as UNRECOGNIZED: `featuresRaw` has it.",
    resolve: async (account, _args, context) =>
      (await featuresOf(account.id, context)).map(AccountFeature.of),
  }),
  featuresRaw: t.stringList({
    ...fetchedBy(FEATURES),
    description:
      "The keys of the features granted to this account exactly as the ads service sent them, " +
      "in the same order as `features`.",
    resolve: (account, _args, context) => featuresOf(account.id, context),
  }),
}));
