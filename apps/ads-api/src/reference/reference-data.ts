import { readFileSync } from "node:fs";
import path from "node:path";
import {
  advertiserBusinessCategorySchema,
  biddingRuleSchema,
  contentCategorySchema,
  iabCategorySchema,
  placementSchema,
} from "@adsgraph/models";
import type {
  AdvertiserBusinessCategory,
  BiddingRule,
  ContentCategory,
  IabCategory,
  Placement,
} from "@adsgraph/models";
import { z } from "zod";

/** `apps/ads-api/data/` (the same depth from src/ and dist/). */
const dataDir = path.resolve(import.meta.dirname, "..", "..", "data");

/** spec §4.4 reference data, shipped as JSON files under `data/` and checked against the models. */
export interface ReferenceData {
  readonly businessCategories: readonly AdvertiserBusinessCategory[];
  readonly biddingRules: readonly BiddingRule[];
  readonly contentCategories: readonly ContentCategory[];
  readonly iabCategories: readonly IabCategory[];
  readonly placements: readonly Placement[];
}

function load<T extends z.ZodType>(file: string, item: T): z.output<T>[] {
  const parsed: unknown = JSON.parse(readFileSync(path.join(dataDir, file), "utf8"));
  const result = z.array(item).safeParse(parsed);
  if (!result.success)
    throw new Error(`data/${file} does not match its schema: ${result.error.message}`);
  return result.data;
}

export function loadReferenceData(): ReferenceData {
  return {
    businessCategories: load(
      "advertiser-business-categories.json",
      advertiserBusinessCategorySchema,
    ),
    biddingRules: load("bidding-rules.json", biddingRuleSchema),
    contentCategories: load("content-categories.json", contentCategorySchema),
    iabCategories: load("iab-categories.json", iabCategorySchema),
    placements: load("placements.json", placementSchema),
  };
}
