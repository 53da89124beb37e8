import { bearerTokenResultSchema, getEndpoint } from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import type {
  BearerTokenCache,
  BearerTokenSource,
  ConsumerCredentials,
  TokenCredentials,
} from "@adsgraph/oauth";
import { createAuthenticator } from "./auth.js";
import type { AuthOptions, ResolvedConfig } from "./config.js";
import { RestClientError, REST_CLIENT_ERROR_CODES, RestProtocolError } from "./errors.js";
import { answerFailure, transportFailure } from "./failures.js";
import { emit, hasHook } from "./hooks.js";
import type { RequestEvent } from "./hooks.js";
import { layOut, validateCall } from "./prepare.js";
import type { PreparedRequest } from "./prepare.js";
import { decodeBody, requestIdOf } from "./response.js";
import { TransportError } from "./transport.js";
import type { Transport } from "./transport.js";

function noBearer(): never {
  // oauth2.token is Basic and oauth2.invalidate_token OAuth 1.0a: neither sends a bearer.
  throw new RestClientError(REST_CLIENT_ERROR_CODES.INTERNAL, "a bearer call needed a bearer");
}

const NO_BEARER: BearerTokenCache = { get: noBearer, invalidate: noBearer, evict: noBearer };

/**
 * The bearer cache's two calls (spec §4.1 `oauth2.token`, `oauth2.invalidate_token`) through
 * the catalog like every call: validated, laid out, signed (Basic; OAuth 1.0a with the owner's
 * token) and decoded by the same code, refused with the same errors (a 403 code 99 is a
 * RestAuthError). One attempt each, without rate-limit waits: the cache shares one request
 * among its callers and never retries by itself (spec §4.1: asking too often is refused), and
 * a caller's own call retries around it. The client's hooks see them as any call (onRequest,
 * onResponse, onError; never onRetry): metrics count them by endpoint and status; no token is
 * in an event.
 */
export function bearerTokenSource(transport: Transport, config: ResolvedConfig): BearerTokenSource {
  const hooks = [config.hooks];

  async function once(id: EndpointId, params: object, auth: AuthOptions): Promise<unknown> {
    const endpoint = getEndpoint(id);
    const prepared = layOut(endpoint, validateCall(endpoint, params, undefined), config.hosts);
    const started = config.clock();
    const event = (): RequestEvent => ({ ...prepared.site, url: prepared.redactedUrl, attempt: 1 });
    try {
      return await send(endpoint, prepared, auth, started, event);
    } catch (error) {
      if (error instanceof RestClientError && hasHook(hooks, "onError")) {
        emit(hooks, "onError", {
          ...event(),
          error,
          durationMs: config.clock() - started,
          retries: 0,
        });
      }
      throw error;
    }
  }

  /** The one attempt: signed, sent, reported to the hooks, decoded. */
  async function send(
    endpoint: AnyEndpoint,
    prepared: PreparedRequest,
    auth: AuthOptions,
    started: number,
    event: () => RequestEvent,
  ): Promise<unknown> {
    const { authorization } = await createAuthenticator(auth, NO_BEARER).authorize(
      endpoint,
      prepared,
      auth.token,
    );
    const headers: Record<string, string> = {
      "user-agent": config.userAgent,
      accept: "application/json",
    };
    if (authorization !== undefined) headers.authorization = authorization;
    if (prepared.contentType !== undefined) headers["content-type"] = prepared.contentType;
    if (hasHook(hooks, "onRequest")) emit(hooks, "onRequest", event());
    let answer;
    try {
      answer = await transport.send({
        method: prepared.method,
        url: prepared.url.toString(),
        headers,
        body: prepared.body,
        timeoutMs: config.timeoutMs,
        signal: undefined,
        mode: "text",
      });
    } catch (error) {
      if (!(error instanceof TransportError) || error.failure.kind === "aborted") throw error;
      throw transportFailure(prepared.site, endpoint.method, error.failure, {
        attempts: 1,
        timeoutMs: config.timeoutMs,
        reason: "the bearer token is asked for once per need",
      });
    }
    const requestId = requestIdOf(answer.headers);
    const { status } = answer;
    if (hasHook(hooks, "onResponse")) {
      emit(hooks, "onResponse", {
        ...event(),
        status,
        durationMs: config.clock() - started,
        retries: 0,
        requestId,
        rateLimit: undefined,
      });
    }
    if (status < 200 || status >= 300) {
      throw answerFailure(prepared.site, {
        status,
        text: answer.text,
        requestId,
        rateLimit: undefined,
        attempts: 1,
      });
    }
    const decoded = decodeBody(endpoint, answer.text, true);
    if (!decoded.ok) {
      throw new RestProtocolError(prepared.site, decoded.problem, { status, requestId });
    }
    return decoded.value;
  }

  return {
    async fetchToken(consumer: ConsumerCredentials) {
      const body = await once("oauth2.token", { grant_type: "client_credentials" }, { consumer });
      return bearerTokenResultSchema.parse(body).access_token;
    },
    async revokeToken(consumer: ConsumerCredentials, owner: TokenCredentials, bearerToken: string) {
      await once(
        "oauth2.invalidate_token",
        { access_token: bearerToken },
        { consumer, token: owner },
      );
    },
  };
}
