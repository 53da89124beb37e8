import { describe, expectTypeOf, it } from "vitest";
import type { Campaign } from "../resources/campaign.js";
import type { ListEnvelope, SingleEnvelope } from "../envelopes.js";
import type { PollCard } from "../resources/card.js";
import { getEndpoint } from "./catalog.js";
import type { catalog } from "./catalog.js";
import type { Catalog, EndpointId } from "./catalog.js";
import type { EndpointParams, EndpointParsedParams, EndpointResult } from "./endpoint.js";
import { parseParams, validateParams } from "../validate.js";

describe("catalog types follow from the entries", () => {
  it("campaigns.update params: name?: string, money as number or digits", () => {
    type Params = EndpointParams<Catalog["campaigns.update"]>;
    expectTypeOf<Params>().toHaveProperty("name");
    expectTypeOf<Params["name"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Params["account_id"]>().toEqualTypeOf<string>();
    expectTypeOf<Params["entity_status"]>().toEqualTypeOf<"ACTIVE" | "PAUSED" | undefined>();
    expectTypeOf<Params["standard_delivery"]>().toEqualTypeOf<
      boolean | "true" | "false" | undefined
    >();
    expectTypeOf<{ account_id: string; campaign_id: string; name: string }>().toExtend<Params>();
    expectTypeOf<EndpointParams<(typeof catalog)["campaigns.update"]>>().toEqualTypeOf<Params>();
  });

  it("parsed params normalise id lists and booleans", () => {
    type Parsed = EndpointParsedParams<Catalog["campaigns.list"]>;
    expectTypeOf<EndpointParams<Catalog["campaigns.list"]>["campaign_ids"]>().toEqualTypeOf<
      string | string[] | undefined
    >();
    expectTypeOf<Parsed["campaign_ids"]>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<Parsed["with_deleted"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<Parsed["count"]>().toEqualTypeOf<number | undefined>();
  });

  it("campaigns.list answers a list envelope of Campaign", () => {
    type Result = EndpointResult<Catalog["campaigns.list"]>;
    expectTypeOf<Result>().toExtend<ListEnvelope<Campaign>>();
    expectTypeOf<Result["data"]>().toEqualTypeOf<Campaign[]>();
    expectTypeOf<Result["next_cursor"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Result["total_count"]>().toEqualTypeOf<number | undefined>();
  });

  it("single reads answer a single envelope", () => {
    type Result = EndpointResult<Catalog["cards.poll.get"]>;
    expectTypeOf<Result>().toExtend<SingleEnvelope<PollCard>>();
    expectTypeOf<Result["data"]["first_choice"]>().toEqualTypeOf<string>();
  });

  it("observed-only values stay open strings", () => {
    expectTypeOf<Campaign["reasons_not_servable"][number]>().toExtend<string>();
    expectTypeOf<"EXPIRED">().toExtend<Campaign["reasons_not_servable"][number]>();
  });

  it("media keys take plain keys or {key, kind}", () => {
    type MediaKeys = EndpointParams<Catalog["posts.create"]>["media_keys"];
    expectTypeOf<[{ key: string; kind: "video" }]>().toExtend<MediaKeys>();
    expectTypeOf<"3_1,3_2">().toExtend<MediaKeys>();
    expectTypeOf<EndpointParsedParams<Catalog["posts.create"]>["media_keys"]>().toEqualTypeOf<
      string[] | undefined
    >();
  });

  it("lookup and validation keep the entry types", () => {
    expectTypeOf(getEndpoint("campaigns.get")).toEqualTypeOf<Catalog["campaigns.get"]>();
    expectTypeOf<EndpointId>().toExtend<string>();
    const result = validateParams("campaigns.get", {});
    if (result.ok) expectTypeOf(result.value.campaign_id).toEqualTypeOf<string>();
    expectTypeOf(parseParams).returns.toBeUnknown();
    expectTypeOf(parseParams("cards.poll.create", {}).duration_in_minutes).toEqualTypeOf<number>();
  });
});
