import { z } from "zod";
import { WHEN_OBJECT } from "../fields/issue.js";
import { boundsOf } from "../fields/numbers.js";
import { sortableOf } from "../fields/sort-by.js";
import type { Rule, RuleContext } from "../rules/context.js";
import { ambientRuleContext, defaultRuleContext } from "../rules/context.js";
import { totalCountWithoutCursor } from "../rules/list-params.js";
import type { Capability } from "./capabilities.js";
import type { ResponseKind, ResponseSpec } from "./responses.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";
/** `base` = {base_url}, `ads` = {ads_url}, `ads-sandbox` = {ads_sandbox_url} (spec preamble). */
export type HostRole = "base" | "ads" | "ads-sandbox";
/** The version path segment (spec §9); null for the unversioned OAuth paths. */
export type ApiVersion = "12" | "5" | "2" | "1.1";
/**
 * `oauth1-user`: OAuth 1.0a signed with consumer keys and a user's access token.
 * `oauth1-request`: OAuth 1.0a signed with consumer keys and no or a temporary request token.
 * `basic`: API key and secret (§4.1 /oauth2/token).
 * `bearer-or-user`: the app-only bearer token or OAuth 1.0a user context, for calls that need
 * no user and answer the same to every caller (§4.4 reference data, which belongs to no
 * account; §4.9 reads of public posts): a client may send the app's bearer for any user.
 * `bearer-or-oauth1`: OAuth 2.0 bearer or OAuth 1.0a user context, and the answer depends on
 * who calls (§5 Account Activity: when OAuth 1.0a is present its permissions govern).
 * `none`: not signed (the browser pages of §4.1).
 */
export type AuthKind =
  "oauth1-user" | "oauth1-request" | "basic" | "bearer-or-user" | "bearer-or-oauth1" | "none";
/**
 * `body` = the parameter is the whole JSON body (batch arrays); `json` = a field of a JSON
 * object body; `header` = an `oauth_*` protocol parameter carried in the OAuth 1.0a
 * Authorization header (RFC 5849 §3.5.1; spec §4.1 request_token, access_token). Clients send
 * it there; a server reads it wherever §3.5 lets it ride (header, query, form), once.
 */
export type ParamLocation = "path" | "query" | "form" | "json" | "body" | "header";

/**
 * An id-list parameter of a list that looks items up by id, and the item field its ids match
 * (`campaign_ids` → `id`; spec §4.7 `card_uris` → `card_uri`).
 */
export interface LookupSpec<Param extends string = string> {
  readonly param: Param;
  readonly key: string;
}

/** How much one request of a batch endpoint may carry (spec §8); absent: no limit given. */
export interface BatchLimits {
  readonly operations?: number | undefined;
  /** Bytes of the JSON body. */
  readonly bytes?: number | undefined;
}

/**
 * How long a copy of an answer may stand in for the service: `reference` for data the same
 * for every caller that changes rarely (spec §4.4), `entity` for everything an account holds.
 */
export type Freshness = "reference" | "entity";

/** A list's page sizes (`count`, spec §4.2 and §4.7), as data. */
export interface PageSizes {
  readonly min: number;
  readonly max: number;
  /** The size the service answers with when `count` is left out. */
  readonly default: number;
}

type Shape = z.ZodRawShape;
/**
 * A tolerated read-only field of an update: any value passes validation, and the service
 * compares it with the stored one (update-rule.ts).
 */
const readOnlyParam = () => z.unknown().optional();
/** The fields of the updated resource (`U`) that are not parameters of the update (`S`). */
type ReadOnlyShape<U extends Shape, S extends Shape> = {
  [K in Exclude<keyof U, keyof S>]: ReturnType<typeof readOnlyParam>;
};
type ParamsObject<S extends Shape, Open extends boolean> = Open extends true
  ? z.ZodObject<S, z.core.$loose>
  : z.ZodObject<S, z.core.$strict>;

export interface Endpoint<
  Id extends string = string,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  L extends string = string,
