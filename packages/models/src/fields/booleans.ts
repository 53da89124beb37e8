import { z } from "zod";

/**
 * A boolean parameter. On query strings booleans are the words `true`/`false`; those two
 * exact strings and real booleans are accepted, anything else (`"yes"`, `"1"`) is not.
 */
export function flag() {
  return z
    .union([z.boolean(), z.enum(["true", "false"])], { error: "must be true or false" })
    .transform((value) => value === true || value === "true");
}
