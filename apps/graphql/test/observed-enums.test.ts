import { readFileSync } from "node:fs";
import path from "node:path";
import { fromVendor } from "@adsgraph/models";
import { describe, expect, it } from "vitest";
import { postGraph } from "./support/post-graph.js";

// A recorded campaign (fixtures/vendor-sdk) with values of its observed-only fields that no
// spec or recording lists: what a client's exhaustive switch must survive.
const RECORDED = path.resolve(
  import.meta.dirname,
  "../../../../shared/fixtures/vendor-sdk/campaigns_load.json",
);

function recordedCampaign(): Record<string, unknown> {
  const recorded: unknown = JSON.parse(readFileSync(RECORDED, "utf8"));
  const body = fromVendor(recorded);
  const data: unknown =
    typeof body === "object" && body !== null ? Reflect.get(body, "data") : undefined;
  if (typeof data !== "object" || data === null) throw new Error("no recorded campaign");
  return {
    ...data,
    effective_status: "AWAITING_REVIEW",
    reasons_not_servable: ["EXPIRED", "BUDGET_EXHAUSTED"],
  };
}

const NO_POSTS = { posts: new Map(), users: new Map(), media: new Map() };

describe("observed enums", () => {
  it("read a value the schema does not know as UNRECOGNIZED, with the wire string beside it", async () => {
    const campaign = recordedCampaign();
    const { run } = postGraph(NO_POSTS, ({ endpointId }) =>
      endpointId === "campaigns.get" ? { data: campaign } : { data: [campaign], next_cursor: null },
    );
    const id = Buffer.from(
      `Campaign:${String(campaign.account_id)}/${String(campaign.id)}`,
    ).toString("base64");
    const result = await run(
      `query ($id: ID!) {
        node(id: $id) {
          ... on Campaign {
            entityStatus
            effectiveStatus effectiveStatusRaw
            reasonsNotServable reasonsNotServableRaw
          }
        }
      }`,
      { id },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.node).toEqual({
      entityStatus: "ACTIVE",
      effectiveStatus: "UNRECOGNIZED",
      effectiveStatusRaw: "AWAITING_REVIEW",
      reasonsNotServable: ["EXPIRED", "UNRECOGNIZED"],
      reasonsNotServableRaw: ["EXPIRED", "BUDGET_EXHAUSTED"],
    });
  });
});