> {
  readonly id: Id;
  readonly method: HttpMethod;
  readonly host: HostRole;
  readonly version: ApiVersion | null;
  /** Path after the version segment, with `:name` placeholders. */
  readonly path: string;
  readonly auth: AuthKind;
  readonly summary: string;
  /** Parameters by wire name; rules use the system clock and no media lookup. */
  readonly params: P;
  /** The same schema with another rule context (a fixed `now`, a media-kind lookup). */
  readonly paramsFor: (context: RuleContext) => P;
  readonly locations: Readonly<Record<string, ParamLocation>>;
  /** Where parameters not named in `locations` go (open-parameter endpoints). */
  readonly location: Exclude<ParamLocation, "path">;
  /** The attributes `sort_by` accepts (spec §4.2); empty when the endpoint takes no sort_by. */
  readonly sortable: readonly string[];
  readonly response: ResponseSpec<ResponseKind, R>;
  /**
   * Why an endpoint the spec does not list is in the catalog, and where its fields come from;
   * null for every endpoint of the spec.
   */
  readonly beyondSpec: string | null;
  /**
   * Parameters that carry people's identifiers (spec §4.8 users batches): a violation names
   * where the fault is but never shows a value found there (`validate.ts`).
   */
  readonly personalData: readonly string[];
  /**
   * What the caller's roles on the account must allow (spec §4.3); null for endpoints that
   * name no account in their path (every role of an account may call those it can reach).
   */
  readonly capability: Capability | null;
  /**
   * The rate-limit family the service counts the call in (spec §8, `x-rate-limit-*` per
   * family of a token and of an account): the first word of the id unless the entry says.
   */
  readonly family: string;
  /** Limits of one batch request (spec §8); null for endpoints that are not batches. */
  readonly batch: BatchLimits | null;
  /** The id-list parameters that look items up by id; empty when the list has none. */
  readonly lookups: readonly LookupSpec<L>[];
  /** Page sizes of a paged list (its `count` bounds); null for endpoints that do not page. */
  readonly paging: PageSizes | null;
  /** How long a copy of its answer may stand in for the service (`Freshness`). */
  readonly freshness: Freshness;
  /**
   * The call changes nothing (RFC 9110 §9.2.1): every GET, and a POST that only asks a
   * question in its body (spec §4.6 audience estimate). A cache may answer it; it marks no
   * account written.
   */
  readonly safe: boolean;
  /**
   * Its items are kept as versions of a resource (a `history`): false where a version would
   * be stored on every read (published posts' counts change with time, spec §2.12).
   */
  readonly history: boolean;
  /**
   * The fields of the resource an update endpoint changes that it cannot change (`updates`):
   * accepted as parameters when they hold the stored value (update-rule.ts); empty elsewhere.
   */
  readonly readOnly: readonly string[];
}

export type AnyEndpoint = Endpoint;

/** Input type of an endpoint's parameters: what a caller may pass. */
export type EndpointParams<E extends AnyEndpoint> = z.input<E["params"]>;
/** Parameters after validation: id lists as arrays, booleans and numbers as such. */
export type EndpointParsedParams<E extends AnyEndpoint> = z.output<E["params"]>;
/** What the endpoint answers (the envelope for advertising endpoints). */
export type EndpointResult<E extends AnyEndpoint> = z.output<E["response"]["schema"]>;

export interface EndpointDefinition<
  Id extends string,
  S extends Shape,
  Open extends boolean,
  R extends z.ZodType,
  L extends Extract<keyof S, string>,
  // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- no resource updated
  U extends Shape = Record<never, never>,
> {
  readonly id: Id;
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  /** Default `ads`. */
  readonly host?: HostRole;
  /** Default `12` (spec: every advertising path begins with {ads_url}/12). */
  readonly version?: ApiVersion | null;
  /** Default `oauth1-user`. */
  readonly auth?: AuthKind;
  /** A shape, or a factory when a field needs the rule context. */
  readonly params?: S | ((context: RuleContext) => S);
  /** Accept parameters not named (the spec says "further parameters" or "not shown"). */
  readonly openParams?: Open;
  readonly rules?: readonly Rule[];
  /** Where non-path parameters go; default `query` (spec §4.2: POST/PUT parameters on the query string). */
  readonly location?: Exclude<ParamLocation, "path">;
  readonly locations?: Readonly<Partial<Record<Extract<keyof S, string>, ParamLocation>>>;
  readonly response: ResponseSpec<ResponseKind, R>;
  /** Set on an endpoint the spec does not list: why it is here and the source of its fields. */
  readonly beyondSpec?: string;
  /** Parameters holding people's identifiers: violations never show their values. */
  readonly personalData?: readonly Extract<keyof S, string>[];
  /** Required of every endpoint with `:account_id` in its path (catalog.test.ts checks). */
  readonly capability?: Capability;
  /** Default: the first word of the id (`campaigns`, `cards`, `post_data`). */
  readonly family?: string;
  /** Set on batch endpoints; `{}` when the spec gives no limit. */
  readonly batch?: BatchLimits;
  /** The list's id-list parameters that look items up by id. */
  readonly lookups?: readonly LookupSpec<L>[];
  /** Default `entity`. */
  readonly freshness?: Freshness;
  /** Set on a POST that changes nothing; GETs are safe without it. */
  readonly safe?: true;
  /** Set (false) on endpoints whose items keep no history. */
  readonly history?: false;
  /**
   * Set on an update (PUT): the resource it changes. Its fields that are not parameters become
   * tolerated read-only parameters (`readOnly`): clients send back the object as they read it.
   */
  readonly updates?: z.ZodObject<U>;
}

