import { describe, expect, it } from "vitest";
import { expectValid, violationsOf } from "../test/support.js";
import { LIMITS } from "./limits.js";

const MILLION = 1_000_000;
const card = (components: unknown): unknown =>
  JSON.parse(JSON.stringify({ account_id: "a1", name: "card", components }));

describe("sizes are checked before anything else", () => {
  it("a 1,000,000-character id is refused by the size rule alone", () => {
    const id = "a".repeat(MILLION);
    expect(violationsOf("campaigns.get", { account_id: id, campaign_id: "c1" })).toEqual([
      {
        code: "TOO_LONG",
        parameter: "account_id",
        message: `account_id must be at most ${LIMITS.adsIdLength} characters (got ${MILLION})`,
      },
    ]);
    // Even beside other mistakes, which are not looked at.
    expect(
      violationsOf("campaigns.get", { account_id: "a\u0000", campaign_id: id, x: 1, count: -1 }),
    ).toEqual([expect.objectContaining({ code: "TOO_LONG", parameter: "campaign_id" })]);
  });

  it("ids have hard caps: 64 characters for advertising ids, 20 digits for user and post ids", () => {
    expectValid("campaigns.get", { account_id: "a".repeat(LIMITS.adsIdLength), campaign_id: "c1" });
    expect(
      violationsOf("campaigns.get", {
        account_id: "a".repeat(LIMITS.adsIdLength + 1),
        campaign_id: "c1",
      }),
    ).toEqual([expect.objectContaining({ code: "TOO_LONG", parameter: "account_id" })]);
    const user = { account_id: "a1", line_item_id: "l1" };
    expectValid("promoted_accounts.create", { ...user, user_id: "9".repeat(LIMITS.digitIdLength) });
    expect(
      violationsOf("promoted_accounts.create", {
        ...user,
        user_id: "9".repeat(LIMITS.digitIdLength + 1),
      }),
    ).toEqual([
      {
        code: "TOO_LONG",
        parameter: "user_id",
        message: "user_id must be at most 20 characters (got 21)",
      },
    ]);
  });

  it("id lists: too many ids or one huge id stops the scan, in either wire form", () => {
    const many = Array.from({ length: MILLION / 10 }, (_unused, index) => `c${index}`);
    expect(violationsOf("accounts.list", { account_ids: many.join(",") })).toEqual([
      {
        code: "TOO_MANY_IDS",
        parameter: "account_ids",
        message: "account_ids must list at most 200 ids (got more than 400)",
      },
    ]);
    expect(violationsOf("accounts.list", { account_ids: many })).toHaveLength(1);
    expect(violationsOf("accounts.list", { account_ids: `a1,${"b".repeat(MILLION)}` })).toEqual([
      expect.objectContaining({ code: "TOO_LONG", parameter: "account_ids[1]" }),
    ]);
    expect(violationsOf("post_data.posts.lookup", { ids: ["1", "2".repeat(MILLION)] })).toEqual([
      expect.objectContaining({ code: "TOO_LONG", parameter: "ids[1]" }),
    ]);
  });

  it("a text far over its spec limit is stopped with the spec limit; one just over is reported with the rest", () => {
    expect(violationsOf("accounts.list", { q: "q".repeat(MILLION), count: 0 })).toEqual([
      {
        code: "TOO_LONG",
        parameter: "q",
        message: `q must be at most ${LIMITS.queryLength.max} characters (got ${MILLION})`,
      },
    ]);
    const near = violationsOf("accounts.list", { q: "q".repeat(300), count: 0 });
    expect(near.map((violation) => violation.code).sort()).toEqual(["OUT_OF_RANGE", "TOO_LONG"]);
  });

  it("a name sent twice keeps both values, each still bounded", () => {
    expect(
      violationsOf("campaigns.get", { account_id: ["a1", "a".repeat(MILLION)], campaign_id: "c" }),
    ).toEqual([expect.objectContaining({ code: "TOO_LONG", parameter: "account_id[1]" })]);
    expect(violationsOf("campaigns.get", { account_id: ["a1", "a2"], campaign_id: "c" })).toEqual([
      expect.objectContaining({ code: "INVALID_PARAMETER", parameter: "account_id" }),
    ]);
  });

  it("any string anywhere has a general cap, deep fields included", () => {
    const title = "t".repeat(LIMITS.input.stringLength + 1);
    const site = { type: "WEBSITE", url: "https://example.com" };
    expect(
      violationsOf("cards.create", card([{ type: "DETAILS", title, destination: site }])),
    ).toEqual([
      {
        code: "TOO_LONG",
        parameter: "components[0].title",
        message: `components[0].title must be at most ${LIMITS.input.stringLength} characters (got ${title.length})`,
      },
    ]);
  });

  it("bounds nesting, names and the number of values", () => {
    let deep: unknown = {};
    for (let level = 0; level < LIMITS.input.depth + 5; level += 1)
      deep = { child_segments: [deep] };
    const nested = violationsOf("audience_estimate.estimate", {
      account_id: "a1",
      targeting_criteria: [deep],
    });
    expect(nested).toHaveLength(1);
    expect(nested[0]).toMatchObject({ code: "TOO_LARGE" });
    expect(nested[0]?.message).toContain(`at most ${LIMITS.input.depth} levels`);

    const longName = { account_id: "a1", ["n".repeat(MILLION)]: 1 };
    expect(violationsOf("campaigns.create", longName)).toEqual([
      {
        code: "TOO_LONG",
        parameter: "",
        message: `the request has a parameter name longer than ${LIMITS.input.nameLength} characters (got ${MILLION})`,
      },
    ]);

    const criteria = new Array<number>(LIMITS.input.values + 1).fill(0);
    expect(
      violationsOf("audience_estimate.estimate", {
        account_id: "a1",
        targeting_criteria: criteria,
      }),
    ).toEqual([
      {
        code: "TOO_LARGE",
        parameter: "",
        message: `the request must hold at most ${LIMITS.input.values} values`,
      },
    ]);
  });

  it("stops on a cycle a JavaScript caller built", () => {
    const loop: Record<string, unknown> = { type: "MEDIA", media_key: "1_2" };
    loop.self = loop;
    const found = violationsOf("cards.create", { account_id: "a1", name: "c", components: [loop] });
    expect(found).toEqual([expect.objectContaining({ code: "TOO_LARGE" })]);
  });
});

