import { VIOLATION_CODES } from "@adsgraph/models";
import { ValidationError } from "../errors/facade-errors.js";
import { parseEntityKey } from "../loaders/keys.js";

// One id system: a parameter that names an entity is asked as that entity's global id (`ID`,
// what its `id` answers and `node(id:)` takes) and leaves as the wire id, decoded once here.

/**
 * The Node types an id parameter names and how their global ids hold the wire id: `own` ids
 * are the wire id itself (an account, a post, a user); `account` ids are `<account id>/<id>`
 * (everything an account holds: ids are unique within an account only).
 */
export interface Entity {
  readonly typenames: readonly string[];
  readonly scope: "own" | "account";
}

const own = (...typenames: string[]): Entity => ({ typenames, scope: "own" });
const inAccount = (...typenames: string[]): Entity => ({ typenames, scope: "account" });

const CARDS = inAccount(
  "GenericCard",
  "PollCard",
  "VideoConversationCard",
  "ImageConversationCard",
);

/**
 * Entities by the stem of the parameters naming them (`funding_instrument_id`,
 * `funding_instrument_ids`): the catalog names each id parameter after what it identifies.
 * Stems not here (webhooks, permissions, a community) name nothing the graph holds as a Node
 * and stay text.
 */
const ENTITIES: Readonly<Record<string, Entity>> = {
  account: own("Account"),
  granted_account: own("Account"),
  campaign: inAccount("Campaign"),
  funding_instrument: inAccount("FundingInstrument"),
  line_item: inAccount("LineItem"),
  line_item_curated_category: inAccount("LineItemCuratedCategory"),
  do_not_reach_list: inAccount("DoNotReachList"),
  curated_category: own("ContentCategory"),
  media_creative: inAccount("MediaCreative"),
  account_media: inAccount("AccountMedia"),
  promoted_account: inAccount("PromotedAccount"),
  promoted_post: inAccount("PromotedPost"),
  tracking_tag: inAccount("TrackingTag"),
  custom_audience: inAccount("CustomAudience"),
  card: CARDS,
  draft_post: inAccount("Draft"),
  scheduled_post: inAccount("ScheduledPost"),
  post: own("Post"),
  quote_post: own("Post"),
  in_reply_to_post: own("Post"),
  previous_post: own("Post"),
  user: own("User"),
  as_user: own("User"),
};

/** Id parameters the catalog names by what they hold, without `_id`/`_ids`. */
const UNSUFFIXED: Readonly<Record<string, Entity>> = {
  categories: own("BusinessCategory"), // a line item's advertiser business categories
};

/** The entity a wire id parameter names (`campaign_ids` → Campaign), if the graph has it. */
export function entityOfParam(wire: string): Entity | undefined {
  const stem = wire.replace(/_ids?$/, "");
  return stem === wire ? UNSUFFIXED[wire] : ENTITIES[stem];
}

/** The entity of one Node type, for arguments written by hand (`Account.campaign(id:)`). */
export function entityOfType(typename: string): Entity {
  const found = Object.values(ENTITIES).find((entity) => entity.typenames.includes(typename));
  return found?.typenames.length === 1 ? found : inAccount(typename);
}

/**
 * An `ID` argument's or input field's extensions: the relay plugin decodes the value into
 * `{ typename, id }`, the input rules plugin refuses another type's id with the input path.
 */
export function globalIdExtensions(entity: Entity) {
  return {
    isRelayGlobalID: true,
    relayGlobalIDFor: entity.typenames.map((typename) => ({ typename })),
  };
}

const noun = (typename: string) => typename.replace(/(?<!^)([A-Z])/g, " $1").toLowerCase();

/**
 * What an id field without a description of its own says: which object's `id` it takes, where
 * a screen finds it, and that an id of another account is refused.
 */
export function describeIds(entity: Entity, many: boolean): string {
  const [first = "object"] = entity.typenames;
  const what = entity.typenames.length > 1 ? "card" : noun(first);
  const answers = entity.typenames.map((typename) => `\`${typename}.id\``).join(" or ");
  const head = many ? `The \`id\`s of the ${what}s` : `The \`id\` of the ${what}`;
  const account =
    entity.scope === "account" ? ` An id of another account's ${what} is refused.` : "";
  return `${head}, as ${answers} answers it (not its \`rawId\`).${account}`;
}

/** A global id as the relay plugin hands it to resolvers. */
export interface DecodedId {
  readonly typename: string;
  readonly id: string;
}

export const isDecodedId = (value: unknown): value is DecodedId =>
  typeof value === "object" &&
  value !== null &&
  "id" in value &&
  "typename" in value &&
  typeof value.id === "string" &&
  typeof value.typename === "string";

const invalid = (path: string, message: string) =>
  new ValidationError([
    { code: VIOLATION_CODES.INVALID_PARAMETER, field: path, parameter: path, message },
  ]);

/**
 * The account and wire id a decoded global id names. An account-held entity's id names its
 * account; where the input already names one (`accountId`, the parent account), the two must
 * agree: an id of another account's campaign is refused with the input path, never sent.
 */
export function wireIdOf(
  entity: Entity,
  decoded: DecodedId,
  path: string,
  accountId?: string,
): { readonly accountId: string | undefined; readonly id: string } {
  if (entity.scope === "own") return { accountId: undefined, id: decoded.id };
  const parsed = parseEntityKey(decoded.id);
  if (parsed === null) {
    throw invalid(path, `must be the \`id\` of a ${decoded.typename} (it names no account)`);
  }
  if (accountId !== undefined && parsed.accountId !== accountId) {
    throw invalid(
      path,
      `must be the \`id\` of a ${decoded.typename} of account ${accountId} (got one of ` +
        `account ${parsed.accountId})`,
    );
  }
  return parsed;
}

/** The wire id of an entity held by `accountId`, from its decoded global id. */
export function idInAccount(decoded: DecodedId, accountId: string, path = "id"): string {
  return wireIdOf(inAccount(decoded.typename), decoded, path, accountId).id;
}
