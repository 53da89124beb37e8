import type { GraphQLServerContext } from "@apollo/server";
import { createComplexityRule } from "@pothos/plugin-complexity";
import { getVariableValues, parse, specifiedRules, validate } from "graphql";
import type { OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import {
  EXAMPLE_QUERY,
  METRICS_EXAMPLE_QUERY,
  metricsExampleVariables,
  playgroundPlugin,
  withExampleRange,
  withSignOut,
} from "./playground.js";
import { queryLimitError } from "./errors/graphql-errors.js";
import { QUERY_LIMITS } from "./query-limits.js";
import { schema } from "./schema/index.js";

describe("withSignOut", () => {
  it("adds the button before the closing body tag, leaving a script's '<body>' text alone", () => {
    const page = `<html><body><script>const s = "<body></body>";</script></body></html>`;
    const out = withSignOut(page);
    expect(out.startsWith(`<html><body><script>const s = "<body></body>";</script><div`)).toBe(
      true,
    );
    expect(out).toContain('id="adsgraph-sign-out"');
    expect(out.endsWith("</div></body></html>")).toBe(true);
  });
});

describe("example queries", () => {
  const NOW = Date.parse("2026-11-30T14:37:12.345Z");

  /**
   * The document's validation errors against the facade's schema and its query limits (depth,
   * breadth, complexity: what the server refuses before running it), and its variables'.
   */
  function problems(query: string, variables: Record<string, unknown> = {}): string[] {
    const document = parse(query);
    const limits = createComplexityRule({
      context: {},
      variableValues: variables,
      validate: (result, reportError) => {
        for (const limit of ["depth", "breadth", "complexity"] as const) {
          if (result[limit] > QUERY_LIMITS[limit]) {
            reportError(queryLimitError(limit, QUERY_LIMITS[limit], result[limit]));
          }
        }
      },
    });
    const errors = validate(schema, document, [...specifiedRules, limits]).map((e) => e.message);
    const operation = document.definitions[0] as OperationDefinitionNode;
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
    return [...errors, ...(coerced.errors ?? []).map((e) => e.message)];
  }

  it("the default query validates against the schema and its limits", () => {
    expect(problems(EXAMPLE_QUERY)).toEqual([]);
  });

  it("the metrics example and its variables validate against the schema and its limits", () => {
    const variables = JSON.parse(metricsExampleVariables(NOW)) as Record<string, unknown>;
    expect(problems(METRICS_EXAMPLE_QUERY, variables)).toEqual([]);
  });

  it("the metrics example's range is the 7 whole days before the current hour", () => {
    expect(JSON.parse(metricsExampleVariables(NOW))).toEqual({
      range: { start: "2026-11-23T14:00:00Z", end: "2026-11-30T14:00:00Z" },
    });
  });

  it("the page opens both examples, the metrics one with the range of the hour it is served", async () => {
    const listener = await playgroundPlugin({
      defaultHeaders: '{"authorization":"Bearer x"}',
    }).serverWillStart?.({} as GraphQLServerContext);
    const page = listener ? await listener.renderLandingPage?.() : undefined;
    // Built at the first visit, not at start.
    const html = page?.html;
    expect(typeof html).toBe("function");
    const text = typeof html === "function" ? await html() : "";
    expect(text).toContain(JSON.stringify(EXAMPLE_QUERY));
    expect(text).toContain(JSON.stringify(METRICS_EXAMPLE_QUERY));
    expect(text).not.toContain("ADSGRAPH_RANGE_");
    const { range } = JSON.parse(metricsExampleVariables(Date.now())) as {
      range: { start: string; end: string };
    };
    expect(text).toContain(range.end);
    // Each tab carries the dev session's header.
    expect(text.split(JSON.stringify('{"authorization":"Bearer x"}')).length - 1).toBe(3);
  });

  it("withExampleRange puts the range of `now` in place of both stand-ins", () => {
    expect(withExampleRange("a ADSGRAPH_RANGE_START b ADSGRAPH_RANGE_END", NOW)).toBe(
      "a 2026-11-23T14:00:00Z b 2026-11-30T14:00:00Z",
    );
  });
});
