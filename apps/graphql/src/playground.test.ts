import { createComplexityRule } from "@pothos/plugin-complexity";
import { MS_PER_HOUR } from "@adsgraph/models";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import { getVariableValues, parse, specifiedRules, validate } from "graphql";
import type { OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import {
  EXAMPLE_QUERY,
  METRICS_EXAMPLE_QUERY,
  metricsExampleVariables,
  graphiqlOptions,
  withExampleRange,
  withSignOut,
} from "./playground.js";
import { withCostPanel } from "./playground-cost.js";
import { playgroundPage } from "./playground-page.js";
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
    const { body } = await playgroundPage({
      defaultHeaders: '{"authorization":"Bearer x"}',
    }).page(Date.now());
    const text = body.toString();
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

  it("the page's bytes are GraphiQL's page with the cost panel, sign-out and each hour's range", async () => {
    const options = {
      defaultHeaders: '{"authorization":"Bearer x"}',
      connectionParams: { authorization: "Bearer x" },
    };
    const expected = withSignOut(withCostPanel(renderGraphiQL(graphiqlOptions(options))));
    const served = playgroundPage(options);
    const first = await served.page(NOW);
    expect(first.body.equals(Buffer.from(withExampleRange(expected, NOW)))).toBe(true);
    // The same hour: the same page and tag; the next hour: its range, another tag.
    expect(await served.page(NOW + 60_000)).toBe(first);
    const later = NOW + 3 * MS_PER_HOUR;
    const next = await served.page(later);
    expect(next.body.equals(Buffer.from(withExampleRange(expected, later)))).toBe(true);
    expect(next.etag).not.toBe(first.etag);
  });

  it("withExampleRange puts the range of `now` in place of both stand-ins", () => {
    expect(withExampleRange("a ADSGRAPH_RANGE_START b ADSGRAPH_RANGE_END", NOW)).toBe(
      "a 2026-11-23T14:00:00Z b 2026-11-30T14:00:00Z",
    );
  });
});
