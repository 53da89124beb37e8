import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHostileServer } from "./support/hostile-server.js";
import type { HostileServer } from "./support/hostile-server.js";
import {
  JSON_STRING_HOSTILE,
  PROTOTYPE_NAMES,
  WRONG_TYPES,
  lookalikeOf,
} from "./support/hostile-values.js";
import { rawRequest } from "./support/raw-http.js";
import {
  answerOf,
  expectCleanLogs,
  expectHealthy,
  expectRefused,
  stateDigest,
} from "./support/refusals.js";
import { APP_BUTTON, WEBSITE, createWorld } from "./support/world.js";
import type { World } from "./support/world.js";
import { casesOn } from "./support/engine-sample.js";

// Issue 12, items 3 and 8: the JSON bodies ads-api takes (cards, campaign batches, posts of the
// post-data API, the users batches of issue 17). Every
// string field gets control characters, lone surrogates, 100 KB and values of the wrong type;
// bodies come malformed, mistyped and with prototype-named keys. Each is a 4xx naming the
// field, and nothing is written.

type Json = Record<string, unknown> | unknown[];
type Target =
  | "cards.create"
  | "cards.update"
  | "campaigns.batch"
  | "line_items.batch"
  | "post_data.posts.create"
  | "custom_audiences.users.batch"
  | "do_not_reach_lists.users.batch";

/** Where a field lives in a body: the path to set, the parameter an error must name. */
interface Field {
  readonly target: Target;
  readonly body:
    | "components"
    | "button"
    | "slides"
    | "update"
    | "batch"
    | "lineItems"
    | "lineItemUpdate"
    | "post"
    | "edit"
    | "users"
    | "dnr";
  readonly path: readonly (string | number)[];
  readonly parameter: string;
}

function field(target: Target, body: Field["body"], path: (string | number)[]): Field {
  return { target, body, path, parameter: nameOf(path) };
}

/** `["components", 1, "destination", "url"]` → `components[1].destination.url`. */
function nameOf(path: readonly (string | number)[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? segment : `.${segment}`;
  }
  return out;
}

const STRING_FIELDS: readonly Field[] = [
  field("cards.create", "components", ["name"]),
  field("cards.create", "components", ["components", 0, "type"]),
  field("cards.create", "components", ["components", 0, "media_key"]),
  field("cards.create", "components", ["components", 1, "title"]),
  field("cards.create", "components", ["components", 1, "destination", "type"]),
  field("cards.create", "components", ["components", 1, "destination", "url"]),
  field("cards.create", "button", ["components", 1, "label", "type"]),
  field("cards.create", "button", ["components", 1, "label", "value"]),
  field("cards.create", "button", ["components", 1, "destination", "country_code"]),
  field("cards.create", "button", ["components", 1, "destination", "googleplay_app_id"]),
  field("cards.create", "button", ["components", 1, "destination", "googleplay_deep_link"]),
  field("cards.create", "slides", ["slides", 1, 1, "title"]),
  field("cards.update", "update", ["name"]),
  field("cards.update", "update", ["components", 1, "destination", "url"]),
  field("campaigns.batch", "batch", [0, "operation_type"]),
  field("campaigns.batch", "batch", [0, "params", "name"]),
  field("campaigns.batch", "batch", [0, "params", "funding_instrument_id"]),
  field("campaigns.batch", "batch", [0, "params", "entity_status"]),
  field("campaigns.batch", "batch", [0, "params", "purchase_order_number"]),
  // The vendor's line-item batch (issue 33), and a read-only field of an Update item.
  field("line_items.batch", "lineItems", [0, "operation_type"]),
  field("line_items.batch", "lineItems", [0, "params", "name"]),
  field("line_items.batch", "lineItems", [0, "params", "campaign_id"]),
  field("line_items.batch", "lineItems", [0, "params", "objective"]),
  field("line_items.batch", "lineItems", [0, "params", "advertiser_domain"]),
  field("line_items.batch", "lineItemUpdate", [0, "params", "name"]),
  field("line_items.batch", "lineItemUpdate", [0, "params", "created_at"]),
  // spec §4.9 POST /2/posts: free text and digit ids, nested ones included.
  field("post_data.posts.create", "post", ["text"]),
  field("post_data.posts.create", "post", ["media", "media_ids", 0]),
  field("post_data.posts.create", "post", ["reply", "in_reply_to_post_id"]),
  field("post_data.posts.create", "post", ["quote_post_id"]),
  field("post_data.posts.create", "post", ["community_id"]),
  field("post_data.posts.create", "edit", ["edit_options", "previous_post_id"]),
  // spec §4.8 users batches (issue 17): identifiers, their times, the operation type.
  field("custom_audiences.users.batch", "users", [0, "operation_type"]),
  field("custom_audiences.users.batch", "users", [0, "params", "users", 0, "email", 0]),
  field("custom_audiences.users.batch", "users", [0, "params", "users", 0, "partner_user_id", 0]),
  field("custom_audiences.users.batch", "users", [0, "params", "effective_at"]),
  field("do_not_reach_lists.users.batch", "dnr", [0, "params", "users", 0, "email", 0]),
  field("do_not_reach_lists.users.batch", "dnr", [0, "params", "expires_at"]),
].map((item) =>
  item.target === "campaigns.batch" || item.target === "line_items.batch"
    ? // spec §7: a batch item's errors name the parameter within the item.
      { ...item, parameter: `operations[0].${String(item.path.at(-1))}` }
    : item.body === "users" || item.body === "dnr"
      ? // A users batch answers one error list naming the whole path.
        { ...item, parameter: nameOf(["operations", ...item.path]) }
      : item,
);

