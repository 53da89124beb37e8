import { HeaderMap, type ApolloServerPlugin, type GraphQLRequestListener } from "@apollo/server";
import { getVariableValues, OperationTypeNode, type GraphQLFormattedError } from "graphql";
import type { GraphQLContext } from "../context.js";
import { ERROR_CODES } from "../errors/error-codes.js";
import type { CallerBudgets, KnownBudget, WindowHold, WindowRef } from "./budget-store.js";
import { windowKey } from "./budget-store.js";
import { costOptionsOf, type CostOptions } from "./cost-plugin-options.js";
import {
  budgetReport,
  reportWindows,
  type CostMode,
  type CostReport,
} from "./cost-plugin-report.js";
import type { KnownTotalsBook } from "./known-totals.js";
import type { PlanKnowledge } from "./plan-knowledge.js";
import {
  learnTotals,
  planOperation,
  type PlanInput,
  type PlannedWindow,
  type QueryPlan,
} from "./query-plan.js";
import { heldBudget, type HeldBudget } from "./rate-limit-credit.js";
import type { WindowQueue } from "./rate-limit-queue.js";
import { createWindowQueue } from "./rate-limit-queue.js";

/** Added to every wait for a reset: resets are whole seconds and clocks differ (rest-client's pad). */
const RESET_PAD_MS = 1000;

/**
 * Partial mode's longest wait per call: shorter than any wait for a reset (each is padded by
 * at least RESET_PAD_MS), long enough for the short polls while another request probes an
 * unknown window. So a call into a spent window fails at once, unsent, and nothing else does.
 */
export const PARTIAL_WAIT_MS = 500;

/** The plan of an operation the planner is not asked about (COST_PLANNING=false). */
const UNPLANNED: QueryPlan = {
  windows: [],
  total: { lower: 0, upper: null },
  withTotalCount: { lower: 0, upper: null },
  exact: false,
  unplanned: [],
};

export interface CostPluginOptions {
  /** COST_PLANNING: false skips the planner (nothing refused, held or explained ahead). */
  readonly planning: boolean;
  /** What the facade knows of this request's reads (snapshots, batching, known totals). */
  readonly knowledge?: (context: GraphQLContext) => PlanKnowledge;
  /** Where the list sizes answers show are kept for the user's next plans. */
  readonly totals?: KnownTotalsBook;
  readonly queue?: WindowQueue;
  readonly clock?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** A window of the plan as the caller's budget names it. */
interface CheckedWindow {
  readonly ref: WindowRef;
  readonly planned: PlannedWindow["requests"];
}

interface Refusal {
  readonly window: CheckedWindow;
  readonly remaining: number;
  readonly resetAt: number;
}

/** What the plugin decided for one request. */
interface Decision {
  mode: CostMode;
  plan: QueryPlan;
  checked: CheckedWindow[];
  before: Array<KnownBudget | null>;
  held: HeldBudget | undefined;
  refusal: Refusal | undefined;
  /** The answer's one error when the operation does not run (refused, or bad cost options). */
  error: GraphQLFormattedError | undefined;
  waitedMs: number;
}

const defaultSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, Math.max(0, ms));
  });

function refusalError(refusal: Refusal, now: number, options: CostOptions): GraphQLFormattedError {
  const { window, remaining, resetAt } = refusal;
  const retryAfter = Math.max(0, Math.ceil((resetAt - now) / 1000));
  const where =
    window.ref.accountId === null ? "" : ` of account ${window.ref.accountId}`;
  const waited =
    options.waitSeconds > 0
      ? ` (the reset is past the ${options.waitSeconds} s wait asked for)`
      : "; or ask to wait for it: header x-adsgraph-cost-wait: <seconds>, or @cost(waitSeconds:)";
  return {
    message:
      `Refused before sending anything: this query needs at least ${window.planned.lower} ` +
      `requests of the "${window.ref.family}" rate limit${where}, and ${remaining} remain until ` +
      `${new Date(resetAt).toISOString()}. Retry after ${retryAfter} s${waited}.`,
    extensions: {
      code: ERROR_CODES.RATE_LIMITED,
      family: window.ref.family,
      accountId: window.ref.accountId,
      // The lower bound that does not fit (docs/cost.md "Refused").
      planned: window.planned.lower,
      remaining,
      retryAfter,
      resetAt: new Date(resetAt).toISOString(),
    },
  };
}

