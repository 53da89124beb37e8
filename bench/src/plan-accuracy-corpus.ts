// The property-generated corpus of the plan-accuracy bench (issue 35): random selections over
// the facade's schema from `Query.account`, `viewer.accounts` and `node`, drawn by a seeded
// PRNG (the same seed gives the same documents), so a violation found once is found again.
import { seededRandom } from "@adsgraph/ads-api";
import {
  getNamedType,
  isEnumType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  parse,
  validate,
} from "graphql";

/** What the seeded data holds, found by asking the facade before the corpus is drawn. */
export interface SeededData {
  /** Bench accounts (raw ids), with their sizes for the report. */
  readonly accounts: readonly { rawId: string; label: string }[];
  /** Global ids of nodes that exist, by their GraphQL type, per account raw id. */
  readonly nodes: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
}

export interface CorpusCase {
  readonly index: number;
  readonly root: "account" | "viewer" | "node";
  /** The bench account the query reads (null: the viewer's accounts). */
  readonly accountId: string | null;
  readonly document: string;
  readonly variables: Record<string, unknown>;
}

/**
 * Fields the corpus never selects, and why: each needs input a random draw cannot make
 * meaningful, or reads no data the seeded accounts hold.
 */
export const EXCLUDED_FIELDS: ReadonlyMap<string, string> = new Map([
  ["Account.changeHistory", "needs a time range and an entity id (history of a write)"],
  ["Account.audienceEstimate", "needs a targeting input"],
]);

/** Most fields of one document: far under the facade's breadth limit (300). */
const MAX_FIELDS = 120;
/** Nesting levels of the selection below the root field (the facade's limit is 12 in all). */
const MAX_DEPTH = 7;
/** `first` values multiplied down a path: past it nested lists take a handful (complexity limit). */
const MULTIPLIER_SOFT_CAP = 100;

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
};
const between = (random: Random, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));

/** The largest `first` a list argument takes, from its description ("1 to 1000"). */
function maxCountOf(arg: GraphQLArgument): number {
  const match = /1 to ([\d,]+)/.exec(arg.description ?? "");
  return match?.[1] === undefined ? 50 : Number(match[1].replaceAll(",", ""));
}

/** The node type of a connection (`edges.node`), or undefined for other types. */
function nodeTypeOf(type: GraphQLNamedType): GraphQLNamedType | undefined {
  if (!isObjectType(type) || !type.name.endsWith("Connection")) return undefined;
  const edges = type.getFields().edges;
  if (edges === undefined) return undefined;
  const edge = getNamedType(edges.type);
  return isObjectType(edge) ? getNamedType(edge.getFields().node?.type ?? edge) : undefined;
}

/** One document being drawn: its fragments, variables and field count. */
interface Draw {
  readonly random: Random;
  readonly schema: GraphQLSchema;
  readonly ids: ReadonlyMap<string, readonly string[]>;
  readonly fragments: string[];
  readonly variableDefinitions: string[];
  readonly variables: Record<string, unknown>;
  fields: number;
}

/** A random `first` for a list of at most `max`: mostly small, sometimes the whole limit. */
function drawFirst(draw: Draw, max: number, multiplier: number): number {
  const { random } = draw;
  if (multiplier >= MULTIPLIER_SOFT_CAP) return between(random, 1, 3);
  const roll = random();
  if (roll < 0.45) return between(random, 1, Math.min(max, 5));
  if (roll < 0.8) return between(random, 1, Math.min(max, 50));
  if (roll < 0.92) return between(random, 1, max);
  return max;
}

