import { z } from "zod";
import { adsId, timestamp } from "../scalars.js";

/** spec §2.1: every advertising resource has `id`, `created_at`, `updated_at`, `deleted`. */
export const advertisingFields = {
  id: adsId,
  created_at: timestamp,
  updated_at: timestamp,
  deleted: z.boolean(),
};