const HOSTILE_JSON = [
  ...JSON_STRING_HOSTILE.map((value) => ({ label: value.label, value: value.value })),
  ...WRONG_TYPES,
];

const stringCases = STRING_FIELDS.flatMap((item) =>
  HOSTILE_JSON.map((hostile) => ({
    ...item,
    name: `${item.target} ${item.parameter}`,
    label: hostile.label,
    value: hostile.value,
  })),
);

/** Numbers the catalog's integer rules refuse, as JSON text (some have no JS form). */
const NUMBERS = [
  { label: "2^53 + 1", text: "9007199254740993" },
  { label: "1e400", text: "1e400" },
  { label: "-1", text: "-1" },
  { label: "1.5", text: "1.5" },
  { label: "a numeric string with an exponent", text: '"1e6"' },
  { label: "a hex string", text: '"0x10"' },
];
const numberCases = ["daily_budget_amount_local_micro", "total_budget_amount_local_micro"].flatMap(
  (param) => NUMBERS.map((number) => ({ param, ...number })),
);

/** Where a prototype-named key goes in a body (each compared with a lookalike key there). */
const KEY_PLACES = [
  { target: "cards.create", where: "the body", path: [] },
  { target: "cards.create", where: "a component", path: ["components", 1] },
  { target: "cards.create", where: "a destination", path: ["components", 1, "destination"] },
  { target: "campaigns.batch", where: "an operation", path: [0] },
  { target: "campaigns.batch", where: "an operation's params", path: [0, "params"] },
  { target: "line_items.batch", where: "an operation's params", path: [0, "params"] },
  { target: "post_data.posts.create", where: "the body", path: [] },
  { target: "post_data.posts.create", where: "reply", path: ["reply"] },
  { target: "post_data.posts.create", where: "media", path: ["media"] },
  { target: "custom_audiences.users.batch", where: "an operation's params", path: [0, "params"] },
  { target: "custom_audiences.users.batch", where: "a user", path: [0, "params", "users", 0] },
  { target: "do_not_reach_lists.users.batch", where: "a user", path: [0, "params", "users", 0] },
] as const;
const keyCases = KEY_PLACES.flatMap((place) => PROTOTYPE_NAMES.map((name) => ({ ...place, name })));

/** Bodies no JSON endpoint can take, with the content type they come with. */
const MALFORMED: readonly { label: string; body: string | Buffer; type?: string }[] = [
  { label: "truncated JSON", body: '{"name":', type: "application/json" },
  { label: "trailing garbage", body: '{"name":"x"} x', type: "application/json" },
  { label: "NaN", body: '{"name":NaN}', type: "application/json" },
  { label: "single quotes", body: "{'name':'x'}", type: "application/json" },
  { label: "an empty body", body: "", type: "application/json" },
  { label: "a JSON string", body: '"x"', type: "application/json" },
  { label: "JSON null", body: "null", type: "application/json" },
  {
    label: "100,000 nested arrays",
    body: "[".repeat(100_000) + "]".repeat(100_000),
    type: "application/json",
  },
  {
    label: "a body over 1 MiB",
    body: `{"name":"${"a".repeat(1_100_000)}"}`,
    type: "application/json",
  },
  { label: "a NUL-escaped key", body: '{"na\\u0000me":"x"}', type: "application/json" },
  { label: "text/plain", body: '{"name":"x"}', type: "text/plain" },
  { label: "application/xml", body: "<name>x</name>", type: "application/xml" },
  {
    label: "multipart/form-data",
    body: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
    type: "multipart/form-data; boundary=b",
  },
];
const malformedCases = (
  [
    "cards.create",
    "cards.update",
    "campaigns.batch",
    "line_items.batch",
    "post_data.posts.create",
    "custom_audiences.users.batch",
    "do_not_reach_lists.users.batch",
  ] as const
).flatMap((target) => MALFORMED.map((item) => ({ target, ...item })));

