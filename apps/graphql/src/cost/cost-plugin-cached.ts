import type { CallerBudgets } from "./budget-store.js";
import { budgetReport, type CostReport } from "./cost-plugin-report.js";

/**
 * The cost of an answer the response cache serves again (issue 35): nothing was sent for it,
 * so `actual` is 0 everywhere, and its budgets are the caller's now, never the stored answer's
 * old numbers. The plan is kept: the same document and variables, answered the same way.
 * A body that is not a JSON answer with a cost is returned as it was.
 */
export async function presentCachedCost(
  body: Buffer,
  budgets: CallerBudgets | null,
): Promise<Buffer> {
  let answer: { extensions?: { cost?: CostReport } };
  try {
    answer = JSON.parse(body.toString("utf8")) as typeof answer;
  } catch {
    return body;
  }
  const stored = answer.extensions?.cost;
  if (stored === undefined) return body;
  const refs = stored.windows.map((window) => ({
    family: window.family,
    accountId: window.accountId,
    principal: budgets?.principalFor(window.family) ?? "",
  }));
  const now = budgets === null ? [] : await budgets.read(refs).catch(() => []);
  const cost: CostReport = {
    ...stored,
    mode: "run",
    actual: 0,
    windows: stored.windows.map((window, index) => ({
      ...window,
      actual: 0,
      budget: budgetReport(now[index], now[index]),
    })),
    withTotalCount: { ...stored.withTotalCount, actual: 0 },
    waitedMs: 0,
  };
  return Buffer.from(JSON.stringify({ ...answer, extensions: { ...answer.extensions, cost } }));
}
