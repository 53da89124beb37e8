import {
  AUDIENCE_IDENTIFIER_KINDS,
  FREQUENCY_COMPARATORS,
  LIMITS,
  VIOLATION_CODES,
  dataPostCreateResultSchema,
  errorBodySchema,
  formatTimestamp,
  getEndpoint,
  toWire,
  validateParams,
} from "@adsgraph/models";
import type { AnyEndpoint, EndpointId } from "@adsgraph/models";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedEndpointIds } from "../src/index.js";
import { idOf } from "./support/bodies.js";
import type { ApiResponse } from "./support/signed-fetch.js";
import { startTestServer } from "./support/server.js";
import type { TestServer } from "./support/server.js";
import { servedCalls, validSamples } from "./hostile/support/calls.js";
import type { Call } from "./hostile/support/calls.js";
import { insertPost } from "../src/services/post-store.js";
import { createMediaUpload } from "../src/services/media-admin.js";
import { createDoNotReachList } from "../src/services/do-not-reach-lists.js";
import { addAudience } from "./support/audiences.js";
import {
  APP_BUTTON,
  SCHEDULED_AT,
  WEBSITE,
  createWorld,
  preroll,
} from "./hostile/support/world.js";
import type { World } from "./hostile/support/world.js";

// Issue 13, acceptance: for every endpoint ads-api serves, parameters that rest-client's
// validation accepts (models' validateParams, then toWire: what rest-client's prepare.ts does)
// are never refused by ads-api for a parameter reason.
//
// A parameter reason is a refusal whose code is one of the catalog's violation codes
// (VIOLATION_CODES: MISSING_PARAMETER, UNKNOWN_PARAMETER, INVALID_PARAMETER, TOO_LONG,
// OUT_OF_RANGE, TOO_MANY_IDS, TOO_MANY_ITEMS, TOO_FEW_ITEMS, TOO_LARGE,
// CONFLICTING_PARAMETERS) or INVALID_BODY, in `errors` or in a batch's `operation_errors`.
// Everything else is a state reason and allowed: NOT_FOUND (random ids), UNAUTHORIZED_ACCESS,
// TOO_MANY_ACTIVE_CAMPAIGNS, SANDBOX_ONLY, rate limits, BATCH_FAILED (whose items are checked),
// READ_ONLY_PARAMETER (an update's read-only field differs from the stored object's, issue 33;
// none is drawn for single updates, batch items may carry one).
//
// Some state checks answer with a parameter code because they are about what a referenced
// record is (a funding instrument that must exist and be able to fund; a media key that must be
// in the library, a 16:9 video for a conversation card). So references in query and body are
// drawn from the world's live records; path ids are the world's or random (then NOT_FOUND).
// Updates go to a fresh campaign (line item) each run, so no stored budget, objective or bid
// can conflict with the drawn one.
// A list `cursor` is such a reference too (server-issued, HMAC-tagged: a forged one answers
// INVALID_PARAMETER), so none is drawn. The §4.1 credential endpoints are left out: their
// parameters are OAuth protocol values checked against the flow's state (tokens, verifiers).

// Ten per read endpoint (twenty took over three minutes of the suite on 2 cores); each CI run
// draws new ones (a fresh seed), so coverage grows across runs.
const RUNS_PER_READ = 10;
// A write's run costs several times a read's (a stored row, and for updates a fresh campaign or
// line item first): a handful per write endpoint, each CI run drawing new ones (a fresh seed).
const RUNS_PER_WRITE = 5;
const runsOf = (endpoint: AnyEndpoint) =>
  endpoint.method === "GET" ? RUNS_PER_READ : RUNS_PER_WRITE;
const PARAMETER_CODES = new Set<string>(
  [...Object.values(VIOLATION_CODES), "INVALID_BODY"].filter(
    (code) => code !== VIOLATION_CODES.READ_ONLY_PARAMETER,
  ),
);

