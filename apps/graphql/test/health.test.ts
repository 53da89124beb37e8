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
    const answer = await postGraphQL(facade.url, "{ health }");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ health: "ok" });
    expect(answer.body.errors).toBeUndefined();
    // Every answer says what it cost upstream (docs/cost.md): health reads nothing.
    expect(answer.body).toMatchObject({ extensions: { cost: { mode: "run", actual: 0 } } });
  });

  it("names the unknown field in a bad query", async () => {
    const { status, body } = await postGraphQL(facade.url, "{ healthz }");
    // GraphQL over HTTP: as application/json a request error answers 200, the errors tell it.
    expect(status).toBe(200);
    expect(body.errors?.[0]?.message).toContain('Cannot query field "healthz"');
  });
});
