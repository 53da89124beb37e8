import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postGraphQL, startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";

describe("GraphQL server over HTTP", () => {
  let facade: RunningFacade;

  beforeAll(async () => {
    facade = await startFacade();
  });
  afterAll(() => facade.close());

  it("answers { health } with ok", async () => {
    expect(await postGraphQL(facade.url, "{ health }")).toEqual({
      status: 200,
      body: { data: { health: "ok" } },
    });
  });

  it("names the unknown field in a bad query", async () => {
    const { status, body } = await postGraphQL(facade.url, "{ healthz }");
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toContain('Cannot query field "healthz"');
  });
});
