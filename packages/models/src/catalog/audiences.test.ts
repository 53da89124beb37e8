import { describe, expect, it } from "vitest";
import { AUDIENCE_IDENTIFIER_KINDS } from "../params/users-batch.js";
import { LIMITS } from "../limits.js";
import { countLeafSegments, leafSegments } from "../params/audience-segments.js";
import { expectValid, expectViolation, violationsOf } from "../../test/support.js";

const hash = "a".repeat(64);
const now = new Date("2026-03-01T12:00:00Z");

describe("keyword insights (spec §4.8)", () => {
  const search = {
    granularity: "DAY",
    keywords: "coffee,tea",
    start_time: "2026-02-25T00:00:00Z",
    end_time: "2026-03-01T00:00:00Z",
  };

  it("at most 10 keywords and negative keywords together", () => {
    const words = (count: number, prefix: string) =>
      Array.from({ length: count }, (_unused, index) => `${prefix}${index}`);
    const max = LIMITS.keywordInsights.keywords;
    expectValid("insights.keywords.search", {
      ...search,
      keywords: words(max - 2, "k"),
      negative_keywords: words(2, "n"),
    });
    const violation = expectViolation(
      "insights.keywords.search",
      { ...search, keywords: words(max - 2, "k"), negative_keywords: words(3, "n") },
      "keywords",
      "TOO_MANY_ITEMS",
    );
    expect(violation.message).toBe(
      "keywords and negative_keywords together must hold at most 10 keywords (got 11)",
    );
  });

  it("a window of at most 7 days, end after start", () => {
    expectValid("insights.keywords.search", { ...search, start_time: "2026-02-22T00:00:00Z" });
    expectViolation(
      "insights.keywords.search",
      { ...search, start_time: "2026-02-21T23:00:00Z" },
      "end_time",
      "OUT_OF_RANGE",
    );
    expectViolation(
      "insights.keywords.search",
      { ...search, end_time: "2026-02-24T00:00:00Z" },
      "end_time",
      "OUT_OF_RANGE",
    );
  });

  it("end_time defaults to now, which can be injected", () => {
    const { end_time: _omitted, ...open } = search;
    expectValid("insights.keywords.search", open, { now });
    expectViolation("insights.keywords.search", open, "start_time", "OUT_OF_RANGE", {
      now: new Date("2026-03-10T00:00:00Z"),
    });
  });

  it("location is one country: an ISO 3166-1 alpha-2 code in upper case or its targeting value", () => {
    for (const location of ["US", "GB", "JP", "ZW", "96683cc9126741d1", "6416b8512febefc9"]) {
      expectValid("insights.keywords.search", { ...search, location });
    }
    for (const location of ["us", "USA", "UK", "XX", "", "96683cc9126741d2", "U S"]) {
      const violation = expectViolation(
        "insights.keywords.search",
        { ...search, location },
        "location",
        "INVALID_PARAMETER",
      );
      expect(violation.message).toContain("ISO 3166-1 alpha-2");
    }
  });

  it("granularity is DAY or HOUR and keywords are required", () => {
    expectViolation(
      "insights.keywords.search",
      { ...search, granularity: "WEEK" },
      "granularity",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "insights.keywords.search",
      { ...search, keywords: undefined },
      "keywords",
      "MISSING_PARAMETER",
    );
  });
});

