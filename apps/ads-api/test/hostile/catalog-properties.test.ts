import { errorBodySchema, validateParams } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../support/signed-fetch.js";
import { startHostileServer } from "./support/hostile-server.js";
import type { HostileServer } from "./support/hostile-server.js";
import { queryOf, rawRequest } from "./support/raw-http.js";
import { answerOf, expectCleanLogs } from "./support/refusals.js";
import { authOf, pathOf, servedCalls, validSamples } from "./support/calls.js";
import type { Call } from "./support/calls.js";
import { SERVED, createWorld } from "./support/world.js";
import type { World } from "./support/world.js";
import { casesOn } from "./support/engine-sample.js";

// Issue 12, item 8: for every endpoint ads-api serves, parameters drawn near the catalog's
// rules (the valid value, its boundaries and breakages, and random text with control
// characters and surrogates). Property: what client validation (`validateParams`) accepts,
// the server accepts or answers with a documented 4xx; what it refuses, the server refuses
// with a 4xx; never a 5xx.

/** 4xx answers the service documents for a request that passed validation. */
const DOCUMENTED_4XX = new Set([400, 403, 404, 409, 429]);
const RUNS_PER_ENDPOINT = 10;

/** Any text, including what a database cannot hold: controls, lone surrogates, wildcards. */
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(
      "\u0000",
      "\u001b",
      "\t",
      "\ud800",
      "\udc00",
      "%",
      "_",
      "a",
      "Z",
      "é",
      ",",
      "-",
      "9",
    ),
    maxLength: 10,
  }),
  fc.constantFrom("__proto__", "constructor", "null", "true", "-1", "1e3", " ", ""),
);

/** Variants of a valid value: its boundaries and the ways it usually breaks. */
function near(valid: string): fc.Arbitrary<string> {
  const variants = [
    "",
    `${valid}x`,
    `${valid},${valid}`,
    valid.toLowerCase(),
    valid.toUpperCase(),
    ` ${valid}`,
    valid.repeat(40),
    valid.slice(1),
    `${valid}\u0000`,
  ];
  const arbitraries: fc.Arbitrary<string>[] = [fc.constantFrom(...variants)];
  if (/^\d+$/.test(valid)) {
    arbitraries.push(
      fc.integer({ min: -2, max: 1002 }).map(String),
      fc.constantFrom(
        "4",
        "5",
        "200",
        "201",
        "1000",
        "1001",
        "10080",
        "10081",
        "9007199254740993",
        "1.5",
        "1e2",
      ),
    );
  }
  if (/^\d{4}-\d\d-\d\dT/.test(valid)) {
    arbitraries.push(
      fc.constantFrom(
        "0000-01-01T00:00:00Z",
        "2026-02-30T00:00:00Z",
        "2026-01-01T00:30:00Z",
        "2026-01-08T01:00:00Z",
        "9999-12-31T23:00:00Z",
        "2026-01-01T00:00:00+01:00",
      ),
    );
  }
  if (valid === "true" || valid === "false")
    arbitraries.push(fc.constantFrom("TRUE", "1", "yes", "false", "true"));
  if (valid.includes("://"))
    arbitraries.push(fc.constantFrom("javascript:alert(1)", "card://", "card://x,card://y"));
  return fc.oneof(...arbitraries);
}

/** One parameter: usually its valid value, else a near value or any text; optional ones may go. */
function parameter(valid: string | undefined, required: boolean): fc.Arbitrary<string | undefined> {
  const value =
    valid === undefined
      ? anyText
      : fc.oneof(
          { weight: 3, arbitrary: fc.constant(valid) },
          { weight: 2, arbitrary: near(valid) },
          { weight: 1, arbitrary: anyText },
        );
  return required ? value : fc.option(value, { nil: undefined, freq: 3 });
}

