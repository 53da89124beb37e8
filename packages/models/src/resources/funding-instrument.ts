import { z } from "zod";
import { adsId, currencyCode, localMicro, openEnum, timestamp } from "../scalars.js";
import { advertisingFields } from "./common.js";

/** spec §2.4: closed enum. */
export const FUNDING_INSTRUMENT_TYPES = [
  "AGENCY_CREDIT_LINE",
  "CREDIT_CARD",
  "CREDIT_LINE",
  "INSERTION_ORDER",
  "PARTNER_MANAGED",
] as const;
export const fundingInstrumentTypeSchema = z.enum(FUNDING_INSTRUMENT_TYPES);

/** spec §2.4; entity_status and io_header are missing from the v11 recordings, so optional. */
export const fundingInstrumentSchema = z.looseObject({
  ...advertisingFields,
  account_id: adsId,
  type: fundingInstrumentTypeSchema,
  description: z.string(),
  currency: currencyCode,
  start_time: timestamp,
  end_time: timestamp.nullable(),
  // spec §2.4: which amounts apply depends on the type; all are in `currency`.
  credit_limit_local_micro: localMicro.nullable(),
  funded_amount_local_micro: localMicro.nullable(),
  credit_remaining_local_micro: localMicro.nullable(),
  entity_status: openEnum(["ACTIVE"]).optional(),
  able_to_fund: z.boolean(),
  reasons_not_able_to_fund: z.array(openEnum(["DELETED"])),
  io_header: z.string().nullable().optional(),
});
export type FundingInstrument = z.output<typeof fundingInstrumentSchema>;
