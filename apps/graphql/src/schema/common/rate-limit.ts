import { DirectiveLocation, GraphQLBoolean, GraphQLDirective, GraphQLInt } from "graphql";
import { builder } from "../../builder.js";
import { ID_INPUT } from "../../input/input-rules.js";
import { FAMILIES, type KnownBudget, type WindowRef } from "../../cost/budget-store.js";
import type { Bounds, PlannedWindow, QueryPlan } from "../../cost/plan-types.js";

/** `@cost` on an operation (issue 35): the request headers' options, written in the document. */
export const costDirective = new GraphQLDirective({
  name: "cost",
  description:
    "How this operation may spend the caller's upstream rate limits. Every answer reports the " +
    "cost in `extensions.cost`. Without this directive (or its headers) an operation whose " +
    "requests cannot fit in what remains of a rate-limit window is refused before anything " +
    "is sent, with a `RATE_LIMITED` error saying when to retry.",
  locations: [DirectiveLocation.QUERY, DirectiveLocation.MUTATION],
  args: {
    waitSeconds: {
      type: GraphQLInt,
      description:
        "Wait up to this many seconds (at most 900) for the rate-limit window to reset instead " +
        "of being refused; callers waiting for the same window are served in arrival order. " +
        "The same as the header `x-adsgraph-cost-wait: <seconds>`.",
    },
    explain: {
      type: GraphQLBoolean,
      description:
        "True: send nothing to the ads service and answer `data: null` with the plan in " +
        "`extensions.cost` (how many requests the operation would send, per rate limit). The " +
        "same as the header `x-adsgraph-explain: true`.",
    },
  },
});

/** A DateTime of the schema: whole seconds. */
const dateTime = (epochMs: number) => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, "Z");

interface BudgetWindow {
  readonly family: string;
  readonly accountId: string | null;
  readonly budget: KnownBudget;
}

interface RateLimitAnswer {
  readonly windows: readonly BudgetWindow[];
  readonly plan: QueryPlan | undefined;
}

const RequestBoundsRef = builder.objectRef<Bounds>("RequestBounds").implement({
  description: "A number of upstream requests, known exactly or between two bounds.",
  fields: (t) => ({
    lower: t.exposeInt("lower", { description: "At least this many requests." }),
    upper: t.exposeInt("upper", {
      nullable: true,
      description: "At most this many requests; null when no bound is known (e.g. a whole list).",
    }),
  }),
});

const PlannedWindowRef = builder.objectRef<PlannedWindow>("PlannedRateLimitWindow").implement({
  description: "The requests an operation plans to send into one rate-limit window.",
  fields: (t) => ({
    family: t.exposeString("family", {
      description: "The ads service's rate-limit family (e.g. `campaigns`), as it counts requests.",
    }),
    accountRawId: t.string({
      nullable: true,
      description:
        "The ad account (wire id) whose window of the family this is; null for the user's own " +
        "window of the family.",
      resolve: (window) => window.accountId,
    }),
    requests: t.field({
      type: RequestBoundsRef,
      description: "How many requests.",
      resolve: (window) => window.requests,
    }),
  }),
});

const QueryCostPlanRef = builder.objectRef<QueryPlan>("QueryCostPlan").implement({
  description:
    "What this operation sends to the ads service, worked out before it runs from its " +
    "selection, arguments and what the service already knows.",
  fields: (t) => ({
    requests: t.field({
      type: RequestBoundsRef,
      description: "All upstream requests.",
      resolve: (plan) => plan.total,
    }),
    exact: t.exposeBoolean("exact", {
      description: "True when every count is known exactly (lower equals upper everywhere).",
    }),
    windows: t.field({
      type: [PlannedWindowRef],
      description:
        "How many requests go into each rate-limit window: the user's own windows first, then " +
        "the ad accounts'.",
      resolve: (plan) => plan.windows,
    }),
    withTotalCount: t.field({
      type: RequestBoundsRef,
      description: "Requests asking for a total count, limited to 200 per 15 minutes of their own.",
      resolve: (plan) => plan.withTotalCount,
    }),
    unplanned: t.exposeStringList("unplanned", {
      description:
        "Fields (`Type.field`) that read the ads service in a way the plan cannot count: " +
        "their requests make the upper bound unknown.",
    }),
  }),
});

