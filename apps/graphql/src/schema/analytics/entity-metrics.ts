import { byIdRule, statsReads, statsRule } from "../../cost/fetch-rule.js";
import type { GraphQLContext } from "../../context.js";
import { entityKey } from "../../loaders/keys.js";
import { AccountRef } from "../accounts/account.js";
import { FundingInstrumentRef } from "../accounts/funding-instrument.js";
import { PromotedAccountRef } from "../accounts/promoted-account.js";
import { CampaignRef } from "../campaigns/campaign.js";
import { LineItemRef } from "../campaigns/line-item.js";
import { MediaCreativeRef } from "../creatives/media-creative.js";
import { PromotedPostRef } from "../creatives/promoted-post.js";
import { metricsField } from "./metrics-field.js";

// `metrics` on every entity the analytics report on (issue 36). Money is in the currency of
// the entity's campaign: a line item says it or its campaign does; a creative's is its line
// item's.

/**
 * What `metrics` reads: `stats.get` per window of at most 7 days, or past 14 days a job per 20
 * entities (`stats.jobs.create`, polled by `stats.jobs.list`, its `stats.jobs.result` file).
 */
const STATS = statsReads("stats.get", "stats.jobs.create", "stats.jobs.result", "stats.jobs.list");

const CAMPAIGN = byIdRule("campaigns.get");
const LINE_ITEM = byIdRule("line_items.get");

/** A line item's currency: its own, else its campaign's (read by id, batched). */
async function lineItemCurrency(
  accountId: string,
  lineItemId: string,
  { loaders }: GraphQLContext,
): Promise<string | null> {
  const lineItem = await loaders.byId(LINE_ITEM.read).load(entityKey(accountId, lineItemId));
  return lineItem.currency ?? campaignCurrency(accountId, lineItem.campaign_id, loaders);
}

async function campaignCurrency(
  accountId: string,
  campaignId: string,
  loaders: GraphQLContext["loaders"],
): Promise<string> {
  return (await loaders.byId(CAMPAIGN.read).load(entityKey(accountId, campaignId))).currency;
}

metricsField(AccountRef, {
  rule: statsRule("ACCOUNT", STATS),
  entity: "ACCOUNT",
  noun: "account",
  accountOf: (account) => account.id,
  idOf: (account) => account.id,
  // An account reports engagement only: no money.
  currencyOf: () => null,
});

metricsField(FundingInstrumentRef, {
  rule: statsRule("FUNDING_INSTRUMENT", STATS),
  entity: "FUNDING_INSTRUMENT",
  noun: "funding instrument",
  accountOf: (fi) => fi.account_id,
  idOf: (fi) => fi.id,
  currencyOf: (fi) => fi.currency,
});

metricsField(CampaignRef, {
  rule: statsRule("CAMPAIGN", STATS),
  entity: "CAMPAIGN",
  noun: "campaign",
  accountOf: (campaign) => campaign.account_id,
  idOf: (campaign) => campaign.id,
  currencyOf: (campaign) => campaign.currency,
});

metricsField(LineItemRef, {
  rule: statsRule("LINE_ITEM", STATS, { currencyReads: [CAMPAIGN] }),
  entity: "LINE_ITEM",
  noun: "line item",
  accountOf: (lineItem) => lineItem.account_id,
  idOf: (lineItem) => lineItem.id,
  currencyOf: (lineItem, { loaders }) =>
    lineItem.currency ?? campaignCurrency(lineItem.account_id, lineItem.campaign_id, loaders),
});

const CREATIVE_CURRENCY = { currencyReads: [LINE_ITEM, CAMPAIGN] };

/** A creative's currency: its line item's (null when it names none). */
const creativeCurrency = (
  creative: { readonly account_id: string; readonly line_item_id?: string | undefined },
  context: GraphQLContext,
) =>
  creative.line_item_id === undefined
    ? null
    : lineItemCurrency(creative.account_id, creative.line_item_id, context);

metricsField(PromotedPostRef, {
  rule: statsRule("PROMOTED_POST", STATS, CREATIVE_CURRENCY),
  entity: "PROMOTED_POST",
  noun: "promoted post",
  accountOf: (post) => post.account_id,
  idOf: (post) => post.id,
  currencyOf: creativeCurrency,
});

metricsField(PromotedAccountRef, {
  rule: statsRule("PROMOTED_ACCOUNT", STATS, CREATIVE_CURRENCY),
  entity: "PROMOTED_ACCOUNT",
  noun: "promoted account",
  accountOf: (promoted) => promoted.account_id,
  idOf: (promoted) => promoted.id,
  currencyOf: creativeCurrency,
});

metricsField(MediaCreativeRef, {
  rule: statsRule("MEDIA_CREATIVE", STATS, CREATIVE_CURRENCY),
  entity: "MEDIA_CREATIVE",
  noun: "media creative",
  accountOf: (creative) => creative.account_id,
  idOf: (creative) => creative.id,
  currencyOf: creativeCurrency,
});
