import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUERY_LIMITS } from "../src/query-limits.js";
import { startFacade } from "../testing/index.js";
import type { RunningFacade } from "../testing/index.js";

describe("query limits", () => {
  let facade: RunningFacade;
  let url: string;

  beforeAll(async () => {
    facade = await startFacade();
    url = facade.url;
  });
  afterAll(async () => {
    await facade.close();
  });

  const post = async (query: string) => {
    const response = await fetch(url, {
      method: "POST",
      // The status tells a refusal to a client asking for GraphQL over HTTP's media type.
      headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
      body: JSON.stringify({ query }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const aliases = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `a${i}: health`).join(" ")} }`;

  it("accepts an operation at the alias limit", async () => {
    const { body } = await post(aliases(QUERY_LIMITS.aliases));
    expect(body.errors).toBeUndefined();
  });

  it("refuses one alias more, naming the limit", async () => {
    const { status, body } = await post(aliases(QUERY_LIMITS.aliases + 1));
    expect(status).toBe(400);
    expect(JSON.stringify(body.errors)).toContain(
      `Aliases limit of ${QUERY_LIMITS.aliases} exceeded`,
    );
  });
});
