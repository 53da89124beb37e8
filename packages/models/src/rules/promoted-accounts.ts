import type { z } from "zod";
import type { lineItemProductTypeSchema } from "../resources/line-item.js";

/**
 * spec §4.6, §7: only these line items can hold promoted accounts — creating one elsewhere is
 * 400 INCOMPATIBLE_LINE_ITEM, and listing them for line items of none of these types is a 400.
 * The spec does not name the types; the vendor's recorded PROMOTED_ACCOUNT line item does.
 */
export const PROMOTED_ACCOUNT_PRODUCT_TYPES: readonly z.output<typeof lineItemProductTypeSchema>[] =
  ["PROMOTED_ACCOUNT"];

/** Whether a line item of this product type can hold promoted accounts. */
export function holdsPromotedAccounts(productType: string | null | undefined): boolean {
  return (PROMOTED_ACCOUNT_PRODUCT_TYPES as readonly (string | null | undefined)[]).includes(
    productType,
  );
}
