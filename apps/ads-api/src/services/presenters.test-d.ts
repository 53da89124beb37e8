import type { Campaign, LineItem } from "@adsgraph/models";
import { describe, expectTypeOf, it } from "vitest";
import { presentCampaign } from "./campaigns.js";
import type { CampaignRow } from "./campaigns.js";
import { presentLineItem } from "./line-items.js";
import type { Presented } from "./presented.js";

declare const campaign: CampaignRow;
declare const now: Date;

describe("presenters answer the catalog's types (typecheck)", () => {
  it("a presenter returns its resource as the contract names it", () => {
    expectTypeOf(presentCampaign).returns.toEqualTypeOf<Presented<Campaign>>();
    expectTypeOf(presentLineItem).returns.toEqualTypeOf<Presented<LineItem>>();
  });

  it("refuses a presenter with a required field renamed", () => {
    function renamed(): Presented<Campaign> {
      const { name, ...rest } = presentCampaign(campaign, now);
      // @ts-expect-error `name` answered as `title`: the contract's field is missing
      return { ...rest, title: name };
    }
    expectTypeOf(renamed).returns.toEqualTypeOf<Presented<Campaign>>();
  });

  it("refuses a presenter with an optional field renamed", () => {
    function renamed(): Presented<Campaign> {
      const { entity_status: status, ...rest } = presentCampaign(campaign, now);
      // @ts-expect-error `entity_status` answered as `status`, a field the contract does not name
      return { ...rest, status };
    }
    expectTypeOf(renamed).returns.toEqualTypeOf<Presented<Campaign>>();
  });
});
