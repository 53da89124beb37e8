import { describe, expect, it } from "vitest";
import { holdsPromotedAccounts } from "./promoted-accounts.js";

describe("holdsPromotedAccounts", () => {
  it("is true for PROMOTED_ACCOUNT line items only (spec §4.6, §7)", () => {
    expect(holdsPromotedAccounts("PROMOTED_ACCOUNT")).toBe(true);
    for (const other of ["MEDIA", "PROMOTED_POSTS", "PROMOTED_TWEETS", "", null, undefined]) {
      expect(holdsPromotedAccounts(other)).toBe(false);
    }
  });
});
