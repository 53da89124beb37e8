export { createRestClient } from "./client.js";
export type { RestClient, RestClientApi } from "./client.js";
export {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
  DEFAULT_CONCURRENCY,
} from "./config.js";
export type { RestClientOptions, CallOptions, AuthOptions, RateLimitOptions } from "./config.js";
export type { SendScope } from "./transport.js";
export type { ResponseValidation } from "./response-sampling.js";
export { LOCAL_HOSTS, requestUrl } from "./hosts.js";
export type { Hosts } from "./hosts.js";
export type { RestResponse } from "./response.js";
export { answerWith, forEndpoints } from "./middleware.js";
export type { Middleware, MiddlewareContext, EndpointContext, Next } from "./middleware.js";
export type { NextChange } from "./compose.js";
export type {
  ParamsOf,
  ResultOf,
  ItemOf,
  CallResult,
  MessageStream,
  StreamEndpointId,
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
} from "./method-types.js";

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
  toRestClientError,
} from "./errors.js";
export type {
  RestClientErrorCode,
  ApiErrorItem,
  OperationError,
  AuthFailureReason,
  CallSite,
} from "./errors.js";

export { shouldRetry, backoffMs, isRetrySafe, DEFAULT_RETRY_POLICY } from "./retry.js";
export type { RetryPolicy, AttemptOutcome, RetryDecision } from "./retry.js";
export {
  parseRateLimitHeaders,
  parseRetryAfter,
  governingWindow,
  waitBeforeSendMs,
  waitAfterLimitMs,
} from "./rate-limit.js";
export type {
  RateLimitState,
  RateLimitWindow,
  RateLimitObservation,
  RateLimitStore,
  HeaderReader,
} from "./rate-limit.js";
export type { RateLimitBudget, RateLimitBudgetKey, RateLimitAnswer } from "./rate-budget.js";
export { paginate, itemsOf, collect, nextCursorOf, pageOf } from "./paging.js";
export type { Page, FetchPage, CollectOptions } from "./paging.js";
export { matchIds, idsPerRequest } from "./id-batching.js";
export type { ManyResult } from "./id-batching.js";
export { lookupPosts } from "./post-lookup.js";
export type {
  PostLookupRequest,
  PostLookupOptions,
  PostLookupResult,
  PostIncludes,
  SelectedPost,
  SelectedMedia,
  SelectedUser,
} from "./post-lookup.js";
export { createPost, editPost } from "./post-write.js";
export type { NewPost, PostEdit } from "./post-write.js";
export { splitOperations, usersBatchCounts } from "./batch.js";
export type { BatchChunk, BatchOutcome } from "./batch.js";
export {
  normalizeIdentifier,
  hashIdentifier,
  hashAudienceUsers,
  sha256Hex,
} from "./audience-hashing.js";
export type {
  AudienceUserInput,
  HashedAudienceUser,
  HashOptions,
  HashedUsers,
} from "./audience-hashing.js";
export { uploadAudienceUsers } from "./audience-upload.js";
export type { AudienceUploadOptions, UploadReport } from "./audience-upload.js";
export {
  fileProgressStore,
  sourceFingerprint,
  resumeMismatch,
  writeAtomically,
} from "./upload-progress.js";
export type {
  ProgressStore,
  UploadProgress,
  UploadCounts,
  SourceFingerprint,
} from "./upload-progress.js";
export type {
  Hooks,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  RetryReason,
  ErrorEvent,
} from "./hooks.js";
export {
  WEBHOOK_SIGNATURE_HEADER,
  crcResponse,
  signWebhookBody,
  verifyWebhookSignature,
} from "./webhook-verify.js";
export { readActivityStream, DEFAULT_KEEP_ALIVE_TIMEOUT_MS } from "./activity-stream-reader.js";
export type {
  ActivityStreamOptions,
  ActivityStreamReader,
  ActivityStreamState,
  StallTimers,
} from "./activity-stream-reader.js";
export {
  DEFAULT_STREAM_BACKOFF,
  reconnectDelayMs,
  classifyStreamEnd,
  compareEventIds,
} from "./activity-reconnect.js";
export type { StreamBackoff, ReconnectReason, StreamEnd } from "./activity-reconnect.js";