describe("custom-audience batch (spec §4.8)", () => {
  const leaf = (id: string) => ({ custom_audience_id: id, lookback_window: 30 });
  const item = (params: Record<string, unknown>) => ({
    operation_type: "Create",
    params: { audience_type: "FLEXIBLE", name: "Flex", ...params },
  });

  it("at most 10 items", () => {
    const items = (count: number) =>
      Array.from({ length: count }, () => item({ segments: leaf("abc1") }));
    expectValid("custom_audiences.batch", {
      account_id: "a1",
      operations: items(LIMITS.customAudienceBatch.items),
    });
    expectViolation(
      "custom_audiences.batch",
      { account_id: "a1", operations: items(LIMITS.customAudienceBatch.items + 1) },
      "operations",
      "TOO_MANY_ITEMS",
    );
  });

  it("at most 10 leaf segments per flexible audience", () => {
    const leaves = (count: number) =>
      Array.from({ length: count }, (_unused, index) => leaf(`ca${index}`));
    expectValid("custom_audiences.batch", {
      account_id: "a1",
      operations: [
        item({
          boolean_operator: "AND",
          child_segments: leaves(LIMITS.customAudienceBatch.leafSegments),
        }),
      ],
    });
    expectViolation(
      "custom_audiences.batch",
      {
        account_id: "a1",
        operations: [
          item({
            boolean_operator: "OR",
            child_segments: [{ boolean_operator: "AND", child_segments: leaves(6) }, ...leaves(5)],
          }),
        ],
      },
      "operations[0].params.child_segments",
      "TOO_MANY_ITEMS",
    );
    expect(countLeafSegments({ child_segments: [{ child_segments: [{}, {}] }, {}] })).toBe(3);
  });

  it("boolean_operator when child_segments is non-empty, at any depth", () => {
    expectValid("custom_audiences.batch", {
      account_id: "a1",
      operations: [item({ segments: leaf("x"), child_segments: [] })],
    });
    expectViolation(
      "custom_audiences.batch",
      { account_id: "a1", operations: [item({ child_segments: [leaf("x")] })] },
      "operations[0].params.boolean_operator",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "custom_audiences.batch",
      {
        account_id: "a1",
        operations: [
          item({ boolean_operator: "AND", child_segments: [{ child_segments: [leaf("x")] }] }),
        ],
      },
      "operations[0].params.child_segments[0].boolean_operator",
      "MISSING_PARAMETER",
    );
  });

  it("lookback_window is 1, 7, 14 or 30", () => {
    for (const days of LIMITS.lookbackWindowDays)
      expectValid("custom_audiences.batch", {
        account_id: "a1",
        operations: [item({ segments: { ...leaf("x"), lookback_window: days } })],
      });
    expectViolation(
      "custom_audiences.batch",
      { account_id: "a1", operations: [item({ segments: { ...leaf("x"), lookback_window: 10 } })] },
      "operations[0].params.segments.lookback_window",
      "INVALID_PARAMETER",
    );
  });

  it("Update and Delete name their audience; a Create its type, a name and named leaves", () => {
    const batch = (...operations: unknown[]) => ({ account_id: "a1", operations });
    expectValid(
      "custom_audiences.batch",
      batch(
        { operation_type: "Update", params: { custom_audience_id: "abc1", description: "a\nb" } },
        { operation_type: "Delete", params: { custom_audience_id: "abc1" } },
        { operation_type: "Create", params: { audience_type: "MOBILE_AUDIENCE", name: "M" } },
      ),
    );
    for (const type of ["Update", "Delete"]) {
      expectViolation(
        "custom_audiences.batch",
        batch({ operation_type: type, params: { name: "x" } }),
        "operations[0].params.custom_audience_id",
        "MISSING_PARAMETER",
      );
    }
    expectViolation(
      "custom_audiences.batch",
      batch({ operation_type: "Create", params: { audience_type: "MOBILE_AUDIENCE" } }),
      "operations[0].params.name",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "custom_audiences.batch",
      batch({ operation_type: "Create", params: { name: "N" } }),
      "operations[0].params.audience_type",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "custom_audiences.batch",
      batch(item({})),
      "operations[0].params.segments",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "custom_audiences.batch",
      batch(item({ boolean_operator: "OR", child_segments: [leaf("x"), { lookback_window: 7 }] })),
      "operations[0].params.child_segments[1].custom_audience_id",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "custom_audiences.batch",
      batch({
        operation_type: "Create",
        params: { audience_type: "MOBILE_AUDIENCE", name: "M", segments: leaf("x") },
      }),
      "operations[0].params.segments",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "custom_audiences.batch",
      batch({
        operation_type: "Update",
        params: { custom_audience_id: "f1", segments: leaf("x") },
      }),
      "operations[0].params.segments",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "custom_audiences.batch",
      batch(item({ custom_audience_id: "abc1", segments: leaf("x") })),
      "operations[0].params.custom_audience_id",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "custom_audiences.batch",
      batch({ operation_type: "Update", params: { custom_audience_id: "a", description: 5 } }),
      "operations[0].params.description",
      "INVALID_PARAMETER",
    );
  });

  it("leafSegments lists every leaf with its path", () => {
    expect(
      leafSegments({
        segments: leaf("a"),
        child_segments: [leaf("b"), { boolean_operator: "AND", child_segments: [leaf("c")] }],
      }).map((found) => [found.path.join("."), found.node.custom_audience_id]),
    ).toEqual([
      ["segments", "a"],
      ["child_segments.0", "b"],
      ["child_segments.1.child_segments.0", "c"],
    ]);
  });

  it("audience_type is FLEXIBLE or MOBILE_AUDIENCE", () => {
    expectViolation(
      "custom_audiences.batch",
      { account_id: "a1", operations: [item({ audience_type: "CRM" })] },
      "operations[0].params.audience_type",
      "INVALID_PARAMETER",
    );
  });
});

