import { pathParameterNames } from "@adsgraph/models";
import { TEST_ENGINES } from "@adsgraph/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHostileServer } from "./support/hostile-server.js";
import type { HostileServer } from "./support/hostile-server.js";
import { queryOf, rawRequest } from "./support/raw-http.js";
import { expectCleanLogs, expectHealthy, expectRefused, stateDigest } from "./support/refusals.js";
import { authOf, pathOf, servedCalls } from "./support/calls.js";
import type { Call } from "./support/calls.js";
import { SERVED, createWorld } from "./support/world.js";
import type { World } from "./support/world.js";
import { casesOn } from "./support/engine-sample.js";

// Issue 12, items 3 and 8: path segments are request text like any other. Each served
// endpoint's path parameters get bytes the database cannot hold (a 400 naming the parameter)
// and path tricks that must end in a clear 4xx (no such resource, or a refused id), never a
// 5xx; the segment is sent byte for byte (fetch would resolve `%2e%2e`).

interface Trick {
  readonly label: string;
  /** The segment as sent, from the valid id. */
  readonly segment: (valid: string) => string;
  /**
   * `named`: bytes no id may hold, a 400 naming the parameter; `400`: a path that is not UTF-8,
   * refused before routing (Fastify decodes the whole path first, so no parameter is known
   * yet); `4xx`: no such resource or a refused id, any clear 4xx.
   */
  readonly expect: "named" | "400" | "4xx";
}

const TRICKS: readonly Trick[] = [
  { label: "%00 after the id", segment: (id) => `${id}%00`, expect: "named" },
  { label: "an escape (%1B) inside", segment: (id) => `${id}%1Bx`, expect: "named" },
  { label: "invalid UTF-8 (%ED%A0%80)", segment: () => "%ED%A0%80", expect: "400" },
  { label: "an encoded slash", segment: (id) => `${id}%2F..%2F${id}`, expect: "4xx" },
  { label: "an encoded dot-dot", segment: () => "%2e%2e", expect: "4xx" },
  { label: "encoded unicode", segment: () => "%C3%A9t%C3%A9%F0%9F%98%80", expect: "4xx" },
  { label: "1,000 characters", segment: (id) => id + "a".repeat(1000), expect: "4xx" },
  { label: "a trailing slash", segment: (id) => `${id}/`, expect: "4xx" },
];

const cases = SERVED.flatMap((endpoint) =>
  pathParameterNames(endpoint.path).flatMap((param) =>
    TRICKS.map((trick) => ({ id: endpoint.id, param, trick, label: trick.label })),
  ),
);

describe.each(TEST_ENGINES)("hostile path segments on %s", (engine) => {
  let server: HostileServer;
  let world: World;
  let calls: Map<string, Call>;
  let before: string;

  beforeAll(async () => {
    server = await startHostileServer(engine);
    world = await createWorld(server.ctx);
    calls = new Map(servedCalls(world).map((call) => [call.endpoint.id, call]));
    before = await stateDigest(server.ctx, [world.accountId, world.spare.accountId]);
  });
  afterAll(() => server.close());

  it.each(casesOn(engine, cases))("$id :$param with $label", async ({ id, param, trick }) => {
    const call = calls.get(id);
    if (call === undefined) throw new Error(`no call for ${id}`);
    const segments: Record<string, string> = {};
    for (const [name, value] of Object.entries(call.path)) {
      segments[name] = name === param ? trick.segment(value) : encodeURIComponent(value);
    }
    const response = await rawRequest({
      method: call.endpoint.method,
      url: `${server.urls[call.role]}${pathOf(call.endpoint, segments)}${queryOf(Object.entries(call.query))}`,
      ...authOf(call, world),
      ...(call.json === undefined
        ? {}
        : { body: JSON.stringify(call.json), contentType: "application/json" }),
    });
    expectRefused(
      response,
      trick.expect === "named"
        ? { status: 400, parameter: param }
        : trick.expect === "400"
          ? { status: 400 }
          : {},
    );
  });

  it("wrote nothing", async () => {
    expect(await stateDigest(server.ctx, [world.accountId, world.spare.accountId])).toBe(before);
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
