import { z } from "zod";
import { adsId } from "../scalars.js";

/** spec §2.9. */
export const contentCategorySchema = z.looseObject({
  id: adsId,
  name: z.string(),
  iab_categories: z.array(z.string()),
  publishers_in_last_thirty_days: z.number().int(),
  videos_monetized_in_last_thirty_days: z.number().int(),
});
export type ContentCategory = z.output<typeof contentCategorySchema>;

/** spec §2.9: other fields not shown. */
export const iabCategorySchema = z.looseObject({
  id: z.string().regex(/^IAB\d+(-\d+)?$/, "must be an IAB category id such as IAB1"),
  parent_id: z.string().nullable(),
});
export type IabCategory = z.output<typeof iabCategorySchema>;
