import { z } from "zod";
import { LIMITS } from "../limits.js";
import { adsId, digitId, timestamp } from "../scalars.js";

/** spec §2.7 (no recording). A draft delete answers with `status: "DELETED"`. */
export const draftPostSchema = z.looseObject({
  id: adsId,
  user_id: digitId,
  name: z.string().max(LIMITS.creativeName).nullable(),
  text: z.string(),
  nullcast: z.boolean(),
  card_uri: z.string().nullable(),
  media_keys: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
  deleted: z.boolean().optional(),
  status: z.literal("DELETED").optional(),
});
export type DraftPost = z.output<typeof draftPostSchema>;
