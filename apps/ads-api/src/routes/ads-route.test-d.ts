import type { Campaign } from "@adsgraph/models";
import { describe, expectTypeOf, it } from "vitest";
import type { LineItem } from "../generated/prisma/client.js";
import { presentLineItem } from "../services/line-items.js";
import { single } from "../services/results.js";
import type { ListResult } from "../services/results.js";
import type { AdsHandlers, AdsResult } from "./ads-route.js";

declare const lineItem: LineItem;

describe("handlers answer what their catalog entry answers (typecheck)", () => {
  it("types a handler's result by its endpoint", () => {
    expectTypeOf<AdsResult<"campaigns.list">>().toEqualTypeOf<ListResult<Campaign>>();
  });

  it("refuses a handler answering another endpoint's resource", () => {
    const handlers: AdsHandlers = {
      "line_items.get": () => Promise.resolve(single(presentLineItem(lineItem))),
      // @ts-expect-error campaigns.get answers a campaign, not a line item
      "campaigns.get": () => Promise.resolve(single(presentLineItem(lineItem))),
    };
    expectTypeOf(handlers).toExtend<AdsHandlers>();
  });
});
