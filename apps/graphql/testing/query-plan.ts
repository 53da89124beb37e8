// The planner and the schema it reads, for the bench's accuracy and CPU runs (issue 35):
// they plan a document in process, beside what the facade answers for it.
export { schema } from "../src/schema/index.js";
export { planOperation } from "../src/cost/query-plan.js";
export type { Bounds, PlannedWindow, PlanInput, QueryPlan } from "../src/cost/query-plan.js";
