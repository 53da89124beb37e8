import type { AccountAccess } from "../access/account-access.js";
import type { BudgetStore, CallerBudgets } from "../cost/budget-store.js";
import { prepareCachedCost } from "../cost/cost-plugin-cached.js";
import type { ActiveSession } from "../sessions/session-store.js";
import type { PreparedAnswer } from "./response-cache.js";

/**
 * How the facade keeps an answer for the response cache: its cost prepared once (issue 35,
 * `prepareCachedCost`), and at each hit the caller's budgets now, an account's only while the
 * caller's grant to it is held. A caller's budgets object is made once per resolved session
 * (the session cache hands out the same object while it holds it), not once per hit.
 */
export function cachedAnswers(
  budgets: BudgetStore,
  access: Pick<AccountAccess, "holds">,
): (body: Buffer) => PreparedAnswer {
  const callers = new WeakMap<ActiveSession, CallerBudgets>();
  const budgetsOf = (session: ActiveSession) => {
    let caller = callers.get(session);
    if (caller === undefined) {
      caller = budgets.forCaller(session);
      callers.set(session, caller);
    }
    return caller;
  };
  return (body) => {
    const cost = prepareCachedCost(body);
    const { present } = cost;
    if (present === undefined) return { body: cost.body };
    return {
      body: cost.body,
      present: (session) =>
        present(budgetsOf(session), (accountId) => access.holds(session.userId, accountId)),
    };
  };
}