/** JSON text nesting arrays, or objects, `levels` deep (too deep to build as a value and stringify). */
const DEEP = 10_000;
const deepArrays = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const deepObjects = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

/** Where each target's body gets a value nested 10,000 deep: whole bodies and real fields. */
const DEEP_PLACES: readonly { target: Target; path: readonly (string | number)[] }[] = [
  { target: "cards.create", path: [] },
  { target: "cards.create", path: ["components"] },
  { target: "cards.create", path: ["components", 1, "destination"] },
  { target: "cards.update", path: ["components", 0] },
  { target: "campaigns.batch", path: [] },
  { target: "campaigns.batch", path: [0, "params"] },
  { target: "line_items.batch", path: [0, "params", "placements"] },
  { target: "post_data.posts.create", path: [] },
  { target: "post_data.posts.create", path: ["media", "media_ids"] },
  { target: "post_data.posts.create", path: ["reply"] },
  { target: "custom_audiences.users.batch", path: [0, "params", "users"] },
  { target: "custom_audiences.users.batch", path: [0, "params", "users", 0, "email"] },
  { target: "do_not_reach_lists.users.batch", path: [0, "params", "users", 0] },
];
const deepCases = DEEP_PLACES.flatMap((place) =>
  [
    { shape: "arrays", text: deepArrays(DEEP) },
    { shape: "objects", text: deepObjects(DEEP) },
  ].map((deep) => ({
    ...place,
    ...deep,
    where: place.path.length === 0 ? "the whole body" : nameOf(place.path),
  })),
);

function setAt(root: Json, path: readonly (string | number)[], value: unknown): Json {
  // A JSON round trip, not structuredClone: that keeps shared objects shared (both slides).
  const copy = JSON.parse(JSON.stringify(root)) as Record<string | number, unknown>;
  let node = copy;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last !== undefined) node[last] = value;
  return copy;
}

/** JSON text with `"<key>": {...}` added as the first member of the object at `path`. */
function withKey(root: Json, path: readonly (string | number)[], key: string): string {
  const marker = "__hostile_marker__";
  const injected = { name: "from a key", purchase_order_number: "from-a-key" };
  const text = JSON.stringify(setAt(root, [...path, marker], injected));
  return text.replace(`"${marker}"`, JSON.stringify(key));
}