/**
 * The planner's answer; a planner failure costs the query its plan (nothing refused or held,
 * every window reported as it is spent), never its answer.
 */
function planOf(input: PlanInput): QueryPlan {
  try {
    return planOperation(input);
  } catch {
    return UNPLANNED;
  }
}

/**
 * Every operation's upstream cost (issue 35, design-35.md): planned after validation, checked
 * against the caller's budgets before any upstream request (refused, held, or waited for on
 * request), answered alone on `explain`, and reported in `extensions.cost` of every answer.
 */
export function costPlugin(options: CostPluginOptions): ApolloServerPlugin<GraphQLContext> {
  const queue = options.queue ?? createWindowQueue();
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;

  /** Holds the plan's lower bounds, waiting in turn for a reset when the caller allows. */
  async function admit(
    budgets: CallerBudgets,
    checked: readonly CheckedWindow[],
    waitSeconds: number,
  ): Promise<{ held: HeldBudget } | { refusal: Refusal }> {
    const wanted = checked.map((window) => ({ window: window.ref, count: window.planned.lower }));
    const deadline = clock() + waitSeconds * 1000;
    const attempt = async () => {
      const outcome = await budgets.hold(wanted);
      if (outcome.ok) return { held: heldBudget(budgets, outcome.holds) };
      const window = checked.find(
        (candidate) => windowKey(candidate.ref) === windowKey(outcome.window),
      );
      if (window === undefined) throw new Error("a hold refused a window it was not given");
      return { refusal: { window, remaining: outcome.remaining, resetAt: outcome.resetAt } };
    };
    const first = await attempt();
    if ("held" in first || first.refusal.resetAt + RESET_PAD_MS > deadline) return first;
    // In turn per window, so callers that waited longer are admitted first.
    return queue.run(windowKey(first.refusal.window.ref), async () => {
      for (;;) {
        const next = await attempt();
        if ("held" in next) return next;
        const wake = next.refusal.resetAt + RESET_PAD_MS;
        if (wake > deadline) return next;
        await sleep(wake - clock());
      }
    });
  }

  async function decide(
    contextValue: GraphQLContext,
    plan: QueryPlan,
    costOptions: CostOptions,
  ): Promise<Decision> {
    const decision: Decision = {
      mode: costOptions.explain ? "explain" : "run",
      plan,
      checked: [],
      before: [],
      held: undefined,
      refusal: undefined,
      error: undefined,
      waitedMs: 0,
    };
    const budgets = contextValue.cost.budgets();
    if (budgets === null) return decision;
    decision.checked = plan.windows.map((window) => ({
      ref: {
        family: window.family,
        accountId: window.accountId,
        principal: budgets.principalFor(window.family),
      },
      planned: window.requests,
    }));
    const started = clock();
    let admitted: Awaited<ReturnType<typeof admit>>;
    try {
      decision.before = await budgets.read(decision.checked.map((window) => window.ref));
      if (costOptions.explain) return decision;
      admitted = await admit(budgets, decision.checked, costOptions.waitSeconds);
    } catch {
      // The shared budget is unreachable (Redis down): the calls go by their clients' own
      // books, as rest-client does then; nothing is refused or held.
      return decision;
    }
    decision.waitedMs = clock() - started;
    if ("refusal" in admitted) {
      decision.mode = "refused";
      decision.refusal = admitted.refusal;
      return decision;
    }
    if (decision.waitedMs >= RESET_PAD_MS) {
      decision.mode = "waited";
      // The budgets it waited for, as they are now it runs.
      decision.before = await budgets.read(decision.checked.map((window) => window.ref));
    }
    decision.held = admitted.held;
    contextValue.cost.credit = admitted.held.credit;
    // Partial: a known window may not cover the upper bound (or it has none): its calls fail
    // at their fields instead of waiting for a reset or drawing a 429.
    const short = decision.checked.some((window, index) => {
      const known = decision.before[index];
      if (known === null || known === undefined) return false;
      return window.planned.upper === null || window.planned.upper > known.remaining;
    });
    if (short) contextValue.cost.maxWaitMs = PARTIAL_WAIT_MS;
    return decision;
  }

  async function report(
    decision: Decision,
    contextValue: GraphQLContext,
    sent: boolean,
  ): Promise<CostReport> {
    const { plan } = decision;
    // Read only when the operation ran: the counter is built with the request's upstream layers.
    const counter = sent ? contextValue.requestCounter : undefined;
    const windows = reportWindows(plan, counter?.byWindow() ?? [], sent);
    const budgets = contextValue.cost.budgets();
    const refs = windows.map((window) => ({
      family: window.family,
      accountId: window.accountId,
      principal: budgets?.principalFor(window.family) ?? "",
    }));
    const after = budgets === null ? [] : await budgets.read(refs).catch(() => []);
    const refKey = (ref: WindowRef | undefined) => (ref === undefined ? "" : windowKey(ref));
    const before = new Map(
      decision.checked.map((window, index) => [windowKey(window.ref), decision.before[index]]),
    );
    return {
      mode: decision.mode,
      planned: { ...plan.total, exact: plan.exact },
      actual: counter?.total ?? 0,
      windows: windows.map((window, index) => ({
        ...window,
        budget: budgetReport(before.get(refKey(refs[index])), after[index]),
      })),
      withTotalCount: {
        planned: plan.withTotalCount,
        actual: counter?.withTotalCount ?? 0,
      },
      unplanned: plan.unplanned,
      waitedMs: decision.waitedMs,
    };
  }

  return {
    requestDidStart(): Promise<GraphQLRequestListener<GraphQLContext>> {
      let decision: Decision | undefined;
      return Promise.resolve({
        async didResolveOperation({ request, operation, document, schema, contextValue }) {
          // No operation (a name naming none): execution answers it, nothing planned.
          if (operation === undefined || operation.operation === OperationTypeNode.SUBSCRIPTION)
            return;
          const coerced = getVariableValues(
            schema,
            operation.variableDefinitions ?? [],
            request.variables ?? {},
          );
          // Bad variables: execution answers them, with nothing planned or spent.
          if (coerced.errors !== undefined) return;
          const variables = coerced.coerced;
          const parsed = costOptionsOf(request.http?.headers, schema, operation, variables);
          const costOptions = parsed.ok ? parsed.options : { explain: false, waitSeconds: 0 };
          const plan = options.planning
            ? planOf({
                schema,
                document,
                operationName: operation.name?.value ?? null,
                variables,
                knowledge: options.knowledge?.(contextValue),
              })
            : UNPLANNED;
          contextValue.cost.plan = plan;
          if (!parsed.ok) {
            decision = {
              ...(await decide(contextValue, plan, { explain: true, waitSeconds: 0 })),
              mode: "refused",
              error: { message: parsed.problem, extensions: { code: ERROR_CODES.BAD_USER_INPUT } },
            };
            return;
          }
          // An explain answer is no answer to store (its document is the query's own).
          if (costOptions.explain) contextValue.responseRecorder.uncacheable();
          decision = await decide(contextValue, plan, costOptions);
          if (decision.refusal !== undefined)
            decision.error = refusalError(decision.refusal, clock(), costOptions);
        },
        responseForOperation() {
          if (decision === undefined) return Promise.resolve(null);
          const http = { status: 200, headers: new HeaderMap() };
          if (decision.mode === "explain")
            return Promise.resolve({ http, body: { kind: "single", singleResult: { data: null } } });
          if (decision.error === undefined) return Promise.resolve(null);
          return Promise.resolve({
            http,
            body: { kind: "single", singleResult: { data: null, errors: [decision.error] } },
          });
        },
        async willSendResponse({ response, contextValue }) {
          if (decision === undefined || response.body.kind !== "single") return;
          const ran = decision.mode === "run" || decision.mode === "waited";
          if (decision.held !== undefined) {
            const unspent: WindowHold[] = decision.held.unspent();
            const budgets = contextValue.cost.budgets();
            if (budgets !== null) await budgets.release(unspent).catch(() => undefined);
          }
          const cost = await report(decision, contextValue, ran);
          const userId = contextValue.viewer?.userId;
          if (ran && options.totals && userId !== undefined) {
            const totals = options.totals;
            learnTotals(decision.plan, response.body.singleResult.data, {
              remember: (key, total) => {
                totals.remember(userId, key, total);
              },
            });
          }
          response.body.singleResult.extensions = {
            ...response.body.singleResult.extensions,
            cost,
          };
        },
      });
    },
  };
}
