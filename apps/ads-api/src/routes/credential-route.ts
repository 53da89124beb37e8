import { getEndpoint, validateParams } from "@adsgraph/models";
import type { AnyEndpoint, Catalog, EndpointId, EndpointParsedParams } from "@adsgraph/models";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { BadRequestError } from "../errors.js";
import { formParams, isFormBody } from "../http/form-body.js";
import { queryParams } from "../http/request-params.js";
import { applyOAuthLimit } from "../rate-limits/oauth-limit.js";

/** Who a credential call authenticated as, and the parameters its Authorization header carried. */
export interface CredentialAuth<A> {
  readonly auth: A;
  /** Values of the catalog's `header` parameters (spec §4.1 oauth_callback, oauth_verifier…). */
  readonly header?: Readonly<Record<string, string | undefined>>;
}

export interface CredentialCall<Id extends EndpointId, A> {
  readonly ctx: AppContext;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly auth: A;
  readonly params: EndpointParsedParams<Catalog[Id]>;
}

/**
 * A credential endpoint of spec §4.1: its own authentication (a consumer-only or request-token
 * signature, Basic credentials, user context, or none for the browser pages), then the
 * handler with the catalog-validated parameters.
 */
export interface CredentialRoute<Id extends EndpointId, A> {
  authenticate(ctx: AppContext, request: FastifyRequest): Promise<CredentialAuth<A>>;
  handle(call: CredentialCall<Id, A>): Promise<FastifyReply>;
  /** Further paths of the same endpoint (spec §4.1: invalidate_token's `.json` example). */
  readonly aliases?: readonly string[];
}

/** A credential route bound to its catalog entry, ready to register. */
export interface CatalogCredentialRoute {
  readonly id: EndpointId;
  register(app: FastifyInstance, ctx: AppContext): void;
}

/**
 * Query and form parameters, less OAuth protocol parameters the catalog does not place there
 * (RFC 5849 §3.5 lets them ride along; the verifier has read them): the catalog's `header`
 * parameters come from the verified Authorization header only.
 */
function plainParams(endpoint: AnyEndpoint, request: FastifyRequest): Record<string, unknown> {
  const form = isFormBody(request.body) ? formParams(request.body) : {};
  // An unsigned page has no protocol parameters: every name it is sent is checked.
  if (endpoint.auth === "none") return { ...queryParams(request), ...form };
  const placed = (name: string) => {
    const location = Object.hasOwn(endpoint.locations, name) ? endpoint.locations[name] : undefined;
    return location === "query" || location === "form";
  };
  return Object.fromEntries(
    Object.entries({ ...queryParams(request), ...form }).filter(
      ([name]) => !name.startsWith("oauth_") || placed(name),
    ),
  );
}

/**
 * Binds a credential route to catalog entry `id`: method, version, path and parameter rules
 * come from the entry, as for every advertising route (ads-route.ts). The pipeline: the OAuth
 * per-address limit, the route's authentication, the parameters (query and form, plus the
 * header-carried ones) validated by the catalog (400 listing every violation), the handler.
 */
export function credentialRoute<const Id extends EndpointId, A>(
  id: Id,
  route: CredentialRoute<Id, A>,
): CatalogCredentialRoute {
  const endpoint = getEndpoint(id);
  const url = `${endpoint.version === null ? "" : `/${endpoint.version}`}${endpoint.path}`;
  return {
    id,
    register(app, ctx) {
      for (const path of [url, ...(route.aliases ?? []).map((alias) => `${url}${alias}`)]) {
        app.route({
          method: endpoint.method,
          url: path,
          config: { endpointId: id, ...(endpoint.response.kind === "html" && { html: true }) },
          handler: async (request: FastifyRequest, reply: FastifyReply) => {
            await applyOAuthLimit(ctx, request, reply, id);
            const { auth, header = {} } = await route.authenticate(ctx, request);
            const raw = plainParams(endpoint, request);
            for (const [name, location] of Object.entries(endpoint.locations)) {
              if (location === "header") raw[name] = header[name];
            }
            const result = validateParams(id, raw);
            if (!result.ok) throw BadRequestError.fromViolations(result.violations);
            return route.handle({ ctx, request, reply, auth, params: result.value });
          },
        });
      }
    },
  };
}