describe("audience users and do-not-reach batches (spec §4.8, §8)", () => {
  const user = { email: [hash] };
  const operation = {
    operation_type: "Update",
    params: { users: [user], expires_at: "2026-06-01T00:00:00Z" },
  };
  const audience = { account_id: "a1", custom_audience_id: "abc1" };
  const dnr = { account_id: "a1", do_not_reach_list_id: "d1" };

  it("at most 2,500 operations", () => {
    const ops = (count: number) => Array.from({ length: count }, () => operation);
    expectValid("custom_audiences.users.batch", {
      ...audience,
      operations: ops(LIMITS.usersBatch.operations),
    });
    expectViolation(
      "custom_audiences.users.batch",
      { ...audience, operations: ops(LIMITS.usersBatch.operations + 1) },
      "operations",
      "TOO_MANY_ITEMS",
    );
    expectViolation(
      "do_not_reach_lists.users.batch",
      { ...dnr, operations: ops(LIMITS.usersBatch.operations + 1) },
      "operations",
      "TOO_MANY_ITEMS",
      { now },
    );
  });

  it("at most 5,000,000 bytes of body", () => {
    const many = Array.from({ length: 75_000 }, () => hash);
    expectValid("custom_audiences.users.batch", {
      ...audience,
      operations: [
        { operation_type: "Update", params: { users: [{ email: many.slice(0, 50_000) }] } },
      ],
    });
    const violation = expectViolation(
      "custom_audiences.users.batch",
      {
        ...audience,
        operations: [{ operation_type: "Update", params: { users: [{ email: many }] } }],
      },
      "operations",
      "TOO_LARGE",
    );
    expect(violation.message).toMatch(/at most 5000000 bytes/);
  });

  it("identifiers other than partner_user_id are SHA-256 hex", () => {
    expectValid("custom_audiences.users.batch", {
      ...audience,
      operations: [
        {
          operation_type: "Delete",
          params: { users: [{ email: [hash], partner_user_id: ["crm-42"] }] },
        },
      ],
    });
    expectViolation(
      "custom_audiences.users.batch",
      {
        ...audience,
        operations: [
          { operation_type: "Update", params: { users: [{ email: ["me@example.com"] }] } },
        ],
      },
      "operations[0].params.users[0].email[0]",
      "INVALID_PARAMETER",
    );
  });

  it("identifier kinds are the known ones, and a user names at least one", () => {
    const batch = (users: unknown[]) => ({
      ...audience,
      operations: [{ operation_type: "Update", params: { users } }],
    });
    for (const kind of AUDIENCE_IDENTIFIER_KINDS) {
      expectValid(
        "custom_audiences.users.batch",
        batch([{ [kind]: [kind === "partner_user_id" ? "crm-1" : hash] }]),
      );
    }
    // the vendor's name of user_id is its alias (issue 33: the vendor's SDK sends it)
    expectValid("custom_audiences.users.batch", batch([{ twitter_id: [hash] }]));
    expectViolation(
      "custom_audiences.users.batch",
      batch([{ fax_number: [hash] }]),
      "operations[0].params.users[0].fax_number",
      "UNKNOWN_PARAMETER",
    );
    expectViolation(
      "custom_audiences.users.batch",
      batch([{}]),
      "operations[0].params.users[0]",
      "MISSING_PARAMETER",
    );
    expectViolation(
      "custom_audiences.users.batch",
      batch([{ phone_number: "+1 415 555 0100" }]),
      "operations[0].params.users[0].phone_number",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "custom_audiences.users.batch",
      {
        ...audience,
        operations: [{ operation_type: "Update", params: { users: [user], lookalike: true } }],
      },
      "operations[0].params.lookalike",
      "UNKNOWN_PARAMETER",
    );
  });

  it("a refusal names where a clear-text identifier is, never the identifier", () => {
    const clear = ["me@example.com", "+1 415 555 0100", "4155550100", "@someone"];
    const [email = "", phone = "", digits = "", handle = ""] = clear;
    const operations = [
      {
        operation_type: "Update",
        params: {
          users: [
            { email: [hash, email], phone_number: phone, handle: [handle] },
            { user_id: Number(digits) },
          ],
        },
      },
      { operation_type: email, params: { users: [email] } },
      { operation_type: "Delete", params: email },
      phone,
    ];
    const audienceViolations = violationsOf("custom_audiences.users.batch", {
      ...audience,
      operations,
    });
    expect(audienceViolations.map((violation) => violation.parameter)).toEqual(
      expect.arrayContaining([
        "operations[0].params.users[0].email[1]",
        "operations[0].params.users[0].phone_number",
        "operations[0].params.users[0].handle[0]",
        "operations[0].params.users[1].user_id",
        "operations[1].operation_type",
        "operations[1].params.users[0]",
        "operations[2].params",
        "operations[3]",
      ]),
    );
    const dnrViolations = violationsOf(
      "do_not_reach_lists.users.batch",
      { ...dnr, operations: [...operations, { operation_type: "Update", params: email }] },
      { now },
    );
    const whole = violationsOf("do_not_reach_lists.users.batch", { ...dnr, operations: email });
    const text = JSON.stringify([...audienceViolations, ...dnrViolations, ...whole]);
    for (const value of [...clear, digits.slice(1)]) expect(text).not.toContain(value);
    expect(text).toContain("got a string of 14 characters");
  });

  it("do-not-reach: e-mails only, no effective_at", () => {
    expectValid("do_not_reach_lists.users.batch", { ...dnr, operations: [operation] }, { now });
    expectViolation(
      "do_not_reach_lists.users.batch",
      {
        ...dnr,
        operations: [
          { ...operation, params: { ...operation.params, users: [{ device_id: [hash] }] } },
        ],
      },
      "operations[0].params.users[0].device_id",
      "UNKNOWN_PARAMETER",
      { now },
    );
    expectViolation(
      "do_not_reach_lists.users.batch",
      {
        ...dnr,
        operations: [
          { ...operation, params: { ...operation.params, effective_at: "2026-03-02T00:00:00Z" } },
        ],
      },
      "operations[0].params.effective_at",
      "INVALID_PARAMETER",
      { now },
    );
  });

  it("do-not-reach expires_at is under 13 months after now", () => {
    const at = (expires_at: string) => ({
      ...dnr,
      operations: [{ ...operation, params: { ...operation.params, expires_at } }],
    });
    expectValid("do_not_reach_lists.users.batch", at("2027-03-31T23:59:59Z"), { now });
    const violation = expectViolation(
      "do_not_reach_lists.users.batch",
      at("2027-04-01T12:00:00Z"),
      "operations[0].params.expires_at",
      "OUT_OF_RANGE",
      { now },
    );
    expect(violation.message).toContain("2027-04-01T12:00:00Z");
    expectViolation(
      "do_not_reach_lists.users.batch",
      { ...dnr, operations: [{ operation_type: "Update", params: { users: [user] } }] },
      "operations[0].params.expires_at",
      "MISSING_PARAMETER",
      { now },
    );
  });
});

