import { readFileSync } from "node:fs";
import path from "node:path";
import {
  advertiserBusinessCategorySchema,
  biddingRuleSchema,
  contentCategorySchema,
  iabCategorySchema,
  placementSchema,
} from "@adsgraph/models";
import type { Placement } from "@adsgraph/models";
import { z } from "zod";

/** `apps/ads-api/data/` (the same depth from src/ and dist/). */
const dataDir = path.resolve(import.meta.dirname, "..", "..", "data");

/** spec §4.4 reference data, shipped as JSON files under `data/` and checked against the models. */
export interface ReferenceData {
  readonly businessCategories: readonly Record<string, unknown>[];
  readonly biddingRules: readonly (Record<string, unknown> & { currency?: string | undefined })[];
  readonly contentCategories: readonly Record<string, unknown>[];
  readonly iabCategories: readonly (Record<string, unknown> & { id: string })[];
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
