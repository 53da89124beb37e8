import type { CallerBudgets } from "./budget-store.js";
import { budgetReport, type CostReport } from "./cost-plugin-report.js";

// The cost plugin writes `cost` last into `extensions`, the answer's last member: a stored
// body ends `"cost":{...}}}`. Only that tail is read and rewritten, so a hit costs the same
// whatever the answer's size (issue 37: a cached answer as cheap as a plain cached server's).
const MARKER = Buffer.from('"cost":');
const CLOSE = Buffer.from("}}");

function isCost(value: unknown): value is CostReport {
  return (
    typeof value === "object" && value !== null && Array.isArray((value as CostReport).windows)
  );
}

/** The stored cost and where it starts, or undefined when the body does not end with one. */
function storedCost(body: Buffer): { cost: CostReport; start: number } | undefined {
  if (!body.subarray(body.length - CLOSE.length).equals(CLOSE)) return undefined;
  const at = body.lastIndexOf(MARKER);
  if (at < 0) return undefined;
  const start = at + MARKER.length;
  try {
    const cost: unknown = JSON.parse(
      body.subarray(start, body.length - CLOSE.length).toString("utf8"),
    );
    return isCost(cost) ? { cost, start } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cost of an answer the response cache serves again (issue 35): nothing was sent for it,
 * so `actual` is 0 everywhere, and its budgets are the caller's now, never the stored answer's
 * old numbers; an account's window only to a caller `sees` knows to see that account. The plan
 * is kept: the same document and variables, answered the same way. A body that does not end
 * with a cost is returned as it was.
 */
export async function presentCachedCost(
  body: Buffer,
  budgets: Pick<CallerBudgets, "principalFor" | "read"> | null,
  sees: (accountId: string) => boolean,
): Promise<Buffer> {
  const found = storedCost(body);
  if (found === undefined) return body;
  const stored = found.cost;
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
      budget:
        window.accountId === null || sees(window.accountId)
          ? budgetReport(now[index], now[index])
          : null,
    })),
    withTotalCount: { ...stored.withTotalCount, actual: 0 },
    waitedMs: 0,
  };
  return Buffer.concat([
    body.subarray(0, found.start),
    Buffer.from(JSON.stringify(cost), "utf8"),
    CLOSE,
  ]);
}