/** Arguments for a field, or null when a required one cannot be filled. */
function drawArgs(
  draw: Draw,
  field: GraphQLField<unknown, unknown>,
  multiplier: number,
): { text: string; multiplier: number } | null {
  const { random } = draw;
  const parts: string[] = [];
  let factor = 1;
  const named = getNamedType(field.type);
  const listNode = nodeTypeOf(named);
  const args = new Map(field.args.map((arg) => [arg.name, arg]));
  for (const arg of field.args) {
    const required = isNonNullType(arg.type) && arg.defaultValue === undefined;
    const type = getNamedType(arg.type);
    if (required) {
      if (arg.name === "id" && type.name === "ID") {
        const ids = draw.ids.get(named.name);
        if (ids === undefined || ids.length === 0) return null;
        parts.push(`id: ${JSON.stringify(pick(random, ids))}`);
      } else if (isEnumType(type) && !isListType(arg.type)) {
        parts.push(`${arg.name}: ${pick(random, type.getValues()).name}`);
      } else {
        return null;
      }
    }
  }
  const first = args.get("first");
  const last = args.get("last");
  if (first !== undefined) {
    const max = maxCountOf(first);
    const roll = random();
    if (last !== undefined && roll < 0.1) {
      const n = drawFirst(draw, maxCountOf(last), multiplier);
      parts.push(`last: ${n}`);
      factor = n;
    } else if (roll < 0.25) {
      factor = 50; // the default page size
    } else {
      const n = drawFirst(draw, max, multiplier);
      // Sometimes through a variable: the plan must read coerced variables too.
      if (random() < 0.2) {
        const name = `n${draw.variableDefinitions.length}`;
        draw.variableDefinitions.push(`$${name}: Int`);
        draw.variables[name] = n;
        parts.push(`first: $${name}`);
      } else {
        parts.push(`first: ${n}`);
      }
      factor = n;
    }
  }
  const ids = args.get("ids");
  const nodeIds = listNode === undefined ? undefined : draw.ids.get(listNode.name);
  if (ids !== undefined && nodeIds !== undefined && nodeIds.length > 0 && random() < 0.1) {
    const chosen = nodeIds.filter(() => random() < 0.5);
    parts.push(`ids: ${JSON.stringify(chosen.length > 0 ? chosen : nodeIds.slice(0, 1))}`);
  }
  for (const name of ["withDeleted", "withDraft"]) {
    if (args.has(name) && random() < 0.1) parts.push(`${name}: true`);
  }
  return {
    text: parts.length === 0 ? "" : `(${parts.join(", ")})`,
    multiplier: multiplier * factor,
  };
}

/** A selection set on `type`: a random subset of its fields, objects drawn recursively. */
function drawSelection(
  draw: Draw,
  type: GraphQLNamedType,
  depth: number,
  multiplier: number,
): string {
  const { random } = draw;
  if (isUnionType(type) || isInterfaceType(type)) {
    const possible = draw.schema.getPossibleTypes(type);
    const chosen = possible.filter(() => random() < 2 / Math.max(2, possible.length));
    const parts = ["__typename"];
    if (isInterfaceType(type)) {
      const common = drawObjectFields(draw, type, depth, multiplier, 0.3);
      if (common !== "") parts.push(common);
    }
    for (const object of chosen.length > 0 ? chosen : [pick(random, possible)]) {
      parts.push(inlineOrNamed(draw, object, depth, multiplier));
    }
    return parts.join(" ");
  }
  if (!isObjectType(type)) return "";
  const fields = drawObjectFields(draw, type, depth, multiplier, 1);
  return fields === "" ? "__typename" : fields;
}

/** A fragment on `object`: inline, or (sometimes) named and spread. */
function inlineOrNamed(
  draw: Draw,
  object: GraphQLObjectType,
  depth: number,
  multiplier: number,
): string {
  const body = drawSelection(draw, object, depth, multiplier);
  if (draw.random() < 0.25) {
    const name = `F${draw.fragments.length}`;
    draw.fragments.push(`fragment ${name} on ${object.name} { ${body} }`);
    return `...${name}`;
  }
  return `... on ${object.name} { ${body} }`;
}

/** Some of the fields of an object or interface, `share` scaling how many. */
function drawObjectFields(
  draw: Draw,
  type: GraphQLObjectType | GraphQLInterfaceType,
  depth: number,
  multiplier: number,
  share: number,
): string {
  const { random } = draw;
  const parts: string[] = [];
  // Deeper levels take fewer object fields: the corpus stays within the depth and cost limits.
  const objectOdds = depth >= MAX_DEPTH ? 0 : (0.35 - depth * 0.04) * share;
  const leafOdds = 0.3 * share;
  for (const field of Object.values(type.getFields())) {
    if (draw.fields >= MAX_FIELDS) break;
    if (EXCLUDED_FIELDS.has(`${type.name}.${field.name}`)) continue;
    const named = getNamedType(field.type);
    const leaf = isLeafType(named);
    if (random() >= (leaf ? leafOdds : objectOdds)) continue;
    const copies = !leaf && random() < 0.08 ? 2 : 1;
    for (let copy = 0; copy < copies; copy += 1) {
      const args = drawArgs(draw, field, multiplier);
      if (args === null) break;
      draw.fields += 1;
      // Aliases: the same field twice with arguments of its own.
      const alias = copies > 1 ? `${field.name}${copy}: ` : "";
      if (leaf) {
        parts.push(`${alias}${field.name}${args.text}`);
        continue;
      }
      const inner = drawSelection(draw, named, depth + 1, args.multiplier);
      parts.push(`${alias}${field.name}${args.text} { ${inner} }`);
    }
  }
  return parts.join(" ");
}