describe("names an endpoint refuses anyway", () => {
  it("are checked by name only where the endpoint's names are closed: their values are not walked", () => {
    const huge = new Array<number>(LIMITS.input.values + 1).fill(0);
    const found = violationsOf("campaigns.get", {
      account_id: "a1",
      campaign_id: "c1",
      extra: { text: "a\u0000b", list: huge },
    });
    // The schema refuses the name; the scan neither counts nor reads what it holds.
    expect(found).toEqual([
      {
        code: "UNKNOWN_PARAMETER",
        parameter: "extra",
        message: "extra is not a parameter of this endpoint",
      },
    ]);
    // Its name is still checked.
    expect(
      violationsOf("campaigns.get", { account_id: "a1", campaign_id: "c1", "x\u0000": huge }),
    ).toEqual([expect.objectContaining({ code: "INVALID_PARAMETER", parameter: "x\\u0000" })]);
  });

  it("are walked where names are open: their values go on to the service", () => {
    expect(violationsOf("campaigns.create", { account_id: "a1", extra: ["a\u0000b"] })).toEqual([
      expect.objectContaining({ code: "INVALID_PARAMETER", parameter: "extra[0]" }),
    ]);
  });
});

describe("text the database can hold, in every value and name", () => {
  it("refuses NUL in an id, a path parameter and a free text, naming each", () => {
    const found = violationsOf("custom_audiences.update", {
      account_id: "a\u0000",
      custom_audience_id: "x",
      name: "n\u0000ame",
      description: "ok\nwith\tbreaks",
    });
    expect(found).toEqual([
      {
        code: "INVALID_PARAMETER",
        parameter: "account_id",
        message: "account_id must not contain control characters (found U+0000 at index 1)",
      },
      {
        code: "INVALID_PARAMETER",
        parameter: "name",
        message: "name must not contain control characters (found U+0000 at index 1)",
      },
    ]);
  });

  it("refuses lone surrogates in a nested card component and in a batch operation", () => {
    const details = {
      type: "DETAILS",
      title: "\ud800 title",
      destination: { type: "WEBSITE", url: "https://example.com" },
    };
    expect(violationsOf("cards.create", card([details]))).toEqual([
      {
        code: "INVALID_PARAMETER",
        parameter: "components[0].title",
        message:
          "components[0].title must be well-formed Unicode text (found a lone surrogate U+D800 at index 0)",
      },
    ]);
    const operations = [{ operation_type: "Create", params: { name: "ok\udc00" } }];
    expect(violationsOf("campaigns.batch", { account_id: "a1", operations })).toEqual([
      expect.objectContaining({ parameter: "operations[0].params.name" }),
    ]);
  });

  it("one-line fields refuse line breaks that multi-line fields take", () => {
    const found = violationsOf("campaigns.update", {
      account_id: "a1",
      campaign_id: "c1",
      name: "line\nbreak",
    });
    expect(found).toEqual([
      expect.objectContaining({ code: "INVALID_PARAMETER", parameter: "name" }),
    ]);
    expect(found[0]?.message).toContain("must not contain control characters (found U+000A");
    expectValid("custom_audiences.create", {
      account_id: "a1",
      name: "Buyers",
      description: "first line\r\nsecond\tline",
    });
    expectValid("posts.create", { account_id: "a1", as_user_id: "1", text: "hello\nworld" });
  });

  it("refuses control characters and lone surrogates in names, shown escaped", () => {
    const found = violationsOf(
      "tax_settings.update",
      JSON.parse('{"account_id":"a1","tax\\u0000id":"1","ok\\ud800":"2"}'),
    );
    expect(found).toEqual([
      {
        code: "INVALID_PARAMETER",
        parameter: "tax\\u0000id",
        message:
          "the parameter name tax\\u0000id must not contain control characters (found U+0000 at index 3)",
      },
      expect.objectContaining({ parameter: "ok\\ud800" }),
    ]);
  });
});

