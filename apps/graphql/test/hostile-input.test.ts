import { PassThrough } from "node:stream";
import { DEMO } from "@adsgraph/ads-api";
import { LIMITS } from "@adsgraph/models";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SUBSCRIPTION_TRANSPORT_HINT } from "../src/http-subscriptions-rule.js";
import { GLOBAL_ID_MAX_LENGTH } from "../src/input/global-id.js";
import { postGraphQL, startStack } from "../testing/index.js";
import type { Stack } from "../testing/index.js";

// Input a careless or hostile client sends (issue 12): every piece is refused by a rule the
// facade states (a typed error or a 4xx naming what is wrong), before any upstream request,
// never as INTERNAL_SERVER_ERROR, and the facade stays healthy with no stack in its logs.

const A = DEMO.accounts[0].id;
const globalId = (text: string) => Buffer.from(text, "utf8").toString("base64");
const MILLION = 1_000_000;
const GA = globalId(`Account:${A}`);

const VIOLATIONS = "... on ValidationError { code violations { code field message } }";

/** Mutations that take a global id, each as `(id) => document` over `$id`. */
const GLOBAL_ID_MUTATIONS: Record<string, string> = {
  deleteCampaign: `mutation ($id: ID!) { deleteCampaign(input: { id: $id }) { __typename ${VIOLATIONS} } }`,
  updateCampaign: `mutation ($id: ID!) { updateCampaign(input: { id: $id, name: "n" }) { __typename ${VIOLATIONS} } }`,
  deleteSandboxFundingInstrument: `mutation ($id: ID!) { deleteSandboxFundingInstrument(input: { id: $id }) { __typename ${VIOLATIONS} } }`,
  deleteCard: `mutation ($id: ID!) { deleteCard(input: { id: $id }) { __typename ${VIOLATIONS} } }`,
  updateCard: `mutation ($id: ID!) { updateCard(input: { id: $id, name: "n" }) { __typename ${VIOLATIONS} } }`,
  deleteAccountMedia: `mutation ($id: ID!) { deleteAccountMedia(input: { id: $id }) { __typename ${VIOLATIONS} } }`,
};

/** Values that are no global id of this API, with the rule each breaks. */
const MALFORMED_GLOBAL_IDS: [string, string, string][] = [
  ["huge", "Q".repeat(MILLION), "TOO_LONG"],
  ["not base64", "not base64!", "INVALID_PARAMETER"],
  ["a lone surrogate", "QQ\ud800=", "INVALID_PARAMETER"],
  ["a NUL inside", globalId(`Campaign:${A}/\u0000c1`), "INVALID_PARAMETER"],
  ["not UTF-8", Buffer.from([0x43, 0x3a, 0xc3, 0x28]).toString("base64"), "INVALID_PARAMETER"],
  ["no type", globalId(`:${A}/c1`), "INVALID_PARAMETER"],
  ["no id", globalId("Campaign:"), "INVALID_PARAMETER"],
  ["an unknown type", globalId(`Nope:${A}/c1`), "INVALID_PARAMETER"],
  ["a type without ids", globalId("PageInfo:1"), "INVALID_PARAMETER"],
];

