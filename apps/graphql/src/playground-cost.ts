/**
 * The playground's cost panel (issue 35, docs/cost.md): after each run it shows the answer's
 * `extensions.cost` (planned bounds, requests sent, each rate-limit window's budget before and
 * after, its reset) and offers "Explain", which runs the editor's operation again with
 * `x-adsgraph-explain: true` so the facade answers the plan and sends nothing upstream.
 *
 * GraphiQL's fetcher calls `globalThis.fetch` at each run (the inlined bundle's url-loader), so a
 * wrapper around `window.fetch` sees every run's request and answer without a GraphiQL plugin.
 * The two functions below run in the page: they are written out with `Function#toString`, so
 * they use nothing but their arguments, each other and the browser's globals.
 */

/** Text safe inside HTML (an account id or field name is shown as it came). */
export function costPanelEscape(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The panel's content for one answer: a line saying what happened (ran, explained, refused,
 * waited) and a row per window; a RATE_LIMITED refusal without a cost still says when to retry;
 * an answer without `extensions.cost` (a facade before issue 35) says it has none.
 */
export function costPanelHtml(answer: unknown, now: number): string {
  const body = (answer ?? {}) as {
    extensions?: { cost?: Record<string, unknown> };
    errors?: { extensions?: Record<string, unknown> }[];
  };
  const cost = body.extensions?.cost as
    | {
        mode?: string;
        planned?: { lower: number; upper: number | null };
        actual?: number;
        waitedMs?: number;
        windows?: {
          family: string;
          accountId: string | null;
          planned: { lower: number; upper: number | null };
          actual: number;
          // Each number null when not known (docs/cost.md): shown as "?".
          budget: {
            limit: number | null;
            before: number | null;
            after: number | null;
            resetAt: string | null;
          } | null;
        }[];
        withTotalCount?: { planned: { lower: number; upper: number | null }; actual: number };
        unplanned?: string[];
      }
    | undefined;
  const bounds = (b: { lower: number; upper: number | null } | undefined): string =>
    b === undefined
      ? "?"
      : b.upper === null
        ? `${b.lower}+`
        : b.lower === b.upper
          ? `${b.lower}`
          : `${b.lower}–${b.upper}`;
  const limited = (body.errors ?? []).find((e) => e.extensions?.code === "RATE_LIMITED");
  const refusal =
    limited === undefined
      ? ""
      : `<p class="adsgraph-cost-refusal">Rate limited${
          limited.extensions?.family === undefined
            ? ""
            : ` (${costPanelEscape(limited.extensions.family)})`
        }${
          typeof limited.extensions?.retryAfter === "number"
            ? `: retry after ${limited.extensions.retryAfter} s`
            : ""
        }.</p>`;
  if (cost === undefined || cost.planned === undefined) {
    return `${refusal}<p>No cost in this answer.</p>`;
  }
  const planned = `planned ${bounds(cost.planned)}`;
  const said =
    cost.mode === "explain"
      ? `Plan: ${bounds(cost.planned)} requests; nothing sent (explain).`
      : cost.mode === "refused"
        ? `Refused before any request: ${planned}.`
        : cost.mode === "waited"
          ? `Waited ${Math.ceil((cost.waitedMs ?? 0) / 1000)} s for a reset: ${planned}, sent ${cost.actual ?? 0}.`
          : `Ran: ${planned}, sent ${cost.actual ?? 0}.`;
  const rows = (cost.windows ?? []).map((w) => {
    const known = (n: number | null) => (n === null ? "?" : `${n}`);
    const reset =
      w.budget === null || w.budget.resetAt === null
        ? ""
        : `in ${Math.max(0, Math.ceil((Date.parse(w.budget.resetAt) - now) / 1000))} s`;
    return `<tr><td>${costPanelEscape(w.family)}</td><td>${costPanelEscape(
      w.accountId ?? "user",
    )}</td><td>${bounds(w.planned)}</td><td>${w.actual}</td><td>${
      w.budget === null
        ? "unknown"
        : `${known(w.budget.before)} → ${known(w.budget.after)} of ${known(w.budget.limit)}`
    }</td><td title="${costPanelEscape(w.budget?.resetAt ?? "")}">${reset}</td></tr>`;
  });
  const totals = cost.withTotalCount;
  if (totals !== undefined && (totals.planned.upper !== 0 || totals.actual > 0)) {
    rows.push(
      `<tr><td>with_total_count</td><td></td><td>${bounds(totals.planned)}</td><td>${totals.actual}</td><td></td><td></td></tr>`,
    );
  }
  const table =
    rows.length === 0
      ? ""
      : `<table><thead><tr><th>Family</th><th>Window</th><th>Planned</th><th>Sent</th><th>Budget</th><th>Resets</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  const unplanned =
    (cost.unplanned ?? []).length === 0
      ? ""
      : `<p>Not planned (no upper bound): ${(cost.unplanned ?? []).map(costPanelEscape).join(", ")}</p>`;
  return `${refusal}<p data-mode="${costPanelEscape(cost.mode)}">${said}</p>${table}${unplanned}`;
}

/** The panel and its script, placed before GraphiQL's own script so the wrapper is in first. */
export const COST_PANEL = `<details id="adsgraph-cost" open style="position:fixed;bottom:8px;right:12px;z-index:100;max-width:42em;max-height:40vh;overflow:auto;padding:4px 8px;background:#fff;color:#222;border:1px solid #ccc;border-radius:4px;font:12px system-ui,sans-serif">
<summary>Cost <button id="adsgraph-explain" type="button" title="Run the operation again as a dry run (x-adsgraph-explain: true): the plan, nothing sent upstream">Explain</button></summary>
<style>#adsgraph-cost table{border-collapse:collapse}#adsgraph-cost td,#adsgraph-cost th{padding:1px 6px;text-align:left}#adsgraph-cost p{margin:4px 0}</style>
<div id="adsgraph-cost-body"><p>Run an operation to see what it cost upstream.</p></div>
<script>
(() => {
  // A bundler that keeps function names (tsx in development) may call this helper in them.
  const __name = (target) => target;
  ${costPanelEscape.toString()}
  ${costPanelHtml.toString()}
  const panel = document.getElementById("adsgraph-cost-body");
  const send = window.fetch.bind(window);
  let explainNext = false;
  window.fetch = async (input, init) => {
    let request;
    try {
      const target = new URL(typeof input === "string" ? input : input.url ?? String(input), location.href);
      if (target.pathname === location.pathname && typeof init?.body === "string") {
        request = JSON.parse(init.body);
      }
    } catch {
      request = undefined;
    }
    // GraphiQL's schema fetch is not a run of the caller's.
    if (request === undefined || request.operationName === "IntrospectionQuery" || /^\\s*query IntrospectionQuery\\b/.test(request.query ?? "")) {
      return send(input, init);
    }
    const headers = new Headers(init.headers);
    if (explainNext) headers.set("x-adsgraph-explain", "true");
    explainNext = false;
    const response = await send(input, { ...init, headers });
    if (/json/.test(response.headers.get("content-type") ?? "")) {
      response.clone().json().then(
        (answer) => { panel.innerHTML = costPanelHtml(answer, Date.now()); },
        () => { panel.textContent = "The answer was not JSON."; },
      );
    }
    return response;
  };
  document.getElementById("adsgraph-explain").addEventListener("click", (event) => {
    // Inside <summary>: the click must not fold the panel.
    event.preventDefault();
    const run = document.querySelector(".graphiql-execute-button");
    // While an operation runs the button stops it instead: nothing to explain then.
    if (run === null || !/^Execute/.test(run.getAttribute("aria-label") ?? "")) return;
    explainNext = true;
    run.click();
    // A click that sent nothing (no operation in the editor) must not turn the next run into a dry run.
    setTimeout(() => { explainNext = false; }, 5000);
  });
})();
</script>
</details>`;

/** GraphiQL's root element: the cost panel goes before its first occurrence. */
export const COST_PANEL_BEFORE = '<div id="root"></div>';

/**
 * The page with the cost panel before GraphiQL's root element (found from the start: the
 * wrapper must be installed before the bundle runs; the root element comes before it).
 */
export function withCostPanel(html: string): string {
  const at = html.indexOf(COST_PANEL_BEFORE);
  return at === -1 ? html : `${html.slice(0, at)}${COST_PANEL}${html.slice(at)}`;
}