describe.each(TEST_ENGINES)("hostile JSON bodies on %s", (engine) => {
  let server: HostileServer;
  let world: World;
  let bodies: Record<Field["body"], Json>;

  beforeAll(async () => {
    server = await startHostileServer(engine);
    world = await createWorld(server.ctx);
    const media = { type: "MEDIA", media_key: world.imageKey };
    const campaign = {
      name: "Batch",
      funding_instrument_id: world.fundingInstrumentId,
      entity_status: "PAUSED",
    };
    bodies = {
      components: { name: "Card", components: [media, WEBSITE] },
      button: { name: "Card", components: [media, APP_BUTTON] },
      slides: {
        name: "Card",
        slides: [
          [media, WEBSITE],
          [media, WEBSITE],
        ],
      },
      update: { name: "Card", components: [media, WEBSITE] },
      batch: [{ operation_type: "Create", params: campaign }],
      lineItems: [
        {
          operation_type: "Create",
          params: {
            campaign_id: world.campaignId,
            name: "Batched line item",
            objective: "ENGAGEMENTS",
            product_type: "PROMOTED_POSTS",
            placements: ["ALL_ON_TWITTER"],
            entity_status: "PAUSED",
          },
        },
      ],
      lineItemUpdate: [
        { operation_type: "Update", params: { line_item_id: world.lineItemId, name: "Renamed" } },
      ],
      post: {
        text: "Hostile post",
        media: { media_ids: [world.postData.mediaId] },
        reply: { in_reply_to_post_id: world.postData.postId },
        quote_post_id: world.postData.postId,
        community_id: "1500000000000000001",
      },
      edit: { text: "Edited", edit_options: { previous_post_id: world.postData.postId } },
      users: [
        {
          operation_type: "Update",
          params: {
            users: [{ email: [world.audienceUsers.emailHash], partner_user_id: ["crm-1"] }],
            effective_at: "2026-01-01T00:00:00Z",
          },
        },
      ],
      dnr: [
        {
          operation_type: "Update",
          params: {
            users: [{ email: [world.audienceUsers.emailHash] }],
            expires_at: world.audienceUsers.expiresAt,
          },
        },
      ],
    };
  });
  afterAll(() => server.close());

  function pathOf(target: Target): string {
    const base = `/12/accounts/${world.accountId}`;
    switch (target) {
      case "cards.create":
        return `${base}/cards`;
      case "cards.update":
        return `${base}/cards/${world.cardId}`;
      case "campaigns.batch":
        return `/12/batch/accounts/${world.accountId}/campaigns`;
      case "line_items.batch":
        return `/12/batch/accounts/${world.accountId}/line_items`;
      case "post_data.posts.create":
        return "/2/posts";
      case "custom_audiences.users.batch":
        return `${base}/custom_audiences/${world.audienceUsers.audienceId}/users`;
      case "do_not_reach_lists.users.batch":
        return `/12/batch/accounts/${world.accountId}/do_not_reach_lists/${world.audienceUsers.doNotReachListId}/users`;
    }
  }

  function send(target: Target, body: string | Buffer, type = "application/json") {
    return rawRequest({
      method: target === "cards.update" ? "PUT" : "POST",
      url: `${server.urls[target === "post_data.posts.create" ? "base" : "ads"]}${pathOf(target)}`,
      credentials: world.admin.credentials,
      body,
      contentType: type,
    });
  }

  const baseOf = (target: Target): Json => {
    switch (target) {
      case "campaigns.batch":
        return bodies.batch;
      case "line_items.batch":
        return bodies.lineItems;
      case "post_data.posts.create":
        return bodies.post;
      case "custom_audiences.users.batch":
        return bodies.users;
      case "do_not_reach_lists.users.batch":
        return bodies.dnr;
      default:
        return bodies.components;
    }
  };

  it("starts from bodies every target accepts (the valid ones write)", async () => {
    for (const body of ["components", "button", "slides"] as const) {
      const created = await send("cards.create", JSON.stringify(bodies[body]));
      expect(created.status, answerOf(created)).toBe(200);
    }
    const updated = await send("cards.update", JSON.stringify(bodies.update));
    expect(updated.status, answerOf(updated)).toBe(200);
    const batch = await send("campaigns.batch", JSON.stringify(bodies.batch));
    expect(batch.status, answerOf(batch)).toBe(200);
    for (const body of [bodies.lineItems, bodies.lineItemUpdate]) {
      const lineItems = await send("line_items.batch", JSON.stringify(body));
      expect(lineItems.status, answerOf(lineItems)).toBe(200);
    }
    const post = await send("post_data.posts.create", JSON.stringify(bodies.post));
    expect(post.status, answerOf(post)).toBe(201);
    for (const [target, body] of [
      ["custom_audiences.users.batch", bodies.users],
      ["do_not_reach_lists.users.batch", bodies.dnr],
    ] as const) {
      const uploaded = await send(target, JSON.stringify(body));
      expect(uploaded.status, answerOf(uploaded)).toBe(200);
    }
  });

  describe("strings and types no field may hold: a 400 naming the field, nothing written", () => {
    let before: string;
    beforeAll(async () => {
      before = await stateDigest(server.ctx, [world.accountId]);
    });

    it.each(casesOn(engine, stringCases))("$name: $label", async (c) => {
      const response = await send(c.target, JSON.stringify(setAt(bodies[c.body], c.path, c.value)));
      expectRefused(response, { status: 400, parameter: c.parameter });
    });

    it.each(numberCases)("campaigns.batch $param: $label", async ({ param, text }) => {
      const marker = '"__number__"';
      const body = JSON.stringify(setAt(bodies.batch, [0, "params", param], "__number__"));
      const response = await send("campaigns.batch", body.replace(marker, text));
      expectRefused(response, { status: 400, parameter: `operations[0].${param}` });
    });

    it.each([
      { target: "cards.create" as const, body: "components" as const, parameter: "name" },
      { target: "cards.update" as const, body: "update" as const, parameter: "name" },
      {
        target: "campaigns.batch" as const,
        body: "batch" as const,
        parameter: "operations[0].name",
      },
    ])("$target: bytes that are not UTF-8 in $parameter", async ({ target, body, parameter }) => {
      // An encoded lone surrogate (ED A0 80): JSON text must be UTF-8 (RFC 8259 §8.1).
      const path = target === "campaigns.batch" ? [0, "params", "name"] : ["name"];
      const [head = "", tail = ""] = JSON.stringify(setAt(bodies[body], path, "@@")).split("@@");
      const bytes = Buffer.concat([
        Buffer.from(head),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from(tail),
      ]);
      expectRefused(await send(target, bytes), { status: 400, parameter });
    });

    it("refuses a 1,000,000-character id by its size rule", async () => {
      const update = [{ operation_type: "Update", params: { campaign_id: "c".repeat(1_000_000) } }];
      const response = await send("campaigns.batch", JSON.stringify(update));
      expectRefused(response, {
        status: 400,
        parameter: "operations[0].campaign_id",
        code: "TOO_LONG",
      });
      const card = setAt(bodies.components, ["components", 0, "media_key"], "1".repeat(1_000_000));
      expectRefused(await send("cards.create", JSON.stringify(card)), {
        status: 400,
        parameter: "components[0].media_key",
        code: "TOO_LONG",
      });
    });

    it("wrote nothing", async () => {
      expect(await stateDigest(server.ctx, [world.accountId])).toBe(before);
    });
  });

  describe("prototype names as JSON keys: handled like any other unknown name", () => {
    it.each(casesOn(engine, keyCases))(
      "$target: $name in $where",
      async ({ target, path, name }) => {
        const base = baseOf(target);
        const control = await send(target, withKey(base, path, lookalikeOf(name)));
        const response = await send(target, withKey(base, path, name));
        if (response.status === control.status && response.status < 400) {
          // Accepted like the lookalike: the key's value never became a parameter.
          expect(response.text.includes("from-a-key")).toBe(control.text.includes("from-a-key"));
          return;
        }
        // Refused like the lookalike, or (where unknown keys pass) refused by name: a clear 400.
        expectRefused(response, { status: control.status >= 400 ? control.status : 400 });
        expect(response.text, answerOf(response)).toContain(name);
      },
    );
  });

  describe("values nested 10,000 deep: a 400 naming the depth rule, nothing written (issue 34)", () => {
    let before: string;
    beforeAll(async () => {
      before = await stateDigest(server.ctx, [world.accountId]);
    });

    it.each(deepCases)("$target: $shape as $where", async ({ target, path, text }) => {
      const marker = "__deep_marker__";
      const body =
        path.length === 0
          ? text
          : JSON.stringify(
              setAt(target === "cards.update" ? bodies.update : baseOf(target), path, marker),
            ).replace(`"${marker}"`, text);
      const response = await send(target, body);
      expectRefused(response, { status: 400 });
      // The catalog's one depth limit, naming the parameter; a whole body nested deep is no
      // object of parameters, or holds a name (`a`) refused before its value is read.
      expect(response.text, answerOf(response)).toMatch(
        /must nest at most 64 levels|a is not a parameter|must be an object of parameters/,
      );
      expect(response.text).not.toContain("call stack");
    });

    it("wrote nothing", async () => {
      expect(await stateDigest(server.ctx, [world.accountId])).toBe(before);
    });
  });

  describe("malformed bodies and content types: a 4xx, nothing written", () => {
    let before: string;
    beforeAll(async () => {
      before = await stateDigest(server.ctx, [world.accountId]);
    });

    it.each(malformedCases)("$target: $label", async ({ target, body, type }) => {
      const response = await send(target, body, type);
      expectRefused(response);
    });

    it("a JSON body on an endpoint that takes its parameters on the query string", async () => {
      const response = await rawRequest({
        method: "POST",
        url: `${server.urls.ads}/12/accounts/${world.accountId}/campaigns`,
        credentials: world.admin.credentials,
        body: JSON.stringify({ name: "x", funding_instrument_id: world.fundingInstrumentId }),
        contentType: "application/json",
      });
      expectRefused(response, { status: 400 });
    });

    it("wrote nothing", async () => {
      expect(await stateDigest(server.ctx, [world.accountId])).toBe(before);
    });
  });

  it("still answers /health on every host role", async () => {
    await expectHealthy(server.urls);
  });

  it("logged no stack trace, no 500 and no credential", () => {
    const token = world.admin.credentials.token;
    expectCleanLogs(server.logs(), [
      world.admin.consumerSecret,
      token?.token ?? "",
      token?.tokenSecret ?? "",
    ]);
  });
});