/** True when the text has a UTF-8 form (no lone surrogate): encodeURIComponent throws otherwise. */
function wellFormed(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

interface Drawn {
  readonly path: Record<string, string>;
  readonly query: Record<string, string>;
  readonly json: unknown;
}

describe.each(TEST_ENGINES)("catalog properties on %s", (engine) => {
  let server: HostileServer;
  let world: World;
  let calls: Map<string, Call>;
  let samples: Readonly<Record<string, string>>;

  beforeAll(async () => {
    server = await startHostileServer(engine);
    world = await createWorld(server.ctx);
    calls = new Map(servedCalls(world).map((call) => [call.endpoint.id, call]));
    samples = validSamples(world);
  });
  afterAll(() => server.close());

  /** Draws a request to `call`'s endpoint: path and query from the catalog's parameter names. */
  function requests(call: Call): fc.Arbitrary<Drawn> {
    const path: Record<string, fc.Arbitrary<string>> = {};
    const query: Record<string, fc.Arbitrary<string | undefined>> = {};
    for (const [name, where] of Object.entries(call.endpoint.locations)) {
      if (where === "path") {
        // A URL path carries no lone surrogate, and an empty segment is another route.
        path[name] = parameter(call.path[name], true)
          .map((value) => value ?? "")
          .filter((value) => value !== "" && wellFormed(value));
      } else if (where === "query") {
        const valid = call.query[name] ?? samples[name];
        // Percent-encoding needs well-formed text: lone surrogates go in JSON bodies below.
        query[name] = parameter(valid, name in call.query).filter(
          (value) => value === undefined || wellFormed(value),
        );
      }
    }
    return fc.record({
      path: fc.record(path),
      query: fc
        .record(query)
        .map(
          (drawn) =>
            Object.fromEntries(
              Object.entries(drawn).filter(
                (entry): entry is [string, string] => entry[1] !== undefined,
              ),
            ) as Record<string, string>,
        ),
      json: bodies(call),
    });
  }

  /** JSON bodies near the baseline's: one string field replaced by a drawn value, or not. */
  function bodies(call: Call): fc.Arbitrary<unknown> {
    const json = call.json;
    if (json === undefined) return fc.constant(undefined);
    const fields = stringPaths(json);
    return fc
      .option(
        fc.tuple(
          fc.constantFrom(...fields),
          fc.oneof(anyText, fc.constantFrom<unknown>(null, 7, [], {})),
        ),
        { nil: undefined },
      )
      .map((change) => (change === undefined ? json : replaceAt(json, change[0], change[1])));
  }

  async function send(call: Call, drawn: Drawn): Promise<ApiResponse> {
    const segments = Object.fromEntries(
      Object.entries(drawn.path).map(([name, value]) => [name, encodeURIComponent(value)]),
    );
    return rawRequest({
      method: call.endpoint.method,
      url: `${server.urls[call.role]}${pathOf(call.endpoint, segments)}${queryOf(Object.entries(drawn.query))}`,
      ...authOf(call, world),
      ...(drawn.json === undefined
        ? {}
        : { body: JSON.stringify(drawn.json), contentType: "application/json" }),
    });
  }

  function clientAccepts(call: Call, drawn: Drawn): boolean {
    const body = Array.isArray(drawn.json)
      ? { operations: drawn.json }
      : ((drawn.json ?? {}) as Record<string, unknown>);
    return validateParams(call.endpoint, { ...drawn.query, ...body, ...drawn.path }).ok;
  }

  it.each(
    casesOn(
      engine,
      SERVED.map((endpoint) => ({ id: endpoint.id })),
    ),
  )("$id: accepted by the client ⇒ served or a documented 4xx; never a 5xx", async ({ id }) => {
    const call = calls.get(id);
    if (call === undefined) throw new Error(`no call for ${id}`);
    await fc.assert(
      fc.asyncProperty(requests(call), async (drawn) => {
        const response = await send(call, drawn);
        const accepted = clientAccepts(call, drawn);
        const answer = `${answerOf(response)} (client validation ${accepted ? "accepted" : "refused"})`;
        expect(response.status, answer).toBeLessThan(500);
        // 200, or 201 for a created post (spec §4.9 POST /2/posts).
        if (response.status === 200 || response.status === 201) {
          expect(accepted, `served what client validation refuses: ${answer}`).toBe(true);
          return;
        }
        expect(errorBodySchema.safeParse(response.body).success, answer).toBe(true);
        if (accepted) expect(DOCUMENTED_4XX.has(response.status), answer).toBe(true);
        else expect(response.status, answer).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
    );
  });

  it("logged no stack trace, no 500 and no credential", () => {
    const token = world.admin.credentials.token;
    expectCleanLogs(server.logs(), [
      world.admin.consumerSecret,
      token?.token ?? "",
      token?.tokenSecret ?? "",
      world.postData.bearer,
    ]);
  });
});

/** Paths of the string leaves of a JSON value. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [at];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  }
  return [];
}

function replaceAt(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(root)) {
    return (root as unknown[]).map((item, index) =>
      index === head ? replaceAt(item, rest, value) : item,
    );
  }
  const record = root as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, value) };
}
