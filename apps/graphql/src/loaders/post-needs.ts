import { MEDIA_FIELDS, POST_EXPANSIONS, POST_FIELDS, USER_FIELDS } from "@adsgraph/models";
import type { MediaField, PostExpansion, PostField, UserField } from "@adsgraph/models";

/**
 * What a GraphQL selection needs of the post-data API (spec §2.12, §4.9) for one post: the
 * `post.fields` beyond the default `id` and `text`, and per expansion the fields of the objects
 * it brings (`media.fields` for `attachments.media_keys`, `user.fields` for the user
 * expansions; an empty set asks only the defaults). `referenced_tweets.id` is never needed:
 * referenced posts are read through the same loader as any post, with their own selection.
 */
export interface PostNeeds {
  readonly fields: ReadonlySet<PostField>;
  readonly expansions: ReadonlyMap<PostExpansion, ReadonlySet<MediaField | UserField>>;
}

export const NO_NEEDS: PostNeeds = { fields: new Set(), expansions: new Map() };

/** The object fields of an expansion: the media of `attachments.media_keys`, else users. */
const JOIN_FIELD: Readonly<Record<PostExpansion, PostField | null>> = {
  "attachments.media_keys": "attachments",
  author_id: "author_id",
  in_reply_to_user_id: "in_reply_to_user_id",
  "referenced_tweets.id": "referenced_tweets",
};

/** The post field an expansion joins on (the post names the objects it brings there). */
export function joinFieldOf(expansion: PostExpansion): PostField | null {
  return JOIN_FIELD[expansion];
}

export function isEmpty(needs: PostNeeds): boolean {
  return needs.fields.size === 0 && needs.expansions.size === 0;
}

/** Everything either needs. */
export function unionNeeds(...all: readonly PostNeeds[]): PostNeeds {
  const fields = new Set<PostField>();
  const expansions = new Map<PostExpansion, Set<MediaField | UserField>>();
  for (const needs of all) {
    for (const field of needs.fields) fields.add(field);
    for (const [expansion, sub] of needs.expansions) {
      const set = expansions.get(expansion) ?? new Set();
      for (const name of sub) set.add(name);
      expansions.set(expansion, set);
    }
  }
  return { fields, expansions };
}

/** A builder for needs (the selection walk adds to it). */
export class NeedsBuilder {
  readonly fields = new Set<PostField>();
  readonly expansions = new Map<PostExpansion, Set<MediaField | UserField>>();

  field(name: PostField): this {
    this.fields.add(name);
    return this;
  }

  /** The expansion, its join field, and these fields of the objects it brings. */
  expand(expansion: PostExpansion, sub: readonly (MediaField | UserField)[] = []): this {
    const join = JOIN_FIELD[expansion];
    if (join !== null) this.fields.add(join);
    const set = this.expansions.get(expansion) ?? new Set();
    for (const name of sub) set.add(name);
    this.expansions.set(expansion, set);
    return this;
  }

  build(): PostNeeds {
    return { fields: new Set(this.fields), expansions: new Map(this.expansions) };
  }
}

/**
 * What is already known of a post: the post fields answered (present or known absent), and per
 * expansion the object fields answered with it.
 */
export interface PostCoverage {
  readonly fields: ReadonlySet<PostField>;
  readonly expansions: ReadonlyMap<PostExpansion, ReadonlySet<string>>;
  /**
   * The ids an expansion would bring, when the join field is known: an expansion with nothing
   * to join (a post without media, a reply to nobody) costs nothing.
   */
  joinIsEmpty(expansion: PostExpansion): boolean;
}

const covers = (known: ReadonlySet<string> | undefined, wanted: ReadonlySet<string>) =>
  known !== undefined && [...wanted].every((name) => known.has(name));

/**
 * What must still be asked to answer `needs` for a post of which `known` is answered already:
 * the fields not known, and the expansions whose objects are not known with the fields wanted
 * (with their join field only when the post's join field is not known). Empty when nothing is
 * left: the post answers without a request.
 */
export function remainingNeeds(needs: PostNeeds, known: PostCoverage): PostNeeds {
  const fields = new Set<PostField>();
  for (const field of needs.fields) if (!known.fields.has(field)) fields.add(field);
  const expansions = new Map<PostExpansion, ReadonlySet<MediaField | UserField>>();
  for (const [expansion, sub] of needs.expansions) {
    const join = JOIN_FIELD[expansion];
    const joinKnown = join === null || known.fields.has(join);
    if (joinKnown && known.joinIsEmpty(expansion)) continue;
    if (covers(known.expansions.get(expansion), sub)) continue;
    expansions.set(expansion, sub);
  }
  return { fields, expansions };
}

/** The lookup's field parameters by wire name, in the catalog's order; none when empty. */
export interface LookupFieldParams {
  "post.fields"?: PostField[];
  expansions?: PostExpansion[];
  "media.fields"?: MediaField[];
  "user.fields"?: UserField[];
}

const USER_EXPANSIONS: readonly PostExpansion[] = ["author_id", "in_reply_to_user_id"];

const inOrder = <T extends string>(order: readonly T[], names: Iterable<string>): T[] => {
  const wanted = new Set(names);
  return order.filter((name) => wanted.has(name));
};

/**
 * The wire parameters of a lookup answering `needs`: `post.fields`, `expansions`, and the
 * `media.fields` / `user.fields` of the expansions that bring media / users (sub-fields of an
 * expansion not asked are never sent). Lists in the catalog's order, so equal needs make equal
 * requests (and share a snapshot).
 */
export function lookupParams(needs: PostNeeds): LookupFieldParams {
  const params: LookupFieldParams = {};
  const fields = inOrder(POST_FIELDS, needs.fields);
  if (fields.length > 0) params["post.fields"] = fields;
  const expansions = inOrder(POST_EXPANSIONS, needs.expansions.keys());
  if (expansions.length > 0) params.expansions = expansions;
  const media = inOrder(MEDIA_FIELDS, needs.expansions.get("attachments.media_keys") ?? []);
  if (media.length > 0) params["media.fields"] = media;
  const users = inOrder(
    USER_FIELDS,
    USER_EXPANSIONS.flatMap((expansion) => [...(needs.expansions.get(expansion) ?? [])]),
  );
  if (users.length > 0) params["user.fields"] = users;
  return params;
}

/**
 * The coverage a lookup with these parameters gives every post it answers: the fields asked
 * (an absent one is known absent), and each expansion with the object fields asked.
 */
export function coverageOf(params: LookupFieldParams): {
  fields: PostField[];
  expansions: [PostExpansion, string[]][];
} {
  const expansions = params.expansions ?? [];
  return {
    fields: params["post.fields"] ?? [],
    expansions: expansions.map((expansion) => [
      expansion,
      expansion === "attachments.media_keys"
        ? (params["media.fields"] ?? [])
        : USER_EXPANSIONS.includes(expansion)
          ? (params["user.fields"] ?? [])
          : [],
    ]),
  };
}