const RateLimitWindowRef = builder.objectRef<BudgetWindow>("RateLimitWindow").implement({
  description: "One of the caller's rate-limit windows at the ads service, as last known.",
  fields: (t) => ({
    family: t.exposeString("family", {
      description: "The ads service's rate-limit family (e.g. `campaigns`), as it counts requests.",
    }),
    accountRawId: t.string({
      nullable: true,
      description:
        "The ad account (wire id) whose window of the family this is, shared by every user " +
        "of the account; null for the caller's own window of the family.",
      resolve: (window) => window.accountId,
    }),
    limit: t.int({
      nullable: true,
      description: "Requests allowed per window; null when the service has not said.",
      resolve: (window) => window.budget.limit,
    }),
    remaining: t.int({
      description: "Requests left in the current window.",
      resolve: (window) => window.budget.remaining,
    }),
    used: t.int({
      nullable: true,
      description: "Requests spent in the current window; null when the limit is unknown.",
      resolve: ({ budget }) => (budget.limit === null ? null : budget.limit - budget.remaining),
    }),
    resetAt: t.field({
      type: "DateTime",
      nullable: true,
      description:
        "When the window starts again with its full limit; null when a new window has begun " +
        "and the service has not yet said when it ends.",
      resolve: ({ budget }) => (budget.resetAt === null ? null : dateTime(budget.resetAt)),
    }),
  }),
});

const RateLimitRef = builder.objectRef<RateLimitAnswer>("RateLimit").implement({
  description:
    "The caller's rate-limit budgets at the ads service and what this operation plans to " +
    "spend (asking sends nothing to the service).",
  fields: (t) => ({
    windows: t.field({
      type: [RateLimitWindowRef],
      description:
        "Every window the facade knows of the caller (its own per family, and those of the " +
        "ad accounts it has read), in family order; a window no answer has told yet is absent.",
      resolve: (answer) => answer.windows,
    }),
    plan: t.field({
      type: QueryCostPlanRef,
      nullable: true,
      description: "This operation's plan; null when planning is off on this server.",
      resolve: (answer) => answer.plan ?? null,
    }),
  }),
});

builder.queryField("rateLimit", (t) =>
  t.field({
    type: RateLimitRef,
    description:
      "Your rate-limit budgets at the ads service (like GitHub's `rateLimit`), read without " +
      "sending anything to it, and this operation's plan.",
    authScopes: { authenticated: true },
    args: {
      family: t.arg.string({
        required: false,
        description: "Only this rate-limit family's windows (e.g. `campaigns`).",
      }),
      accountRawId: t.arg.string({
        ...ID_INPUT,
        required: false,
        description: "Only this ad account's windows (wire id): the account's own, not yours.",
      }),
    },
    resolve: async (_root, args, { cost }) => {
      const budgets = cost.budgets();
      if (budgets === null) return { windows: [], plan: cost.plan };
      const families = FAMILIES.filter((family) => args.family == null || family === args.family);
      // Only accounts the caller's own reads were told of: an account named in a query may be
      // one the caller cannot see.
      const accounts = new Set(budgets.seenAccounts());
      const refs: WindowRef[] = [];
      for (const family of families) {
        const principal = budgets.principalFor(family);
        if (args.accountRawId == null) refs.push({ family, accountId: null, principal });
        for (const accountId of [...accounts].sort()) {
          if (args.accountRawId == null || args.accountRawId === accountId)
            refs.push({ family, accountId, principal });
        }
      }
      const known = await budgets.read(refs);
      const windows = refs.flatMap((ref, index) => {
        const budget = known[index];
        return budget ? [{ family: ref.family, accountId: ref.accountId, budget }] : [];
      });
      return { windows, plan: cost.plan };
    },
  }),
);
