import { describe, expect, it } from "vitest";
import { planUsersBatch } from "./users-batch-plan.js";
import type { UsersOperation } from "./users-batch-plan.js";

const A = "a".repeat(64);
const B = "b".repeat(64);
const C = "c".repeat(64);
const LATER = "2027-01-01T00:00:00Z";

const update = (users: UsersOperation["params"]["users"], expires?: string): UsersOperation => ({
  operation_type: "Update",
  params: { users, ...(expires === undefined ? {} : { expires_at: expires }) },
});
const remove = (users: UsersOperation["params"]["users"]): UsersOperation => ({
  operation_type: "Delete",
  params: { users },
});

describe("planUsersBatch", () => {
  it("counts users, not identifiers, over every operation", () => {
    const plan = planUsersBatch([
      update([{ email: [A, B], phone_number: C }, { partner_user_id: ["crm-1"] }]),
      remove([{ email: [C] }]),
    ]);
    expect(plan.users).toBe(3);
    expect(plan.updates.map((member) => member.kind).sort()).toEqual([
      "email",
      "email",
      "partner_user_id",
      "phone_number",
    ]);
  });

  it("lets the last operation on a member decide, as applying them in order would", () => {
    const plan = planUsersBatch([
      update([{ email: [A] }]),
      remove([{ email: [A] }]),
      update([{ email: [B] }]),
      update([{ email: [B] }], LATER),
      remove([{ email: [C] }]),
      update([{ email: [C] }], LATER),
    ]);
    // A: added then deleted (removed); B: updated twice, the last times win; C: deleted then
    // added again, so it is removed first and added anew.
    expect(plan.removals).toEqual([
      { kind: "email", value: A },
      { kind: "email", value: C },
    ]);
    expect(plan.updates).toEqual([
      { kind: "email", value: B, effectiveAt: null, expiresAt: LATER },
      { kind: "email", value: C, effectiveAt: null, expiresAt: LATER },
    ]);
  });

  it("keeps one kind apart from another with the same value", () => {
    const plan = planUsersBatch([update([{ email: [A], device_id: [A] }]), remove([{ email: A }])]);
    expect(plan.updates).toEqual([
      { kind: "device_id", value: A, effectiveAt: null, expiresAt: null },
    ]);
    expect(plan.removals).toEqual([{ kind: "email", value: A }]);
  });
});
