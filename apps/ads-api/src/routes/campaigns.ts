import { accountOf, userOf } from "./ads-route.js";
import type { AdsHandlers } from "./ads-route.js";
import { cacheable, listOf, single } from "../services/results.js";
import { runBatch } from "../services/batch-runner.js";
import {
  createCampaignIn,
  deleteCampaignIn,
  updateCampaignIn,
  withCampaignWriter,
} from "../services/campaign-writes.js";
import {
  getCampaign,
  listCampaigns,
  presentCampaign,
  servingChangesAt,
} from "../services/campaigns.js";
import {
  createFundingInstrument,
  deleteFundingInstrument,
  getFundingInstrument,
  listFundingInstruments,
  presentFundingInstrument,
} from "../services/funding-instruments.js";

/** spec §4.5 campaigns and funding instruments. */
export const campaignHandlers: AdsHandlers = {
  "campaigns.list": async (call) => {
    const now = call.ctx.clock();
    const page = await listCampaigns(call.ctx, accountOf(call).id, call.params);
    return cacheable(
      listOf(page, (row) => presentCampaign(row, now), "campaign"),
      servingChangesAt(page.rows, now),
    );
  },
  "campaigns.get": async (call) => {
    const { campaign_id: id, with_deleted: withDeleted } = call.params;
    const row = await getCampaign(call.ctx, accountOf(call).id, id, withDeleted === true);
    return single(presentCampaign(row, call.ctx.clock()), "campaign");
  },
  "campaigns.create": async (call) => {
    // spec §4.5: further parameters exist but are not shown; unknown ones are accepted and ignored.
    const row = await withCampaignWriter(
      call.ctx,
      accountOf(call),
      userOf(call).user.id,
      (writer) => createCampaignIn(writer, call.params),
    );
    return single(presentCampaign(row, call.ctx.clock()), "campaign");
  },
  "campaigns.update": async (call) => {
    const { campaign_id: id, account_id: _account, ...fields } = call.params;
    const row = await withCampaignWriter(
      call.ctx,
      accountOf(call),
      userOf(call).user.id,
      (writer) => updateCampaignIn(writer, id, fields),
    );
    return single(presentCampaign(row, call.ctx.clock()), "campaign");
  },
  "campaigns.delete": async (call) => {
    const row = await withCampaignWriter(
      call.ctx,
      accountOf(call),
      userOf(call).user.id,
      (writer) => deleteCampaignIn(writer, call.params.campaign_id),
    );
    return single(presentCampaign(row, call.ctx.clock()), "campaign");
  },
  "campaigns.batch": (call) =>
    runBatch(call.ctx, accountOf(call), userOf(call).user.id, call.params.operations, {
      idParam: "campaign_id",
      dataType: "campaign",
      max: (ctx) => ctx.limits.campaignBatchMax,
      create: createCampaignIn,
      update: updateCampaignIn,
      remove: deleteCampaignIn,
      present: presentCampaign,
    }),
  "funding_instruments.list": async (call) => {
    const ids = call.params.funding_instrument_ids;
    return cacheable(
      listOf(
        await listFundingInstruments(call.ctx, accountOf(call).id, call.params, ids),
        presentFundingInstrument,
        "funding_instrument",
      ),
    );
  },
  "funding_instruments.get": async (call) => {
    const { funding_instrument_id: id, with_deleted: withDeleted } = call.params;
    const row = await getFundingInstrument(
      call.ctx.prisma,
      accountOf(call).id,
      id,
      withDeleted === true,
    );
    return single(presentFundingInstrument(row), "funding_instrument");
  },
  "funding_instruments.create": async (call) => {
    const { account_id: _account, ...input } = call.params;
    const row = await createFundingInstrument(call.ctx, accountOf(call).id, input);
    return single(presentFundingInstrument(row), "funding_instrument");
  },
  "funding_instruments.delete": async (call) => {
    const row = await deleteFundingInstrument(
      call.ctx,
      accountOf(call).id,
      call.params.funding_instrument_id,
    );
    return single(presentFundingInstrument(row), "funding_instrument");
  },
};
