// The client: createRestClient, its method tree and the helpers over many calls.
export { createRestClient } from "./client/client.js";
export type { RestClient, RestClientApi, WireApi, WireParams } from "./client/client.js";
export type {
  ItemOf,
  PageableId,
  TotalCountId,
  BatchId,
  LookupId,
  LookupParam,
  GetManyParams,
  GetManyOptions,
  IdListParam,
  CollectManyParams,
  CollectManyOptions,
  BatchOptions,
  EndpointMethod,
  ResourceTree,
} from "./client/method-types.js";
export { paginate, itemsOf, collect, nextCursorOf, pageOf } from "./client/paging.js";
export type { Page, FetchPage, CollectOptions } from "./client/paging.js";
export { matchIds, idsPerRequest } from "./client/id-batching.js";
export type { ManyResult } from "./client/id-batching.js";
export { splitOperations, usersBatchCounts } from "./client/batch.js";
export type { BatchChunk, BatchOutcome } from "./client/batch.js";

// Budgets and plans: the rate-limit windows a client knows, and what a sequence of calls spends.
export { windowsSpentBy } from "./budget/budget-windows.js";
export type {
  BudgetBook,
  BudgetScope,
  BudgetWindow,
  BudgetWindowKey,
} from "./budget/budget-windows.js";
export type {
  PlanStep,
  PageStep,
  LookupStep,
  CallStep,
  PlannedRequests,
  PlannedWindow,
  CallPlan,
} from "./budget/call-plan.js";

// The core: one call through validation, middleware, retries, rate limits and transport.
export {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
  DEFAULT_CONCURRENCY,
} from "./core/config.js";
export type {
  RestClientOptions,
  CallOptions,
  AuthOptions,
  RateLimitOptions,
} from "./core/config.js";
export type { SendScope } from "./core/transport.js";
export { DEFAULT_MAX_DECOMPRESSED_BYTES } from "./core/gunzip.js";
export type { ResponseValidation } from "./core/response-sampling.js";
export { LOCAL_HOSTS, requestUrl } from "./core/hosts.js";
export type { Hosts } from "./core/hosts.js";
export type { RestResponse } from "./core/response.js";
export { answerWith, forEndpoints } from "./core/middleware.js";
export type { Middleware, MiddlewareContext, EndpointContext, Next } from "./core/middleware.js";
export type { NextChange } from "./core/compose.js";
export type {
  ParamsOf,
  ResultOf,
  CallResult,
  MessageStream,
  StreamEndpointId,
} from "./core/call-types.js";
export {
  REST_CLIENT_ERROR_CODES,
  RestClientError,
  RestValidationError,
  RestNetworkError,
  RestTimeoutError,
  RestAbortedError,
  RestApiError,
  RestAuthError,
  RestRateLimitError,
  RestProtocolError,
  RestBatchError,
  RestStatsJobError,
  toRestClientError,
} from "./core/errors.js";
export type {
  RestClientErrorCode,
  ApiErrorItem,
  OperationError,
  AuthFailureReason,
  CallSite,
  StatsJobFailure,
} from "./core/errors.js";
export { shouldRetry, backoffMs, isRetrySafe, DEFAULT_RETRY_POLICY } from "./core/retry.js";
export type { RetryPolicy, AttemptOutcome, RetryDecision } from "./core/retry.js";
export {
  parseRateLimitHeaders,
  parseRetryAfter,
  governingWindow,
  waitBeforeSendMs,
  waitAfterLimitMs,
} from "./core/rate-limit.js";
export type {
  RateLimitState,
  RateLimitWindow,
  RateLimitObservation,
  RateLimitStore,
  HeaderReader,
} from "./core/rate-limit.js";
export type { RateLimitBudget, RateLimitBudgetKey, RateLimitAnswer } from "./core/rate-budget.js";
export { principalDigest, type RateLimitCredit } from "./core/rate-budget.js";
export type {
  Hooks,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  RetryReason,
  ErrorEvent,
} from "./core/hooks.js";

// Features on the client: post-data lookups and writes,
export { lookupPosts } from "./post-data/post-lookup.js";
export type {
  PostLookupRequest,
  PostLookupOptions,
  PostLookupResult,
  PostIncludes,
  SelectedPost,
  SelectedMedia,
  SelectedUser,
} from "./post-data/post-lookup.js";
export { createPost, editPost } from "./post-data/post-write.js";
export type { NewPost, PostEdit } from "./post-data/post-write.js";

// audience hashing and resumable uploads,
export {
  normalizeIdentifier,
  hashIdentifier,
  hashAudienceUsers,
  sha256Hex,
} from "./audience-upload/audience-hashing.js";
export type {
  AudienceUserInput,
  HashedAudienceUser,
  HashOptions,
  HashedUsers,
} from "./audience-upload/audience-hashing.js";
export { uploadAudienceUsers } from "./audience-upload/audience-upload.js";
export type { AudienceUploadOptions, UploadReport } from "./audience-upload/audience-upload.js";
export {
  fileProgressStore,
  sourceFingerprint,
  resumeMismatch,
  writeAtomically,
} from "./audience-upload/upload-progress.js";
export type {
  ProgressStore,
  UploadProgress,
  UploadCounts,
  SourceFingerprint,
} from "./audience-upload/upload-progress.js";

// the activity stream reader,
export {
  readActivityStream,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
} from "./activity-stream/activity-stream-reader.js";
export type {
  ActivityStreamOptions,
  ActivityStreamReader,
  ActivityStreamState,
  StallTimers,
} from "./activity-stream/activity-stream-reader.js";
export {
  DEFAULT_STREAM_BACKOFF,
  reconnectDelayMs,
  classifyStreamEnd,
  compareEventIds,
} from "./activity-stream/activity-reconnect.js";
export type {
  StreamBackoff,
  ReconnectReason,
  StreamEnd,
} from "./activity-stream/activity-reconnect.js";

// analytics: the windows-or-jobs plan, stats over any ids and range, jobs, active entities,
export { planStatsRequests, SYNC_WINDOW_HOURS } from "./analytics/stats-plan.js";
export type { StatsPlan, StatsPlanInput, StatsWindow } from "./analytics/stats-plan.js";
export { fetchStats } from "./analytics/fetch-stats.js";
export type { StatsQuery, FetchStatsOptions } from "./analytics/fetch-stats.js";
export { mergeWindowAnswers } from "./analytics/stats-merge.js";
export { runStatsJobs, jobIdOf } from "./analytics/stats-jobs.js";
export type { RunStatsJobsOptions, StatsJobParams } from "./analytics/stats-jobs.js";
export { activeEntities } from "./analytics/active-entities.js";
export type { ActiveEntitiesQuery } from "./analytics/active-entities.js";

// webhook signatures.
export {
  WEBHOOK_SIGNATURE_HEADER,
  crcResponse,
  signWebhookBody,
  verifyWebhookSignature,
} from "./webhooks/webhook-verify.js";