describe("hostile input to the facade", () => {
  let stack: Stack;
  const logs = new PassThrough();
  let logText = "";
  logs.on("data", (chunk: Buffer) => (logText += chunk.toString("utf8")));
  /** Every answer of this file, checked at the end for internal errors. */
  const answers: string[] = [];

  beforeAll(async () => {
    stack = await startStack({
      measureUpstream: true,
      facade: { env: { LOG_LEVEL: "info" }, logStream: logs },
    });
  });
  afterAll(() => stack.close());

  /** Runs an operation as the demo user; `served` is what ads-api served for it. */
  async function run(query: string, variables?: Record<string, unknown>) {
    await stack.adsApi.requests.reset();
    const answer = await postGraphQL(stack.facade.url, query, {
      ...(variables && { variables }),
      headers: stack.headers,
    });
    answers.push(JSON.stringify(answer.body));
    return { ...answer, served: (await stack.adsApi.requests.counts()).total };
  }

  // As a client that reads the status (GraphQL over HTTP's own media type): a request error
  // answers 400 (as application/json it answers 200, graphql-over-http.test.ts).
  async function post(body: string | ArrayBuffer, headers: Record<string, string> = {}) {
    const response = await fetch(stack.facade.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/graphql-response+json",
        ...stack.headers,
        ...headers,
      },
      body,
    });
    const text = await response.text();
    answers.push(text);
    return { status: response.status, text };
  }

  async function expectHealthy() {
    expect((await postGraphQL(stack.facade.url, "{ health }")).body).toMatchObject({
      data: { health: "ok" },
    });
  }

  it("refuses a 1,000,000-character id by the size rule, with no upstream request", async () => {
    const huge = "a".repeat(MILLION);
    const tooLong = {
      code: "TOO_LONG",
      field: "rawId",
      message: `must be at most ${LIMITS.adsIdLength} characters (got ${MILLION})`,
    };
    const asVariable = await run(`query ($id: String!) { account(rawId: $id) { name } }`, {
      id: huge,
    });
    expect(asVariable.status).toBe(200);
    expect(asVariable.body.data).toEqual({ account: null });
    expect(asVariable.body.errors).toMatchObject([
      {
        path: ["account"],
        extensions: { code: "BAD_USER_INPUT", violations: [tooLong] },
      },
    ]);
    expect(asVariable.served).toBe(0);

    // The same id written into the document: a document of a million characters.
    const inline = await run(`{ account(rawId: "${huge}") { name } }`);
    expect(inline.body.errors?.[0]?.extensions).toMatchObject({ violations: [tooLong] });
    expect(inline.served).toBe(0);

    // An argument naming an entity takes its global id: the same rule, at that id's size.
    const hugeGlobal = "Q".repeat(MILLION);
    const globalTooLong = {
      code: "TOO_LONG",
      field: "id",
      message: `must be at most ${GLOBAL_ID_MAX_LENGTH} characters (got ${MILLION})`,
    };
    const nested = await run(
      `query ($id: ID!) { account(rawId: "${A}") { campaign(id: $id) { name } } }`,
      { id: hugeGlobal },
    );
    expect(nested.body.errors?.[0]).toMatchObject({
      path: ["account", "campaign"],
      extensions: { code: "BAD_USER_INPUT", violations: [globalTooLong] },
    });
    // Only the account itself was read; the campaign never was.
    expect(nested.served).toBe(1);

    const create = await run(
      `mutation ($id: ID!) { createCampaign(input: { accountId: "${GA}", name: "n", fundingInstrumentId: $id }) { __typename ${VIOLATIONS} } }`,
      { id: hugeGlobal },
    );
    expect(create.body.data).toEqual({
      createCampaign: {
        __typename: "ValidationError",
        code: "BAD_USER_INPUT",
        violations: [{ ...globalTooLong, field: "fundingInstrumentId" }],
      },
    });
    expect(create.served).toBe(0);

    const list = await run(
      `query ($ids: [ID!]) { viewer { accounts(ids: $ids) { totalCount } } }`,
      {
        ids: [GA, hugeGlobal],
      },
    );
    expect(list.body.errors?.[0]?.extensions).toMatchObject({
      violations: [{ ...globalTooLong, field: "ids[1]" }],
    });
    expect(list.served).toBe(0);
    await expectHealthy();
  });

  it.each(MALFORMED_GLOBAL_IDS)(
    "answers a global id with %s as a ValidationError on node, nodes and every mutation",
    async (_case, id, code) => {
      const violation = { code, field: "id", message: expect.any(String) as unknown };
      const node = await run(`query ($id: ID!) { node(id: $id) { id } }`, { id });
      expect(node.body).toMatchObject({
        data: { node: null },
        errors: [
          { path: ["node"], extensions: { code: "BAD_USER_INPUT", violations: [violation] } },
        ],
      });
      expect(node.served).toBe(0);

      const nodes = await run(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
        ids: [globalId(`Campaign:${A}/c1`), id],
      });
      expect(nodes.body.errors).toMatchObject([
        {
          path: ["nodes"],
          extensions: { code: "BAD_USER_INPUT", violations: [{ ...violation, field: "ids[1]" }] },
        },
      ]);
      expect(nodes.served).toBe(0);

      for (const [name, document] of Object.entries(GLOBAL_ID_MUTATIONS)) {
        const mutation = await run(document, { id });
        expect(mutation.body, name).toEqual({
          data: {
            [name]: {
              __typename: "ValidationError",
              code: "BAD_USER_INPUT",
              violations: [violation],
            },
          },
          extensions: expect.anything() as unknown,
        });
        expect(mutation.served, name).toBe(0);
      }
    },
  );

  it("says which type a mutation wanted, and answers ids that name nothing as NOT_FOUND", async () => {
    const wrongType = await run(GLOBAL_ID_MUTATIONS.deleteCampaign ?? "", { id: GA });
    expect(wrongType.body.data).toEqual({
      deleteCampaign: {
        __typename: "ValidationError",
        code: "BAD_USER_INPUT",
        violations: [
          {
            code: "INVALID_PARAMETER",
            field: "id",
            message: "must be the `id` of a Campaign (got an id of type Account)",
          },
        ],
      },
    });
    // A campaign id without its account is no id this API hands out.
    const noAccount = await run(GLOBAL_ID_MUTATIONS.deleteCard ?? "", {
      id: globalId("GenericCard:c1"),
    });
    expect(noAccount.body.data).toMatchObject({
      deleteCard: { __typename: "ValidationError", violations: [{ field: "id" }] },
    });
    expect(wrongType.served + noAccount.served).toBe(0);

    // Well-formed ids of known types that name nothing: null and NOT_FOUND on that path.
    const missing = await run(
      `query ($a: ID!, $b: ID!) { a: node(id: $a) { id } b: node(id: $b) { id } }`,
      {
        a: globalId("Campaign:c1"),
        b: globalId(`Campaign:${A}/nope`),
      },
    );
    expect(missing.body.data).toEqual({ a: null, b: null });
    expect(missing.body.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([
      [["a"], "NOT_FOUND"],
      [["b"], "NOT_FOUND"],
    ]);
  });

  it("refuses control characters and lone surrogates in ids, id lists and cursors", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [`query ($v: String!) { account(rawId: $v) { name } }`, { v: `${A}\u0000` }, "rawId"],
      [`query ($v: String!) { account(rawId: $v) { name } }`, { v: "dmo\ud800" }, "rawId"],
      [
        `query ($v: [ID!]) { account(rawId: "${A}") { campaigns(ids: $v) { edges { cursor } } } }`,
        { v: [globalId(`Campaign:${A}/c1`), globalId(`Campaign:${A}/c\u00012`)] },
        "ids[1]",
      ],
      [
        `query ($v: String) { account(rawId: "${A}") { campaigns(after: $v) { edges { cursor } } } }`,
        { v: "cursor\u0000" },
        "after",
      ],
      [
        `query ($v: String) { account(rawId: "${A}") { campaigns(after: $v) { edges { cursor } } } }`,
        { v: "c".repeat(MILLION) },
        "after",
      ],
    ];
    for (const [query, variables, field] of cases) {
      const answer = await run(query, variables);
      expect(answer.body.errors, JSON.stringify(variables).slice(0, 80)).toMatchObject([
        { extensions: { code: "BAD_USER_INPUT", violations: [{ field }] } },
      ]);
      // The account of the nested cases is read first; nothing past the refused argument.
      expect(answer.served).toBeLessThanOrEqual(1);
    }

    const media = await run(
      `mutation ($key: String!) { deleteMediaLibraryObject(input: { accountId: "${GA}", mediaKey: $key }) { __typename ${VIOLATIONS} } }`,
      { key: "1_2\u0000" },
    );
    expect(media.body.data).toMatchObject({
      deleteMediaLibraryObject: {
        __typename: "ValidationError",
        violations: [{ field: "mediaKey" }],
      },
    });
    expect(media.served).toBe(0);

    const batch = await run(
      `mutation ($ops: [CampaignBatchOperation!]!) { batchCampaigns(input: { accountId: "${GA}", operations: $ops }) { __typename ${VIOLATIONS} } }`,
      {
        ops: [
          { type: "DELETE", campaignId: globalId(`Campaign:${A}/c1`) },
          { type: "DELETE", campaignId: globalId(`Campaign:${A}/c\u001b`) },
        ],
      },
    );
    expect(batch.body.data).toMatchObject({
      batchCampaigns: {
        __typename: "ValidationError",
        violations: [{ code: "INVALID_PARAMETER", field: "operations[1].campaignId" }],
      },
    });
    expect(batch.served).toBe(0);

    // Snapshot history pages with Pothos's own offset cursors.
    const history = await run(
      `{ account(rawId: "${A}") { campaigns(first: 1) { edges { node { history(after: "zz") { edges { cursor } } } } } } }`,
    );
    expect(history.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    await expectHealthy();
  });

  describe("input nested 10,000 deep: a 400 naming the limit before anything walks it (issue 34)", () => {
    const DEEP = 10_000;
    const lists = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
    /** AudienceSegmentInput holds itself: graphql-js coerces it one call per level. */
    const segments = (levels: number) =>
      `${'{"childSegments":['.repeat(levels)}{}${"]}".repeat(levels)}`;
    const SEGMENT_BATCH = `mutation ($s: AudienceSegmentInput) { batchCustomAudiences(input: { accountId: "${GA}", operations: [{ type: CREATE, name: "n", audienceType: FLEXIBLE, segments: $s }] }) { __typename } }`;
    const CALLERS = [
      { who: "signed in", headers: (): Record<string, string> => ({ ...stack.headers }) },
      { who: "anonymous", headers: (): Record<string, string> => ({}) },
    ];
    /** Variables as JSON text: the test process would overflow building them as values. */
    const VARIABLES = [
      { label: "undeclared lists", query: "{ health }", json: lists(DEEP) },
      { label: "undeclared objects", query: "{ health }", json: objects(DEEP) },
      {
        label: "a list variable",
        query: "query ($x: [ID!]!) { nodes(ids: $x) { id } }",
        json: lists(DEEP),
      },
      {
        label: "an ID variable",
        query: "query ($x: ID!) { node(id: $x) { id } }",
        json: objects(DEEP),
      },
      { label: "a self-nesting input object", query: SEGMENT_BATCH, json: segments(DEEP) },
    ];
    const variableCases = CALLERS.flatMap((caller) =>
      VARIABLES.map((item) => ({ ...item, ...caller })),
    );

    async function send(body: string, headers: Record<string, string>, accept?: string) {
      const response = await fetch(stack.facade.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(accept && { accept }), ...headers },
        body,
      });
      const text = await response.text();
      answers.push(text);
      return { status: response.status, text };
    }

    function expectRefused(answer: { status: number; text: string }, code: string): void {
      expect(answer.status, answer.text).toBe(400);
      expect(JSON.parse(answer.text), answer.text).toMatchObject({
        errors: [{ extensions: { code, limit: "nesting", max: 64 } }],
      });
      expect(answer.text).not.toContain("call stack");
    }

    it.each(variableCases)("$label, $who", async ({ query, json, headers }) => {
      const body = `{"query":${JSON.stringify(query)},"variables":{"s":${json},"x":${json}}}`;
      // 400 whatever the client accepts: a body past the limit is no GraphQL request.
      for (const accept of [undefined, "application/graphql-response+json"]) {
        expectRefused(await send(body, headers(), accept), "BAD_REQUEST");
      }
      expectRefused(
        await send(`{"query":"{ health }","extensions":{"x":${json}}}`, headers()),
        "BAD_REQUEST",
      );
    });

    it("over GET too (as deep as a URL holds)", async () => {
      const get = async (params: string) => {
        const response = await fetch(`${stack.facade.url}?${params}`, {
          headers: { ...stack.headers, "apollo-require-preflight": "true" },
        });
        const text = await response.text();
        answers.push(text);
        return { status: response.status, text };
      };
      const query = `query=${encodeURIComponent("{ health }")}`;
      for (const json of [lists(2_000), objects(1_000)]) {
        const variables = await get(`${query}&variables=${encodeURIComponent(`{"x":${json}}`)}`);
        expectRefused(variables, "BAD_REQUEST");
        const extensions = await get(`${query}&extensions=${encodeURIComponent(`{"x":${json}}`)}`);
        expectRefused(extensions, "BAD_REQUEST");
      }
      expectRefused(
        await get(`query=${encodeURIComponent(`{ node(id: ${lists(2_000)}) { id } }`)}`),
        "QUERY_LIMIT_EXCEEDED",
      );
    });

    it.each(CALLERS)("documents nesting selections and values, $who", async ({ headers }) => {
      const documents = [
        `{ node(id: ${lists(DEEP)}) { id } }`,
        `{ node(id: ${"{a:".repeat(DEEP / 2)}1${"}".repeat(DEEP / 2)}) { id } }`,
        `${"{a".repeat(DEEP)}${"}".repeat(DEEP)}`,
        `{ ${"... on Query {".repeat(DEEP / 4)} health ${"}".repeat(DEEP / 4)} }`,
      ];
      for (const query of documents) {
        for (const accept of [undefined, "application/graphql-response+json"]) {
          expectRefused(
            await send(JSON.stringify({ query }), headers(), accept),
            "QUERY_LIMIT_EXCEEDED",
          );
        }
      }
    });

    it("over WebSocket: each subscribe nested too deeply gets an error, the connection stays", async () => {
      const socket = new WebSocket(stack.facade.url.replace(/^http/, "ws"), "graphql-transport-ws");
      const messages: { id?: string; type: string; payload?: unknown }[] = [];
      socket.on("message", (data: Buffer) => {
        messages.push(JSON.parse(data.toString("utf8")) as (typeof messages)[number]);
      });
      await new Promise((resolve) => socket.once("open", resolve));
      const authorization = stack.headers.authorization ?? "";
      socket.send(JSON.stringify({ type: "connection_init", payload: { authorization } }));
      await expect.poll(() => messages.map((message) => message.type)).toContain("connection_ack");
      const subscription =
        "subscription ($x: [ActivityEventType!]) { activityEvents(types: $x) { __typename } }";
      // Raw text: the client library would stringify the value, and overflow doing it.
      const sent = [
        {
          id: "variables",
          text: `{"query":${JSON.stringify(subscription)},"variables":{"x":${lists(DEEP)}}}`,
          code: "BAD_REQUEST",
        },
        {
          id: "extensions",
          text: `{"query":${JSON.stringify(subscription)},"extensions":{"x":${objects(DEEP)}}}`,
          code: "BAD_REQUEST",
        },
        {
          id: "document",
          text: JSON.stringify({
            query: `subscription { activityEvents(types: ${lists(DEEP)}) { __typename } }`,
          }),
          code: "QUERY_LIMIT_EXCEEDED",
        },
      ];
      for (const { id, text } of sent)
        socket.send(`{"id":"${id}","type":"subscribe","payload":${text}}`);
      await expect
        .poll(() => messages.filter((message) => message.type === "error").length)
        .toBe(sent.length);
      for (const { id, code } of sent) {
        const error = messages.find((message) => message.id === id);
        answers.push(JSON.stringify(error));
        expect(error, id).toMatchObject({
          type: "error",
          payload: [{ extensions: { code, limit: "nesting", max: 64 } }],
        });
      }
      expect(socket.readyState).toBe(WebSocket.OPEN);
      socket.close();
    });

    it("lets input within the limits through to the rules that judge it", async () => {
      // 60 levels of a list literal: no nesting error; the ID rule refuses the list.
      const literal = await send(
        JSON.stringify({ query: `{ node(id: ${lists(60)}) { id } }` }),
        stack.headers,
        "application/graphql-response+json",
      );
      expect(literal.status).toBe(400);
      expect(literal.text).not.toContain('"nesting"');
      expect(literal.text).toContain("GRAPHQL_VALIDATION_FAILED");
      // Segments 30 deep: the body nests 62 levels, and the mutation answers a typed result.
      const body = `{"query":${JSON.stringify(SEGMENT_BATCH)},"variables":{"s":${segments(30)}}}`;
      const batch = await send(body, stack.headers);
      expect(batch.status, batch.text).toBe(200);
      expect(JSON.parse(batch.text)).toMatchObject({
        data: { batchCustomAudiences: { __typename: expect.any(String) as unknown } },
      });
      await expectHealthy();
    });
  });

  it("answers an unusable session token as UNAUTHENTICATED without looking it up", async () => {
    const unusable: Record<string, string>[] = [
      { cookie: "adsgraph_session=ags_%00abc" },
      { authorization: `Bearer ags_${"x".repeat(10_000)}` },
    ];
    for (const headers of unusable) {
      const { body } = await postGraphQL(stack.facade.url, "{ viewer { userId } }", { headers });
      answers.push(JSON.stringify(body));
      expect(body.errors?.[0]).toMatchObject({
        message: expect.stringContaining("malformed") as unknown,
        extensions: { code: "UNAUTHENTICATED" },
      });
    }
  });

  it("gives operations it cannot run a clear 4xx, never a long stall", async () => {
    // Subscriptions run over WebSocket only (activity-subscriptions.test.ts).
    const subscription = await post(
      JSON.stringify({ query: "subscription { activityEvents { __typename } }" }),
    );
    expect(subscription.status).toBe(400);
    expect(JSON.parse(subscription.text)).toMatchObject({
      errors: [
        {
          message: SUBSCRIPTION_TRANSPORT_HINT,
          extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
        },
      ],
    });

    const overGet = await fetch(
      `${stack.facade.url}?query=${encodeURIComponent("mutation { createSandboxAccount(input: {}) { __typename } }")}`,
      { headers: { ...stack.headers, "apollo-require-preflight": "true" } },
    );
    expect(overGet.status).toBe(405);
    answers.push(await overGet.text());

    const unknownName = await post(
      JSON.stringify({ query: "query A { health }", operationName: "B" }),
    );
    expect(unknownName.status).toBe(400);
    expect(unknownName.text).toContain('Unknown operation named \\"B\\"');

    const empty = await post(JSON.stringify({ query: "" }));
    expect(empty.status).toBe(400);

    // 100,000 tokens in 200 KB: parsing stops at the token limit, before validation.
    const tokens = await post(JSON.stringify({ query: `{ ${"a ".repeat(100_000)}}` }));
    expect(tokens.status).toBe(400);
    expect(JSON.parse(tokens.text)).toMatchObject({
      errors: [
        {
          message: expect.stringContaining("10000 tokens. Parsing aborted") as unknown,
          extensions: { code: "GRAPHQL_PARSE_FAILED" },
        },
      ],
    });

    const tooLarge = await post(
      JSON.stringify({ query: `{ health } #${"x".repeat(2 * MILLION)}` }),
    );
    expect(tooLarge.status).toBe(413);

    // `{"query":"<0xff>"}`: JSON is UTF-8.
    const brokenUtf8 = await post(
      new Uint8Array([...Buffer.from('{"query":"'), 0xff, ...Buffer.from('"}')]).buffer,
    );
    expect(brokenUtf8.status).toBe(400);
    expect(brokenUtf8.text).toContain("not valid UTF-8");

    const poisoned = await post('{"query":"{ health }","__proto__":{"x":1}}');
    expect(poisoned.status).toBe(400);

    const notJson = await post("{ health }");
    expect(notJson.status).toBe(400);

    // Automatic persisted queries are off: a hash that does not match its query is not served.
    const persisted = await post(
      JSON.stringify({
        query: "{ health }",
        extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } },
      }),
    );
    expect(JSON.parse(persisted.text)).toMatchObject({
      errors: [{ extensions: { code: "PERSISTED_QUERY_NOT_SUPPORTED" } }],
    });
    await expectHealthy();
  });

  it("answered no input of this file with an internal error, and logged no stack trace", () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((answer) => answer.includes("INTERNAL_SERVER_ERROR"))).toEqual([]);
    expect(answers.filter((answer) => /"statusCode":5\d\d/.test(answer))).toEqual([]);
    expect(logText).toContain('"statusCode":400'); // the log holds the refused requests
    // A stack trace in a JSON log line: its frames as escaped lines ("\n    at ...").
    expect(logText).not.toMatch(/\\n\s+at /);
  });
});
