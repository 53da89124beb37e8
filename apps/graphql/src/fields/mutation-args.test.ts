import { describe, expect, it } from "vitest";
// The schema first: nested inputs below name the schema's own (found again by name, not added).
import "../schema/index.js";
import { CampaignRef } from "../schema/campaigns/campaign.js";
import { fieldName } from "./input-forms.js";
import { mutationArgs } from "./mutation-args.js";

const campaign = { typename: "Campaign", id: "acc1/c1" };

describe("fieldName", () => {
  it("camelCases a wire name and names an amount by what it is", () => {
    expect(fieldName("funding_instrument_id")).toBe("fundingInstrumentId");
    expect(fieldName("in_reply_to_post_id")).toBe("inReplyToPostId");
    expect(fieldName("daily_budget_amount_local_micro")).toBe("dailyBudget");
    expect(fieldName("total_budget_amount_local_micro")).toBe("totalBudget");
    expect(fieldName("bid_amount_local_micro")).toBe("bidAmount");
    expect(fieldName("credit_limit_local_micro")).toBe("creditLimit");
    expect(fieldName("funded_amount_local_micro")).toBe("fundedAmount");
  });
});

describe("mutationArgs", () => {
  it("sends the given fields under the catalog's names; null and absent are left out", () => {
    const update = mutationArgs("campaigns.update", { globalIds: { campaign_id: CampaignRef } });
    expect(
      update.params({ id: campaign, name: "n", dailyBudget: "5000000", totalBudget: null }),
    ).toEqual({
      account_id: "acc1",
      campaign_id: "c1",
      name: "n",
      daily_budget_amount_local_micro: "5000000",
    });
    expect(update.fieldOf("daily_budget_amount_local_micro")).toBe("dailyBudget");
    // The global id carries both the account and the campaign.
    expect(update.fieldOf("campaign_id")).toBe("id");
    expect(update.fieldOf("account_id")).toBe("id");
    expect(update.fieldOf("not_in_the_catalog")).toBe("notInTheCatalog");
  });

  it("asks a batch item flat (`type` beside its params) and names its paths so", () => {
    const batch = mutationArgs("campaigns.batch", {
      inputs: { operations: { name: "CampaignBatchOperation" } },
    });
    const operations = [
      { type: "Update", campaignId: "c1", dailyBudget: "1", name: null },
      { type: "Delete", campaignId: "c2" },
    ];
    expect(batch.params({ accountId: "acc1", operations })).toEqual({
      account_id: "acc1",
      operations: [
        {
          operation_type: "Update",
          params: { campaign_id: "c1", daily_budget_amount_local_micro: "1" },
        },
        { operation_type: "Delete", params: { campaign_id: "c2" } },
      ],
    });
    expect(batch.fieldOf("operations[2].params.daily_budget_amount_local_micro")).toBe(
      "operations[2].dailyBudget",
    );
    expect(batch.fieldOf("operations[0].operation_type")).toBe("operations[0].type");
    expect(batch.fieldOf("operations[1].name")).toBe("operations[1].name");
  });

  it("asks a one-value object as its value, and names its paths by the field", () => {
    const publish = mutationArgs("post_data.posts.create", {
      omit: ["edit_options"],
      rename: { media: "mediaIds", reply: "replyTo" },
    });
    expect(publish.params({ text: "t", mediaIds: ["1", "2"], replyTo: "9" })).toEqual({
      text: "t",
      media: { media_ids: ["1", "2"] },
      reply: { in_reply_to_post_id: "9" },
    });
    expect(publish.fieldOf("media.media_ids[1]")).toBe("mediaIds[1]");
    expect(publish.fieldOf("media")).toBe("mediaIds");
    expect(publish.fieldOf("reply.in_reply_to_post_id")).toBe("replyTo");
  });

  it("fills the fixed keys of a collapsed object back in, inside nested inputs", () => {
    const create = mutationArgs("cards.create", {
      inputs: {
        components: { name: "CardComponentInput" },
        slides: { name: "CardComponentInput" },
      },
    });
    const button = {
      type: "BUTTON",
      label: "SHOP",
      destination: { type: "APP", countryCode: "US", iosAppStoreIdentifier: "1", url: null },
    };
    expect(create.params({ accountId: "acc1", name: "n", slides: [[button]] })).toEqual({
      account_id: "acc1",
      name: "n",
      slides: [
        [
          {
            type: "BUTTON",
            label: { type: "ENUM", value: "SHOP" },
            destination: { type: "APP", country_code: "US", ios_app_store_identifier: "1" },
          },
        ],
      ],
    });
    expect(create.fieldOf("components[1].label.type")).toBe("components[1].label");
    expect(create.fieldOf("components[1].destination.country_code")).toBe(
      "components[1].destination.countryCode",
    );
    expect(create.fieldOf("slides[0][1].media_key")).toBe("slides[0][1].mediaKey");
  });

  it("names a long hostile path in one pass", () => {
    const create = mutationArgs("campaigns.create");
    const hostile = `${"a".repeat(200_000)}[\n`;
    expect(create.fieldOf(hostile)).toBe(hostile);
  });

  it("refuses an object parameter without its input object", () => {
    expect(() => mutationArgs("campaigns.batch")).toThrow(/operations: an object/);
  });
});
