import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import { describe, expect, it } from "vitest";
import { costPanelHtml, withCostPanel } from "./playground-cost.js";

const NOW = Date.parse("2026-11-29T21:10:48.000Z");

/** extensions.cost as design-35 documents it. */
const RUN = {
  mode: "run",
  planned: { lower: 2, upper: 7, exact: false },
  actual: 2,
  windows: [
    {
      family: "campaigns",
      accountId: null,
      planned: { lower: 1, upper: 1 },
      actual: 1,
      budget: { limit: 10000, before: 9999, after: 9998, resetAt: "2026-11-29T21:15:00.000Z" },
    },
    {
      family: "line_items",
      accountId: "<dmo1ab>",
      planned: { lower: 1, upper: null },
      actual: 1,
      budget: null,
    },
  ],
  withTotalCount: { planned: { lower: 0, upper: 0 }, actual: 0 },
  unplanned: ["Campaign.somethingNew"],
  waitedMs: 0,
};

/** The panel's text as a reader sees it (tags dropped, cells apart). */
function text(html: string): string {
  return html
    .replace(/<\/(td|th)>/g, " | ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("costPanelHtml", () => {
  it("shows what the run planned and sent, each window's budget before → after and its reset", () => {
    const shown = text(costPanelHtml({ data: {}, extensions: { cost: RUN } }, NOW));
    expect(shown).toContain("Ran: planned 2–7, sent 2.");
    expect(shown).toContain("campaigns | user | 1 | 1 | 9999 → 9998 of 10000 | in 252 s |");
    // An unbounded list, an unknown budget; an account id is escaped, never markup.
    expect(shown).toContain("line_items | &#60;dmo1ab&#62; | 1+ | 1 | unknown |");
    expect(shown).toContain("Not planned (no upper bound): Campaign.somethingNew");
    expect(shown).not.toContain("with_total_count");
  });

  it("says a dry run sent nothing, and why a refusal came back", () => {
    const explain = { ...RUN, mode: "explain", actual: 0 };
    expect(text(costPanelHtml({ data: null, extensions: { cost: explain } }, NOW))).toContain(
      "Plan: 2–7 requests; nothing sent (explain).",
    );
    const refused = {
      data: null,
      errors: [{ extensions: { code: "RATE_LIMITED", family: "campaigns", retryAfter: 252 } }],
      extensions: { cost: { ...RUN, mode: "refused", actual: 0 } },
    };
    const shown = text(costPanelHtml(refused, NOW));
    expect(shown).toContain("Rate limited (campaigns): retry after 252 s.");
    expect(shown).toContain("Refused before any request: planned 2–7.");
  });

  it("says so when an answer has no cost (a facade before issue 35)", () => {
    expect(text(costPanelHtml({ data: { health: "ok" } }, NOW))).toBe("No cost in this answer.");
    expect(text(costPanelHtml(undefined, NOW))).toBe("No cost in this answer.");
  });
});

describe("withCostPanel", () => {
  const page = withCostPanel(renderGraphiQL({ title: "adsgraph" }));

  it("puts the panel and its fetch wrapper before GraphiQL's script", () => {
    const panel = page.indexOf('<details id="adsgraph-cost"');
    expect(panel).toBeGreaterThan(-1);
    expect(panel).toBeLessThan(page.indexOf("YogaGraphiQL.renderYogaGraphiQL"));
    expect(page).toContain("window.fetch = async (input, init) =>");
    expect(page).toContain('headers.set("x-adsgraph-explain", "true")');
  });

  it("writes out functions that run on their own in the page", () => {
    const script = /<details id="adsgraph-cost"[\s\S]*?<script>([\s\S]*?)<\/script>/.exec(
      page,
    )?.[1];
    expect(script).toBeDefined();
    // The page's script compiles, and its panel function works without this module around it.
    const body = (script ?? "").replace(/const panel = [\s\S]*$/, "return costPanelHtml;");
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiles the page's script as the browser will
    const inPage = new Function(body.replace(/^\s*\(\(\) => \{/, "")) as () => typeof costPanelHtml;
    expect(inPage()({ extensions: { cost: RUN } }, NOW)).toBe(
      costPanelHtml({ extensions: { cost: RUN } }, NOW),
    );
  });
});