const PLACEHOLDER = /:([a-z_]+)/g;

/** Names of the `:placeholders` of a path template. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "");
}

/** The page sizes of a list, from the bounds its `count` parameter was declared with. */
function pageSizesOf(count: z.core.$ZodType | undefined): PageSizes | null {
  if (count === undefined) return null;
  const bounds = boundsOf(count);
  const { min, max } = bounds ?? {};
  if (min === undefined || max === undefined) throw new Error("count needs declared bounds");
  return { min, max, default: bounds?.default ?? max };
}

/** Defines one catalog entry; the params and result types follow from the definition. */
export function endpoint<
  const Id extends string,
  // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- an endpoint without parameters has an empty shape
  S extends Shape = Record<never, never>,
  Open extends boolean = false,
  R extends z.ZodType = z.ZodType,
  const L extends Extract<keyof S, string> = never,
  // eslint-disable-next-line @typescript-eslint/no-generated-empty-object-type -- no resource updated
  U extends Shape = Record<never, never>,
>(
  definition: EndpointDefinition<Id, S, Open, R, L, U>,
): Endpoint<Id, ParamsObject<S & ReadOnlyShape<U, S>, Open>, R, L> {
  const ownShapeFor = (context: RuleContext): S => {
    const params = definition.params;
    if (params === undefined) return {} as S; // an endpoint without parameters
    return typeof params === "function" ? params(context) : params;
  };
  const own = ownShapeFor(defaultRuleContext);
  const readOnly = Object.keys(definition.updates?.shape ?? {}).filter((name) => !(name in own));
  const shapeFor = (context: RuleContext): S & ReadOnlyShape<U, S> => {
    const shape: Record<string, z.core.$ZodType> = { ...ownShapeFor(context) };
    for (const name of readOnly) shape[name] = readOnlyParam();
    return shape as S & ReadOnlyShape<U, S>;
  };
  const rules = [...(definition.rules ?? [])];
  const probe = shapeFor(defaultRuleContext);
  if ("with_total_count" in probe && "cursor" in probe) rules.push(totalCountWithoutCursor);

  const paramsFor = (context: RuleContext): ParamsObject<S & ReadOnlyShape<U, S>, Open> => {
    const shape = shapeFor(context);
    const base = definition.openParams === true ? z.looseObject(shape) : z.strictObject(shape);
    const schema =
      rules.length === 0
        ? base
        : base.superRefine((value, ctx) => {
            for (const rule of rules) rule(value, ctx, context);
          }, WHEN_OBJECT);
    return schema;
  };

  const inPath = new Set(pathParameterNames(definition.path));
  const locations: Record<string, ParamLocation> = {};
  for (const name of Object.keys(probe)) {
    const given = (definition.locations as Readonly<Record<string, ParamLocation>> | undefined)?.[
      name
    ];
    locations[name] = inPath.has(name) ? "path" : (given ?? definition.location ?? "query");
  }

  return {
    id: definition.id,
    method: definition.method,
    host: definition.host ?? "ads",
    version: definition.version === undefined ? "12" : definition.version,
    path: definition.path,
    auth: definition.auth ?? "oauth1-user",
    summary: definition.summary,
    params: paramsFor(ambientRuleContext),
    paramsFor,
    locations,
    location: definition.location ?? "query",
    sortable: sortableOf(probe.sort_by),
    response: definition.response,
    beyondSpec: definition.beyondSpec ?? null,
    personalData: definition.personalData ?? [],
    capability: definition.capability ?? null,
    family: definition.family ?? definition.id.split(".")[0] ?? definition.id,
    batch: definition.batch ?? null,
    lookups: definition.lookups ?? [],
    paging: pageSizesOf(probe.count),
    freshness: definition.freshness ?? "entity",
    safe: definition.safe ?? definition.method === "GET",
    history: definition.history ?? true,
    readOnly,
  };
}

/** Collects entries into an object keyed by id, keeping each entry's type. */
export function group<const T extends readonly AnyEndpoint[]>(
  ...entries: T
): { readonly [E in T[number] as E["id"]]: E } {
  // Object.fromEntries loses the per-key types that the mapped return type restores.
  return Object.fromEntries(entries.map((entry) => [entry.id, entry])) as {
    readonly [E in T[number] as E["id"]]: E;
  };
}