/** One document of the corpus. */
export function drawCase(
  schema: GraphQLSchema,
  data: SeededData,
  index: number,
  random: Random,
): CorpusCase {
  const roll = random();
  const root: CorpusCase["root"] = roll < 0.7 ? "account" : roll < 0.85 ? "viewer" : "node";
  const account = pick(random, data.accounts);
  // Over the viewer's accounts an id of one account names nothing in the others: none drawn.
  const none: ReadonlyMap<string, readonly string[]> = new Map();
  const ids = root === "viewer" ? none : (data.nodes.get(account.rawId) ?? none);
  const draw: Draw = {
    random,
    schema,
    ids,
    fragments: [],
    variableDefinitions: [],
    variables: {},
    fields: 0,
  };
  const accountType = schema.getType("Account");
  if (!isObjectType(accountType)) throw new Error("no Account type");
  let body: string;
  if (root === "account") {
    draw.variableDefinitions.push("$id: String!");
    draw.variables.id = account.rawId;
    body = `account(rawId: $id) { rawId ${drawSelection(draw, accountType, 1, 1)} }`;
  } else if (root === "viewer") {
    const n = between(random, 1, 10);
    body =
      `viewer { accounts(first: ${n}) { edges { node { rawId ` +
      `${drawSelection(draw, accountType, 3, n)} } } } }`;
  } else {
    const typed = [...ids].filter(([, list]) => list.length > 0);
    if (typed.length === 0) {
      draw.variableDefinitions.push("$id: String!");
      draw.variables.id = account.rawId;
      body = `account(rawId: $id) { rawId }`;
    } else {
      const [typeName, list] = pick(random, typed);
      const object = schema.getType(typeName);
      draw.variableDefinitions.push("$node: ID!");
      draw.variables.node = pick(random, list);
      const inner = isObjectType(object) ? inlineOrNamed(draw, object, 1, 1) : "";
      body = `node(id: $node) { id __typename ${inner} }`;
    }
  }
  const definitions = draw.variableDefinitions.length
    ? `(${draw.variableDefinitions.join(", ")})`
    : "";
  const document = [`query Case${index}${definitions} { ${body} }`, ...draw.fragments].join("\n");
  return {
    index,
    root,
    accountId: root === "viewer" ? null : account.rawId,
    document,
    variables: draw.variables,
  };
}

/**
 * The corpus drawn from `seed`, one document after another: the same seed and data always give
 * the same documents. A draw that graphql-js would refuse (fields of fragments on different
 * types merged under one name with types that conflict) is drawn again.
 */
export function* corpusCases(
  schema: GraphQLSchema,
  data: SeededData,
  seed: number,
): Generator<CorpusCase, void> {
  const random = seededRandom(seed);
  for (let index = 0; ; index += 1) {
    const drawn = drawCase(schema, data, index, random);
    if (validate(schema, parse(drawn.document)).length === 0) yield drawn;
  }
}

/**
 * The discovery query of one account: each of its lists' first few node ids by type, so
 * by-id fields (`Account.campaign(id:)`, `node`) and `ids:` filters name nodes that exist.
 */
export function discoveryQuery(schema: GraphQLSchema): string {
  const account = schema.getType("Account");
  if (!isObjectType(account)) throw new Error("no Account type");
  const lists = Object.values(account.getFields()).flatMap((field) => {
    const node = nodeTypeOf(getNamedType(field.type));
    const required = field.args.some((arg) => isNonNullType(arg.type));
    if (node === undefined || required || EXCLUDED_FIELDS.has(`Account.${field.name}`)) return [];
    if (!isObjectType(node) || node.getFields().id === undefined) return [];
    return [`${field.name}(first: 5) { edges { node { __typename id } } }`];
  });
  return `query Discover($id: String!) { account(rawId: $id) { __typename id ${lists.join(" ")} } }`;
}

/** Node ids by type from a discovery answer (fields that failed are left out). */
export function idsOfDiscovery(data: unknown): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  const add = (type: string, id: string) => {
    ids.set(type, [...(ids.get(type) ?? []), id]);
  };
  const account = (data as { account?: Record<string, unknown> | null } | null)?.account;
  if (account === null || account === undefined) return ids;
  if (typeof account.id === "string") add("Account", account.id);
  for (const value of Object.values(account)) {
    const edges = (value as { edges?: { node?: { __typename?: string; id?: string } }[] } | null)
      ?.edges;
    for (const edge of edges ?? []) {
      if (edge.node?.__typename !== undefined && edge.node.id !== undefined)
        add(edge.node.__typename, edge.node.id);
    }
  }
  return ids;
}
