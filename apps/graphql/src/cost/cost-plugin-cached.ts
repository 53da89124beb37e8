import { randomBytes } from "node:crypto";
import type { CallerBudgets } from "./budget-store.js";
import { budgetReport, type CostReport } from "./cost-plugin-report.js";

// The cost plugin writes `cost` last into `extensions`, the answer's last member: a stored
// body ends `"cost":{...}}}`. Only that tail is read, once, when the answer is stored.
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

/** A stored answer as the response cache serves it again. */
export interface CachedCost {
  /** The body to keep: the stored one with its cost as a repeat shows it (budgets aside). */
  readonly body: Buffer;
  /**
   * The body with the caller's budgets now; undefined when no window has one to show (the
   * kept body is then sent as it is).
   */
  readonly present?: (
    budgets: Pick<CallerBudgets, "principalFor" | "read"> | null,
    sees: (accountId: string) => boolean,
  ) => Promise<Buffer>;
}

/**
 * The cost of an answer the response cache serves again (issue 35): nothing was sent for it,
 * so `actual` is 0 everywhere, and its budgets are the caller's now, never the stored answer's
 * old numbers; an account's window only to a caller `sees` knows to see that account. The plan
 * is kept: the same document and variables, answered the same way. A body that does not end
 * with a cost is kept as it was.
 *
 * Prepared once, when the answer is stored (issue 37: a hit as cheap as a plain cached
 * server's): everything but the windows' budgets is fixed then, so a hit only reads the
 * budgets and splices their JSON between fixed pieces; no parse, no copy of the answer's text.
 */
export function prepareCachedCost(stored: Buffer): CachedCost {
  const found = storedCost(stored);
  if (found === undefined) return { body: stored };
  const { cost } = found;
  // Each window's budget stands in the text as a quoted placeholder no answer can hold.
  const nonce = randomBytes(8).toString("hex");
  const hole = (index: number) => `\u0000budget-${index}-${nonce}`;
  // As shown, with a placeholder string where each window's budget goes (JSON only).
  const shown: Omit<CostReport, "windows"> & { windows: unknown[] } = {
    ...cost,
    mode: "run",
    actual: 0,
    windows: cost.windows.map((window, index) => ({
      ...window,
      actual: 0,
      budget: hole(index),
    })),
    withTotalCount: { ...cost.withTotalCount, actual: 0 },
    waitedMs: 0,
  };
  let text = JSON.stringify(shown);
  const pieces: Buffer[] = [];
  for (let index = 0; index < cost.windows.length; index += 1) {
    const [before = "", after = ""] = text.split(JSON.stringify(hole(index)));
    pieces.push(Buffer.from(before, "utf8"));
    text = after;
  }
  pieces.push(Buffer.from(`${text}}}`, "utf8"));
  const head = stored.subarray(0, found.start);
  const windows = cost.windows.map(({ family, accountId }) => ({ family, accountId }));
  if (windows.length === 0) return { body: Buffer.concat([head, ...pieces]) };
  return {
    body: stored,
    async present(budgets, sees) {
      const refs = windows.map((window) => ({
        family: window.family,
        accountId: window.accountId,
        principal: budgets?.principalFor(window.family) ?? "",
      }));
      const now = budgets === null ? [] : await budgets.read(refs).catch(() => []);
      const chunks: Buffer[] = [head];
      windows.forEach((window, index) => {
        const budget =
          window.accountId === null || sees(window.accountId)
            ? budgetReport(now[index], now[index])
            : null;
        chunks.push(pieces[index] as Buffer, Buffer.from(JSON.stringify(budget), "utf8"));
      });
      chunks.push(pieces[windows.length] as Buffer);
      return Buffer.concat(chunks);
    },
  };
}
