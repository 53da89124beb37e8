import { z } from "zod";
import { formatTimestamp, parseTimestamp } from "../timestamp.js";

/**
 * A timestamp parameter: the spec's exact `YYYY-MM-DDThh:mm:ssZ` string, or a Date (which is
 * formatted, dropping milliseconds). The output is always the wire string.
 */
export function timestampParam() {
  return z
    .union(
      [
        z.date(),
        z
          .string()
          .refine(
            (value) => parseTimestamp(value) !== null,
            "must be a UTC timestamp of the form YYYY-MM-DDThh:mm:ssZ",
          ),
      ],
      { error: "must be a UTC timestamp of the form YYYY-MM-DDThh:mm:ssZ" },
    )
    .transform((value) => (typeof value === "string" ? value : formatTimestamp(value)));
}