describe("targeted line items and campaigns (spec §4.8)", () => {
  it("take with_active and paging, and nothing unnamed", () => {
    const targeted = { account_id: "a1", custom_audience_id: "abc1" };
    expectValid("custom_audiences.targeted.list", { ...targeted, with_active: false, count: 10 });
    expectViolation(
      "custom_audiences.targeted.list",
      { ...targeted, active_only: true },
      "active_only",
      "UNKNOWN_PARAMETER",
    );
  });
});

describe("audience permissions (spec §4.8)", () => {
  it("permission_level is READ_ONLY or READ_WRITE, granted_account_id required", () => {
    expectValid("custom_audiences.permissions.create", {
      account_id: "a1",
      custom_audience_id: "abc2",
      granted_account_id: "pz6ec",
      permission_level: "READ_ONLY",
    });
    expectViolation(
      "tailored_audiences.permissions.create",
      {
        account_id: "a1",
        tailored_audience_id: "abc2",
        granted_account_id: "pz6ec",
        permission_level: "OWNER",
      },
      "permission_level",
      "INVALID_PARAMETER",
    );
    expectViolation(
      "tailored_audiences.permissions.create",
      { account_id: "a1", tailored_audience_id: "abc2", permission_level: "READ_ONLY" },
      "granted_account_id",
      "MISSING_PARAMETER",
    );
  });
});