describe("object keys such as __proto__ and constructor", () => {
  it("__proto__ is an unknown name at the top level, on strict and open endpoints alike", () => {
    for (const id of ["accounts.list", "campaigns.create"] as const) {
      const found = violationsOf(id, JSON.parse('{"account_id":"a1","__proto__":{"x":1}}'));
      expect(found, id).toEqual([
        {
          code: "UNKNOWN_PARAMETER",
          parameter: "__proto__",
          message: "__proto__ is not a parameter of this endpoint",
        },
      ]);
    }
  });

  it("__proto__ is an unknown name in nested objects (card components, batch params)", () => {
    const media: unknown = JSON.parse(
      '{"type":"MEDIA","media_key":"1_2","__proto__":{"name":"x"}}',
    );
    expect(violationsOf("cards.create", card([media]))).toEqual([
      {
        code: "UNKNOWN_PARAMETER",
        parameter: "components[0].__proto__",
        message: "components[0].__proto__ is not an accepted field here",
      },
    ]);
    const operations: unknown = JSON.parse(
      '[{"operation_type":"Create","params":{"name":"n","__proto__":{"entity_status":"ACTIVE"}}}]',
    );
    expect(violationsOf("campaigns.batch", { account_id: "a1", operations })).toEqual([
      expect.objectContaining({
        code: "UNKNOWN_PARAMETER",
        parameter: "operations[0].params.__proto__",
      }),
    ]);
  });

  it("an object with a prototype of its own is refused: its inherited values would pass as parameters", () => {
    // What `Object.assign({}, JSON.parse('{"__proto__": {...}}'))` builds.
    const assigned: Record<string, unknown> = {};
    Object.assign(assigned, JSON.parse('{"__proto__":{"campaign_id":"c1"}}') as object);
    expect(violationsOf("campaigns.get", assigned)).toEqual([
      {
        code: "INVALID_PARAMETER",
        parameter: "",
        message:
          "the request must be plain data: an object whose prototype is not Object's could pass on inherited values",
      },
    ]);
    const nested = { type: "MEDIA", media_key: "1_2" };
    const inheriting = Object.create(nested) as object;
    expect(
      violationsOf("cards.create", { account_id: "a1", name: "c", components: [inheriting] }),
    ).toEqual([expect.objectContaining({ code: "INVALID_PARAMETER", parameter: "components[0]" })]);
    // Objects without a prototype (as GraphQL builds its arguments) are plain data.
    const bare = Object.assign(Object.create(null) as object, {
      account_id: "a1",
      campaign_id: "c1",
    });
    expectValid("campaigns.get", bare);
  });

  it("constructor and toString are unknown names like any other where names are closed", () => {
    expect(violationsOf("accounts.list", JSON.parse('{"constructor":"x"}'))).toEqual([
      {
        code: "UNKNOWN_PARAMETER",
        parameter: "constructor",
        message: "constructor is not a parameter of this endpoint",
      },
    ]);
    const operations: unknown = JSON.parse(
      '[{"operation_type":"Create","params":{"name":"n","funding_instrument_id":"f1"},"toString":"x"}]',
    );
    expect(violationsOf("campaigns.batch", { account_id: "a1", operations })).toEqual([
      expect.objectContaining({ code: "UNKNOWN_PARAMETER", parameter: "operations[0].toString" }),
    ]);
    // Where the spec leaves names open, they pass as the data they are.
    const open = expectValid(
      "campaigns.create",
      JSON.parse('{"account_id":"a1","name":"n","funding_instrument_id":"f1","constructor":"x"}'),
    );
    expect(Object.hasOwn(open, "constructor")).toBe(true);
  });
});
