import { z } from "zod";
import { TIMESTAMP_RULE, formatTimestamp, isStorableDate, isTimestamp } from "../timestamp.js";

/**
 * A timestamp parameter: the spec's exact `YYYY-MM-DDThh:mm:ssZ` string, or a Date (which is
 * formatted, dropping milliseconds). The output is always the wire string. Years outside
 * 1970 to 9999 are refused in either form.
 */
export function timestampParam() {
  return z
    .union(
      [
        z.date().refine(isStorableDate, TIMESTAMP_RULE),
        z.string().refine(isTimestamp, TIMESTAMP_RULE),
      ],
      { error: TIMESTAMP_RULE },
    )
    .transform((value) => (typeof value === "string" ? value : formatTimestamp(value)));
}