/** The error codes of a refusal: request-level and per batch item. */
function refusalCodes(response: ApiResponse): string[] {
  const body = errorBodySchema.parse(response.body);
  return [
    ...body.errors.map((error) => String(error.code)),
    ...(body.operation_errors ?? []).flat().map((error) => String(error.code)),
  ];
}

// ---- values from the catalog's zod schemas -------------------------------------------------

interface ZodDef {
  readonly type: string;
  readonly [key: string]: unknown;
}

function defOf(schema: unknown): ZodDef | undefined {
  if (typeof schema !== "object" || schema === null || !("def" in schema)) return undefined;
  const def = schema.def;
  if (typeof def !== "object" || def === null || !("type" in def)) return undefined;
  return typeof def.type === "string" ? (def as ZodDef) : undefined;
}

const idText = fc.stringMatching(/^[a-z0-9]{1,10}$/);
const anyText = fc.oneof(
  idText,
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", " ", "a".repeat(81), "a".repeat(256), "é", "#tag", "https://example.com/x"),
);
const anyInteger = fc.oneof(
  fc.integer({ min: -2, max: 1002 }),
  fc.constantFrom(0, 4, 5, 200, 201, 10_080, 10_081, 5_000_000, Number.MAX_SAFE_INTEGER),
);

/** Values of one schema: its enum members, numbers, texts, arrays and objects of such. */
function fromSchema(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (def === undefined || depth > 6) return anyText;
  switch (def.type) {
    case "optional":
    case "default":
    case "nullable":
    case "readonly":
    case "catch":
    case "nonoptional":
      return fromSchema(def.innerType, depth + 1);
    case "pipe":
      return fromSchema(def.in, depth + 1);
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constantFrom("true", "false"));
    case "number":
    case "int":
      return anyInteger;
    case "template_literal":
      return anyInteger.map(String);
    case "union":
      return fc.oneof(...(def.options as unknown[]).map((option) => fromSchema(option, depth + 1)));
    case "array":
      return fc.array(fromSchema(def.element, depth + 1), { maxLength: 4 });
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      return fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([name, field]) => [name, fromSchema(field, depth + 1)]),
        ),
        { requiredKeys: [] },
      );
    }
    default:
      return anyText;
  }
}

function shapeOf(endpoint: AnyEndpoint): Record<string, unknown> {
  const def = defOf(endpoint.params);
  return def?.type === "object" ? (def.shape as Record<string, unknown>) : {};
}

// ---- references and bodies from the world --------------------------------------------------

function components(world: World): fc.Arbitrary<unknown[]> {
  const media = fc.constantFrom<unknown>(
    { type: "MEDIA", media_key: world.imageKey },
    { type: "MEDIA", media_key: world.videoKey },
    { type: "SWIPEABLE_MEDIA", media_keys: [world.imageKey, world.videoKey] },
    { type: "SWIPEABLE_MEDIA", media_keys: [world.imageKey, world.imageKey, world.imageKey] },
  );
  const destination = fc.constantFrom<unknown>(WEBSITE, APP_BUTTON);
  return fc.oneof(
    fc.tuple(media, destination).map(([a, b]) => [a, b]),
    fc.tuple(destination, media).map(([a, b]) => [a, b]),
    fc.array(fc.oneof(media, destination), { minLength: 1, maxLength: 3 }),
  );
}

function slides(world: World): fc.Arbitrary<unknown[]> {
  const slide = fc.constantFrom<unknown>(
    [{ type: "MEDIA", media_key: world.imageKey }, WEBSITE],
    [{ type: "MEDIA", media_key: world.videoKey }, WEBSITE],
    [WEBSITE, { type: "MEDIA", media_key: world.imageKey }],
    [{ type: "MEDIA", media_key: world.imageKey }],
  );
  return fc.array(slide, { minLength: 1, maxLength: LIMITS.swipeableMedia.max + 1 });
}

