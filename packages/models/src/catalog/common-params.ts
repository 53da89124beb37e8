import { z } from "zod";
import { flag } from "../fields/booleans.js";
import { integer } from "../fields/numbers.js";
import { text } from "../fields/text.js";
import type { IntegerBounds } from "../fields/numbers.js";
import { LIMITS } from "../limits.js";
import { adsId } from "../scalars.js";

/** `:account_id` (spec §4.2: must belong to the authenticated user). */
export const accountPath = { account_id: adsId };

/** spec §4.2: single reads take with_deleted. */
export const withDeleted = { with_deleted: flag().optional() };

/** spec §4.2: `<attribute>-asc` or `<attribute>-desc`. */
export const sortBy = z
  .string()
  .regex(/^[A-Za-z0-9_.]+-(asc|desc)$/, "must be <attribute>-asc or <attribute>-desc");

/** spec §4.2 list parameters (LP); `count` bounds differ on cards (§4.7). */
export function listParams(count: IntegerBounds = LIMITS.listCount) {
  return {
    count: integer(count).optional(),
    cursor: z.string().min(1, "must not be empty").optional(),
    sort_by: sortBy.optional(),
    with_deleted: flag().optional(),
    with_total_count: flag().optional(),
  };
}

/** spec §4.2 / §4.3 / §4.5: `q` prefix search, 1 to 255 characters. */
export const nameQuery = { q: text(LIMITS.queryLength).optional() };

/** spec §4.7: `q` on card lists, at most 80 characters. */
export const cardNameQuery = { q: text(LIMITS.cardQueryLength).optional() };
