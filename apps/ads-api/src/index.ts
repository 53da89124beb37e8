export { loadEnv } from "./env.js";
export type { Env } from "./env.js";
export { configFromEnv, DEFAULT_HOSTS, DEFAULT_LIMITS } from "./config.js";
export type { AdsApiConfig, Limits, MetricsSettings, TlsFiles } from "./config.js";
export { startServer } from "./server.js";
export { servedEndpointIds } from "./routes/catalog-routes.js";
export type { AppContext } from "./context.js";
export type { ServerOptions, RunningServer } from "./server.js";
export { openDatabase } from "./db/database.js";
export type { Database } from "./db/database.js";
export { RequestLog } from "./logging/request-log.js";
export type { LoggedRequest, RequestCounts } from "./logging/request-log.js";
export { DEMO, demoCredentialLines } from "./seed/demo-credentials.js";
export { seedDemo } from "./seed/demo-seed.js";
export { seedBench } from "./seed/bench-seed.js";
export type { BenchOptions, BenchSummary } from "./seed/bench-seed.js";
export { ERROR_CODES } from "./errors.js";
export { createApp } from "./credentials/apps.js";
export type { CreateAppInput, CreatedApp } from "./credentials/apps.js";
export { createUser } from "./credentials/users.js";
export type { CreateUserInput } from "./credentials/users.js";
export { grantAccess, revokeAccess } from "./credentials/grants.js";
export type { Permission } from "./auth/roles.js";
export { issueAccessToken } from "./credentials/tokens.js";
export type { IssueAccessTokenInput } from "./credentials/tokens.js";
export { startAdsApi } from "./testing/start-ads-api.js";
export type {
  AdsApiInstanceOptions,
  BenchAccount,
  ReplicaRedisOptions,
  StartAdsApiOptions,
  StartedAdsApi,
} from "./testing/start-ads-api.js";
export { startAdsApiReplicas } from "./testing/start-ads-api-replicas.js";
export type { AdsApiReplicas, AdsApiReplicasOptions } from "./testing/start-ads-api-replicas.js";
export { startTcpBalancer } from "./testing/tcp-balancer.js";
export { freePort } from "./testing/free-port.js";
export { approveAndReadPin } from "./testing/approve-pin.js";
export type { TcpBalancer } from "./testing/tcp-balancer.js";
export { serverTracing } from "./tracing/server-tracing.js";
export type { ServerTracing } from "@adsgraph/telemetry";
export { startAdsApiProcess } from "./testing/start-ads-api-process.js";
export type { AdsApiProcess, AdsApiProcessOptions } from "./testing/start-ads-api-process.js";
export { seededRandom } from "./seeded-random.js";