/** Values for one parameter of one endpoint: a world value, a near one, or any of its schema. */
function parameterValues(
  call: Call,
  name: string,
  schema: unknown,
  world: World,
  samples: Readonly<Record<string, string>>,
): fc.Arbitrary<unknown> {
  const id = call.endpoint.id;
  // References: what the referenced record is, is state (see the top of this file).
  if (name === "funding_instrument_id") return fc.constant(world.fundingInstrumentId);
  // A line item's campaign must exist; its placements are a combination of the placements
  // reference data (ALL_ON_TWITTER alone suits every product type); categories are ids of it.
  if (name === "campaign_id") return fc.constant(world.campaignId);
  if (name === "placements") return fc.constant("ALL_ON_TWITTER");
  if (name === "categories") return fc.constantFrom("1", "1,2", ["2"]);
  if (name === "poster_media_key") return fc.constant(world.imageKey);
  if (name === "media_key" && id === "cards.video_conversation.create") {
    return fc.constant(world.videoKey);
  }
  if (name === "media_key" && id === "cards.poll.create") {
    return fc.constantFrom(world.imageKey, world.videoKey);
  }
  // §4.6 references: promoted accounts need a PROMOTED_ACCOUNT line item and a user of the
  // service; curated categories are content categories; a criterion list needs a primary one.
  if (name === "line_item_id" && id === "promoted_accounts.create") {
    return fc.constant(world.promotedLineItemId);
  }
  if (name === "user_id" && id === "promoted_accounts.create") {
    return fc.constant(world.admin.userId);
  }
  if (name === "line_item_id" || name === "account_media_id") {
    return fc.constant(name === "line_item_id" ? world.lineItemId : world.accountMediaId);
  }
  if (name === "curated_category_id") return fc.constantFrom("aa", "ab", "af");
  // issue 36: the ids a stats request names must be entities of that type in the account, and
  // active entities' filters ids of the account (state: what the ids are).
  if (id === "stats.get" || id === "stats.jobs.create") {
    if (name === "entity") return fc.constant("CAMPAIGN");
    if (name === "entity_ids") return fc.constant(world.campaignId);
  }
  if (id === "stats.active_entities.list") {
    if (name === "funding_instrument_ids") return fc.constant(world.fundingInstrumentId);
    if (name === "campaign_ids") return fc.constant([world.campaignId]);
    if (name === "line_item_ids") return fc.constant(world.lineItemId);
  }
  // spec §4.8 references: a grant goes to an existing account of the owner's business; a
  // CUSTOM_AUDIENCE criterion names an audience (others are refused AUDIENCE_NOT_TARGETABLE).
  if (name === "granted_account_id") return fc.constant(world.audiences.siblingId);
  if (name === "targeting_value") {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(world.audiences.crmId, world.audiences.mobileId) },
      { weight: 1, arbitrary: fromSchema(schema) },
    );
  }
  if (name === "targeting_criteria") {
    const location = { targeting_type: "LOCATION", targeting_value: "96683cc9126741d1" };
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant([location]) },
      {
        weight: 1,
        arbitrary: fromSchema(schema).map((drawn) =>
          Array.isArray(drawn) ? [location, ...(drawn as unknown[])] : drawn,
        ),
      },
    );
  }
  // spec §4.7 posts: the author is one of the account's promotable users (the admin); media
  // and cards are the world's (a video, so video fields apply); an update may also clear them.
  const unpublishedList = id === "draft_posts.list" || id === "scheduled_posts.list";
  if (name === "as_user_id" || (name === "user_id" && (id === "posts.list" || unpublishedList))) {
    return fc.constant(world.admin.userId);
  }
  const postUpdate = id === "draft_posts.update" || id === "scheduled_posts.update";
  const postCreate =
    id === "posts.create" || id === "draft_posts.create" || id === "scheduled_posts.create";
  if (name === "media_keys" && postCreate) return fc.constant(world.videoKey);
  if (name === "media_keys" && postUpdate) {
    return fc.constantFrom(world.imageKey, world.videoKey, "", [world.imageKey]);
  }
  if (name === "card_uri") {
    const uri = `card://${world.cardId}`;
    return postUpdate ? fc.constantFrom(uri, "") : fc.constant(uri);
  }
  if (name === "components") return components(world);
  if (name === "slides") return slides(world);
  // spec §4.9 POST /2/posts references: media the admin uploaded, and the admin's own post (a
  // reply to it is a thread; an edit's target is made fresh, see withFreshTargets).
  if (id === "post_data.posts.create") {
    const post = world.postData.postId;
    if (name === "media") return fc.constant({ media_ids: [world.postData.mediaId] });
    if (name === "reply") return fc.constant({ in_reply_to_post_id: post });
    if (name === "quote_post_id") return fc.constant(post);
    if (name === "edit_options") return fc.constant({ previous_post_id: post });
  }
  const known = call.query[name] ?? samples[name];
  const drawn = fromSchema(schema);
  return known === undefined
    ? drawn
    : fc.oneof({ weight: 4, arbitrary: fc.constant(known) }, { weight: 1, arbitrary: drawn });
}

