// The facade's test kit (`@adsgraph/graphql/testing`): the one way tests, examples and
// benchmarks start the facade, alone or over ads-api, and talk to it. Never part of the
// production build.
export { startFacade } from "./start-facade.js";
export type { RunningFacade, StartFacadeOptions } from "./start-facade.js";
export { startFacadeProcess } from "./start-facade-process.js";
export type { FacadeProcess, FacadeProcessOptions } from "./start-facade-process.js";
export { STACK_ENGINE, startStack } from "./stack.js";
export type { Stack, StackOptions, UpstreamStats } from "./stack.js";
export { signIn } from "./sign-in.js";
export { postGraphQL } from "./post-graphql.js";
export type { GraphQLBody } from "./post-graphql.js";
export { globalId } from "./global-id.js";
export { isLoopback, launchLoopbackOnlyChromium } from "./chromium.js";
export { browserSteps } from "./browser-steps.js";
export type { Step } from "./browser-steps.js";
export { planOperation, schema } from "./query-plan.js";
export type { Bounds, PlannedWindow, PlanInput, QueryPlan } from "./query-plan.js";
