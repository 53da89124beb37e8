export { percentEncode, percentDecodeStrict } from "./percent-encode.js";
export {
  parseFormEncoded,
  formUrlEncode,
  serializeForm,
  isFormContentType,
} from "./form-encoding.js";
export type {
  ParamPair,
  Clock,
  NonceSource,
  ConsumerCredentials,
  TokenCredentials,
} from "./types.js";

export {
  OAuthErrorCode,
  OAuthError,
  OAuthProtocolError,
  OAuthVerificationError,
  toOAuthError,
} from "./errors.js";
export type { VerificationFailureReason } from "./errors.js";

export {
  baseStringUri,
  queryParameters,
  normalizeParameters,
  signatureBaseString,
  collectSignedParameters,
} from "./signing/base-string.js";
export { signingKey, hmacSha1Signature, createSigningKey } from "./signing/signature.js";
export { signRequest } from "./signing/sign-request.js";
export type { SignRequestInput, SignedRequest } from "./signing/sign-request.js";
export { createRequestSigner } from "./signing/request-signer.js";
export type { RequestSigner, SignerInput } from "./signing/request-signer.js";
export {
  buildAuthorizationHeader,
  parseAuthorizationHeader,
  isOAuthAuthorization,
} from "./header.js";
export type { ParsedAuthorizationHeader } from "./header.js";
export { generateNonce, isValidNonce, timestampSeconds, MAX_NONCE_LENGTH } from "./nonce.js";

export { buildAuthorizeUrl, buildAuthenticateUrl } from "./authorize-url.js";
export type { AuthorizeUrlOptions } from "./authorize-url.js";
export { createBearerTokenCache, untilAborted } from "./bearer-cache.js";
export type { BearerTokenCache, BearerTokenSource } from "./bearer-cache.js";

export { verifyRequest, createRequestVerifier } from "./verify/verify-request.js";
export type {
  RequestKind,
  TokenLookupResult,
  VerifierOptions,
  VerifiedRequest,
  RequestVerifier,
} from "./verify/verify-request.js";
export type { VerifiableRequest, HeaderBag } from "./verify/request-params.js";
export { createMemoryReplayStore, replayClientId } from "./verify/replay-store.js";
export type {
  ReplayStore,
  ReplaySigner,
  ReplayEntry,
  ReplayVerdict,
  MemoryReplayStore,
  MemoryReplayStoreOptions,
} from "./verify/replay-store.js";
export { NonceQuota, DEFAULT_NONCES_PER_CLIENT, DEFAULT_MAX_NONCES } from "./verify/nonce-quota.js";
export type { NonceQuotaOptions, QuotaDecision } from "./verify/nonce-quota.js";
export {
  buildBasicAuthorization,
  parseBasicAuthorization,
  verifyBasicAuthorization,
} from "./verify/basic.js";
export type { BasicCredentials } from "./verify/basic.js";
export { readBearerAuthorization } from "./verify/bearer-header.js";
export { constantTimeEqual } from "./constant-time.js";

export { redact, redactAuthorization } from "./redact.js";
export {
  redactString,
  redactForLog,
  isSensitiveName,
  REDACTED,
  LOGGED_TEXT_LIMIT,
} from "./redact-text.js";