type Params = Record<string, unknown>;

describe("what rest-client's validation accepts, ads-api never refuses for a parameter reason", () => {
  let server: TestServer;
  let world: World;
  let calls: Map<string, Call>;
  let samples: Readonly<Record<string, string>>;

  beforeAll(async () => {
    // One server for the file; no rate limit gets in the way of the runs.
    server = await startTestServer("pglite", {
      limits: { totalCount: 1_000_000, userRate: 1_000_000, accountRate: 1_000_000 },
    });
    world = await createWorld(server.ctx);
    calls = new Map(servedCalls(world).map((call) => [call.endpoint.id, call]));
    samples = validSamples(world);
  });
  afterAll(() => server.close());

  /** A new PAUSED campaign with no budgets: a target whose stored state conflicts with nothing. */
  async function freshCampaign(): Promise<string> {
    const response = await world.admin.client.post(`/12/accounts/${world.accountId}/campaigns`, {
      query: {
        name: "Fresh",
        funding_instrument_id: world.fundingInstrumentId,
        entity_status: "PAUSED",
      },
    });
    if (response.status !== 200) throw new Error(`fresh campaign: ${response.text}`);
    return idOf(response);
  }

  /** A line item whose stored objective and bid conflict with no update (world.ts `preroll`). */
  async function freshLineItem(): Promise<string> {
    const response = await world.admin.client.post(`/12/accounts/${world.accountId}/line_items`, {
      query: preroll(await freshCampaign()),
    });
    if (response.status !== 200) throw new Error(`fresh line item: ${response.text}`);
    return idOf(response);
  }

  function campaignOperations(): fc.Arbitrary<Params[]> {
    const create = getEndpoint("campaigns.create");
    const fields = Object.entries(shapeOf(create)).filter(([name]) => name !== "account_id");
    const params = fc.record(
      Object.fromEntries(
        fields.map(([name, schema]) => [
          name,
          parameterValues({ ...callOf("campaigns.create") }, name, schema, world, samples),
        ]),
      ),
      { requiredKeys: [] },
    );
    const item = fc.record({
      operation_type: fc.constantFrom("Create", "Update", "Delete"),
      params,
    });
    return fc.oneof(
      { weight: 4, arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }) },
      // The cap: at it and past it (Deletes of unknown ids are cheap, and NOT_FOUND).
      {
        weight: 1,
        arbitrary: fc.constantFrom(LIMITS.campaignBatch, LIMITS.campaignBatch + 1).map((length) =>
          Array.from({ length }, () => ({
            operation_type: "Delete",
            params: { campaign_id: "gone1" },
          })),
        ),
      },
    );
  }

  /**
   * Line-item batch items: updates drawn from line_items.update's fields and deletes (of a fresh
   * line item each, see withFreshTargets), and the baseline create (which combinations of
   * product type and placements exist is reference data, state).
   */
  function lineItemOperations(): fc.Arbitrary<Params[]> {
    const update = getEndpoint("line_items.update");
    const fields = Object.entries(shapeOf(update)).filter(
      ([name]) => !["account_id", "line_item_id", ...update.readOnly].includes(name),
    );
    const params = fc.record(
      Object.fromEntries(
        fields.map(([name, schema]) => [
          name,
          parameterValues(callOf("line_items.update"), name, schema, world, samples),
        ]),
      ),
      { requiredKeys: [] },
    );
    const create = { ...callOf("line_items.create").query, campaign_id: world.campaignId };
    const item = fc.oneof(
      { weight: 3, arbitrary: params.map((p) => ({ operation_type: "Update", params: p })) },
      { weight: 1, arbitrary: fc.constant({ operation_type: "Delete", params: {} }) },
      { weight: 1, arbitrary: fc.constant({ operation_type: "Create", params: create }) },
    );
    return fc.array(item, { minLength: 1, maxLength: 3 });
  }

  /** Stands for a fresh CRM audience of the world account (see withFreshTargets). */
  const FRESH_AUDIENCE = "freshaudience";

  /**
   * spec §4.8 batch items: mobile and flexible creates (every leaf names the world's mobile
   * audience: what a leaf references is state), updates of a fresh audience, deletes.
   */
  function audienceOperations(): fc.Arbitrary<Params[]> {
    const name = fc.oneof(idText, anyText);
    const leaf = fc.record(
      {
        custom_audience_id: fc.constant(world.audiences.mobileId),
        lookback_window: fc.constantFrom(...LIMITS.lookbackWindowDays, 10),
        frequency: anyInteger,
        frequency_comparator: fc.constantFrom(...FREQUENCY_COMPARATORS),
        negate: fc.boolean(),
      },
      { requiredKeys: ["custom_audience_id"] },
    );
    const node = fc.oneof(
      leaf,
      fc.record({
        boolean_operator: fc.constantFrom("AND", "OR"),
        child_segments: fc.array(leaf, { minLength: 1, maxLength: 3 }),
      }),
    );
    const create = fc.oneof(
      fc.record(
        { audience_type: fc.constant("MOBILE_AUDIENCE"), name, description: anyText },
        { requiredKeys: ["audience_type", "name"] },
      ),
      fc.record(
        {
          audience_type: fc.constant("FLEXIBLE"),
          name,
          description: anyText,
          segments: node,
          boolean_operator: fc.constantFrom("AND", "OR"),
          child_segments: fc.array(node, { maxLength: 3 }),
        },
        { requiredKeys: ["audience_type", "name"] },
      ),
    );
    const item = fc.oneof(
      fc.record({ operation_type: fc.constant("Create"), params: create }),
      fc.record({
        operation_type: fc.constant("Update"),
        params: fc.record(
          { custom_audience_id: fc.constant(FRESH_AUDIENCE), name, description: anyText },
          { requiredKeys: ["custom_audience_id"] },
        ),
      }),
      fc.record({
        operation_type: fc.constant("Delete"),
        params: fc.record({ custom_audience_id: fc.oneof(idText, fc.constant(FRESH_AUDIENCE)) }),
      }),
    );
    return fc.oneof(
      { weight: 4, arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(LIMITS.customAudienceBatch.items, LIMITS.customAudienceBatch.items + 1)
          .map((length) =>
            Array.from({ length }, () => ({
              operation_type: "Delete",
              params: { custom_audience_id: "gone1" },
            })),
          ),
      },
    );
  }

  /**
   * Users-batch operations (spec §4.8): digests mostly, now and then clear text the client
   * refuses; do-not-reach ones with e-mails and an expiry either side of 13 months; and the
   * 2,500-operation cap, at it and past it.
   */
  function usersOperations(id: string): fc.Arbitrary<Params[]> {
    const dnr = id === "do_not_reach_lists.users.batch";
    const digest = fc.stringMatching(/^[0-9a-f]{64}$/);
    const identifier = fc.oneof(
      { weight: 6, arbitrary: digest },
      { weight: 1, arbitrary: fc.constantFrom("me@example.com", "+14155550100", "A".repeat(64)) },
    );
    const values = fc.oneof(fc.array(identifier, { minLength: 1, maxLength: 3 }), identifier);
    const user = dnr
      ? fc.record({ email: fc.array(identifier, { minLength: 1, maxLength: 3 }) })
      : fc.dictionary(fc.constantFrom(...AUDIENCE_IDENTIFIER_KINDS), values, {
          minKeys: 1,
          maxKeys: 3,
        });
    const daysAhead = (days: number) => formatTimestamp(new Date(Date.now() + days * 86_400_000));
    const params = fc.record(
      {
        users: fc.array(user, { minLength: 1, maxLength: 3 }),
        expires_at: fc.integer({ min: 1, max: 420 }).map(daysAhead),
        effective_at: fc.integer({ min: -30, max: 30 }).map(daysAhead),
      },
      { requiredKeys: dnr ? ["users", "expires_at"] : ["users"] },
    );
    const item = fc.record({ operation_type: fc.constantFrom("Update", "Delete"), params });
    const digestOf = (index: number) => index.toString(16).padStart(64, "0");
    return fc.oneof(
      { weight: 4, arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(LIMITS.usersBatch.operations, LIMITS.usersBatch.operations + 1)
          .map((length) =>
            Array.from({ length }, (_, index) => ({
              operation_type: "Delete",
              params: { users: [{ email: [digestOf(index)] }] },
            })),
          ),
      },
    );
  }

  /** A CRM audience of the world account no earlier run renamed or deleted. */
  function freshAudience(): Promise<string> {
    return addAudience(server.ctx, world.accountId);
  }

  function callOf(id: string): Call {
    const call = calls.get(id);
    if (call === undefined) throw new Error(`no baseline call for ${id}`);
    return call;
  }

  /** Raw parameters for one endpoint, as a caller of rest-client would pass them. */
  function parameters(call: Call): fc.Arbitrary<Params> {
    const entries: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, schema] of Object.entries(shapeOf(call.endpoint))) {
      // A read-only field's only accepted value is the stored one (state, not drawn).
      if (name === "cursor" || call.endpoint.readOnly.includes(name)) continue;
      const where = call.endpoint.locations[name];
      if (where === "path") {
        const valid = call.path[name] ?? "";
        entries[name] =
          name === "account_id"
            ? fc.constant(valid)
            : fc.oneof(
                { weight: 3, arbitrary: fc.constant(valid) },
                { weight: 1, arbitrary: idText },
              );
      } else if (name === "operations") {
        entries[name] =
          call.endpoint.id === "custom_audiences.batch"
            ? audienceOperations()
            : call.endpoint.id === "campaigns.batch"
              ? campaignOperations()
              : call.endpoint.id === "line_items.batch"
                ? lineItemOperations()
                : usersOperations(call.endpoint.id);
      } else {
        entries[name] = parameterValues(call, name, schema, world, samples);
      }
    }
    const required = Object.entries(shapeOf(call.endpoint))
      .filter(([, schema]) => defOf(schema)?.type !== "optional")
      .map(([name]) => name);
    return fc.record(entries, { requiredKeys: required });
  }

  /**
   * A curated-category link on a fresh line item, and that line item: a move or a new category
   * then meets no other link of the same pair (a pair is linked once).
   */
  async function freshCuratedLink(): Promise<{ link: string; lineItem: string }> {
    const lineItem = await freshLineItem();
    const response = await world.admin.client.post(
      `/12/accounts/${world.accountId}/line_item_curated_categories`,
      { query: { line_item_id: lineItem, curated_category_id: "aa" } },
    );
    if (response.status !== 200) throw new Error(`fresh curated link: ${response.text}`);
    return { link: idOf(response), lineItem };
  }

  /**
   * A fresh draft or scheduled post with text and media: an update clearing one of them (the
   * catalog refuses clearing both) leaves the other, whatever earlier runs changed.
   */
  async function freshAdsPost(postType: "DRAFT" | "SCHEDULED"): Promise<string> {
    const post = await insertPost(server.ctx.prisma, {
      postType,
      authorId: world.admin.userId,
      accountId: world.accountId,
      text: "Fresh",
      mediaKeys: [world.imageKey],
      at: new Date(),
      scheduledAt: postType === "SCHEDULED" ? new Date(SCHEDULED_AT) : undefined,
    });
    return post.id;
  }

  /** The world's post of each type, for previews: every id must be a post of the type asked. */
  function postOfType(postType: unknown): string {
    if (postType === "DRAFT") return world.posts.draftId;
    if (postType === "SCHEDULED") return world.posts.scheduledId;
    return world.posts.publishedId;
  }

  /** A new published post of the admin (premium): the latest version, inside the edit window. */
  async function freshPost(): Promise<string> {
    const response = await world.admin.client.post("/2/posts", { json: { text: "Fresh" } }, "base");
    if (response.status !== 201) throw new Error(`fresh post: ${response.text}`);
    return dataPostCreateResultSchema.parse(response.body).data.id;
  }

  /** The account's live do-not-reach list, made when an earlier run deleted it. */
  async function liveDoNotReachList(accountId: string): Promise<string> {
    const live = await server.ctx.prisma.doNotReachList.findFirst({
      where: { accountId, deleted: false },
    });
    return live?.id ?? (await createDoNotReachList(server.ctx, accountId, "Fresh")).id;
  }

  /** Fresh targets where stored state could otherwise refuse what the parameters allow. */
  async function withFreshTargets(id: string, params: Params): Promise<Params> {
    // spec §8: one do-not-reach list per account. A create finds none; a delete or a users
    // batch drawn with the world's list finds the account's live one.
    if (id === "do_not_reach_lists.create") {
      await server.ctx.prisma.doNotReachList.updateMany({
        where: { accountId: String(params.account_id), deleted: false },
        data: { deleted: true },
      });
      return params;
    }
    if (
      (id === "do_not_reach_lists.delete" || id === "do_not_reach_lists.users.batch") &&
      params.do_not_reach_list_id === world.audienceUsers.doNotReachListId
    ) {
      const listId = await liveDoNotReachList(world.accountId);
      return { ...params, do_not_reach_list_id: listId };
    }
    if (id === "draft_posts.update")
      return { ...params, draft_post_id: await freshAdsPost("DRAFT") };
    // issue 33: an upload is added once; each run adds a new video (posters are its own kind).
    if (id === "media_library.create") {
      const upload = await createMediaUpload(server.ctx.prisma, {
        mediaType: "VIDEO",
        width: 1280,
        height: 720,
        ownerUserId: world.admin.userId,
        at: new Date(),
      });
      return { ...params, media_key: upload.mediaKey };
    }
    if (id === "scheduled_posts.update") {
      return { ...params, scheduled_post_id: await freshAdsPost("SCHEDULED") };
    }
    if (id === "post_previews.list") return { ...params, post_ids: [postOfType(params.post_type)] };
    if (id === "post_data.posts.create" && params.edit_options !== undefined) {
      return { ...params, edit_options: { previous_post_id: await freshPost() } };
    }
    if (id === "campaigns.update") return { ...params, campaign_id: await freshCampaign() };
    if (id === "custom_audiences.update") {
      return { ...params, custom_audience_id: await freshAudience() };
    }
    if (id === "custom_audiences.batch" && Array.isArray(params.operations)) {
      const operations: Params[] = [];
      for (const operation of params.operations as Params[]) {
        const inner = (operation.params ?? {}) as Params;
        operations.push(
          inner.custom_audience_id === FRESH_AUDIENCE
            ? { ...operation, params: { ...inner, custom_audience_id: await freshAudience() } }
            : operation,
        );
      }
      return { ...params, operations };
    }
    if (id === "line_items.update") return { ...params, line_item_id: await freshLineItem() };
    if (id === "line_items.batch" && Array.isArray(params.operations)) {
      const operations: Params[] = [];
      for (const operation of params.operations as Params[]) {
        const inner = (operation.params ?? {}) as Params;
        operations.push(
          operation.operation_type === "Create"
            ? operation
            : { ...operation, params: { ...inner, line_item_id: await freshLineItem() } },
        );
      }
      return { ...params, operations };
    }
    if (id === "line_item_curated_categories.update") {
      const fresh = await freshCuratedLink();
      return {
        ...params,
        line_item_curated_category_id: fresh.link,
        ...(params.line_item_id === undefined ? {} : { line_item_id: fresh.lineItem }),
      };
    }
    if (id !== "campaigns.batch" || !Array.isArray(params.operations)) return params;
    const operations = params.operations as Params[];
    if (operations.length > 3) return params;
    const fresh: Params[] = [];
    for (const operation of operations) {
      const inner = (operation.params ?? {}) as Params;
      fresh.push(
        operation.operation_type === "Create"
          ? operation
          : { ...operation, params: { ...inner, campaign_id: await freshCampaign() } },
      );
    }
    return { ...params, operations: fresh };
  }

  async function send(endpoint: AnyEndpoint, value: Params): Promise<ApiResponse> {
    const wire = toWire(endpoint, value);
    const hasForm = Object.keys(wire.form).length > 0;
    // Signed as the admin, as rest-client signs a user client's calls (post reads included).
    return world.admin.client.request(endpoint.method, endpoint.host, wire.path, {
      query: wire.query,
      ...(hasForm ? { form: wire.form } : {}),
      ...(wire.json !== undefined ? { json: wire.json } : {}),
      ...(wire.body !== undefined ? { json: wire.body } : {}),
    });
  }

  /** What ads-api serves but the §4.1 credential endpoints (`oauth.*`, `oauth2.*`). */
  const ADVERTISING = servedEndpointIds().filter((id) => !/^oauth2?\./.test(id));

  it("covers every served advertising endpoint", () => {
    expect(ADVERTISING.filter((id) => !calls.has(id))).toEqual([]);
  });

  it.each(ADVERTISING.map((id) => ({ id })))(
    "$id: accepted by the client ⇒ never a parameter refusal",
    async ({ id }: { id: EndpointId }) => {
      const call = callOf(id);
      const endpoint = call.endpoint;
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(parameters(call), async (drawn) => {
          fc.pre(validateParams(endpoint, drawn).ok);
          const params = await withFreshTargets(id, drawn);
          const validation = validateParams(endpoint, params);
          if (!validation.ok) throw new Error(`a fresh target broke validation: ${id}`);
          accepted += 1;
          const response = await send(endpoint, validation.value as Params);
          const answer = `${response.status} ${response.text.slice(0, 600)}`;
          expect(response.status, answer).toBeLessThan(500);
          if (response.status < 400) return;
          const parameterCodes = refusalCodes(response).filter((code) => PARAMETER_CODES.has(code));
          expect(parameterCodes, `refused for a parameter reason: ${answer}`).toEqual([]);
        }),
        { numRuns: runsOf(endpoint), endOnFailure: true, maxSkipsPerRun: 200 },
      );
      expect(accepted).toBe(runsOf(endpoint));
    },
  );
});
