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
    // GraphQL over HTTP: as application/json a request error answers 200, the errors tell it.
    expect(status).toBe(200);
    expect(body.errors?.[0]?.message).toContain('Cannot query field "healthz"');
  });
});
