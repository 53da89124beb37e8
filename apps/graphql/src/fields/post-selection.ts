import type { MediaField } from "@adsgraph/models";
import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isObjectType,
  Kind,
} from "graphql";
import type {
  FieldNode,
  FragmentDefinitionNode,
  GraphQLResolveInfo,
  GraphQLSchema,
  SelectionNode,
  SelectionSetNode,
} from "graphql";
import { NeedsBuilder } from "../loaders/post-needs.js";
import type { PostNeeds } from "../loaders/post-needs.js";

/**
 * The rule of the post-data API's parameters (spec §4.9): a selection over `Post` needs exactly
 * the `post.fields`, `expansions`, `media.fields` and `user.fields` its fields name here, never
 * more. Fields not listed (`id`, `rawId`, `text`, the advertising list's `name`, `nullcast`,
 * `cardUri`, ..., `preview`, `__typename`) need nothing of the lookup. Referenced posts
 * (`inReplyTo`, `quotedPost`, `referencedPosts.post`, `editHistory`) need only the link here;
 * they are read with their own selection by the same loader, in the next tick.
 */

/** Where a selection is read: the operation's fragments and variables, and the schema's types. */
export interface SelectionScope {
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly variableValues: Readonly<Record<string, unknown>>;
  /** Whether a fragment on this type applies to a `Post` (Post, or an interface it implements). */
  readonly onPost: (typeName: string) => boolean;
}

/** The `media { … }` fields that need the media expansion, and the media field each asks. */
export const MEDIA_FIELD_NEEDS: Readonly<Record<string, MediaField | null>> = {
  type: null,
  durationMs: "duration_ms",
  width: "width",
  height: "height",
  url: "url",
  previewImageUrl: "preview_image_url",
  viewCount: "public_metrics",
};

/** The `author { … }` / `inReplyToUser { … }` fields that need the user expansion. */
export const USER_FIELD_NEEDS: Readonly<Record<string, "created_at" | null>> = {
  name: null,
  username: null,
  createdAt: "created_at",
};

type FieldRule = (needs: NeedsBuilder, sub: readonly FieldNode[], scope: SelectionScope) => void;

const field =
  (name: Parameters<NeedsBuilder["field"]>[0]): FieldRule =>
  (needs) => {
    needs.field(name);
  };

/** A user: the join field alone for `id`; the expansion for its profile; `created_at` asked. */
const user =
  (expansion: "author_id" | "in_reply_to_user_id"): FieldRule =>
  (needs, sub, scope) => {
    const names = new Set(subFieldNames(sub, scope));
    const wanted = Object.keys(USER_FIELD_NEEDS).filter((name) => names.has(name));
    if (wanted.length === 0) {
      needs.field(expansion);
      return;
    }
    needs.expand(
      expansion,
      wanted.flatMap((name) => USER_FIELD_NEEDS[name] ?? []),
    );
  };

/** Media: the keys (`attachments`) for `mediaKey`; the expansion and its fields for the rest. */
const media: FieldRule = (needs, sub, scope) => {
  const names = new Set(subFieldNames(sub, scope));
  const wanted = Object.keys(MEDIA_FIELD_NEEDS).filter((name) => names.has(name));
  if (wanted.length === 0) {
    needs.field("attachments");
    return;
  }
  needs.expand(
    "attachments.media_keys",
    wanted.flatMap((name) => MEDIA_FIELD_NEEDS[name] ?? []),
  );
};

/** What each `Post` field needs of the lookup (docs/graphql.md "The graph" shows this table). */
export const POST_FIELD_RULES: Readonly<Record<string, FieldRule>> = {
  createdAt: field("created_at"),
  authorId: field("author_id"),
  author: user("author_id"),
  mediaKeys: field("attachments"),
  media,
  publicMetrics: field("public_metrics"),
  entities: field("entities"),
  conversationId: field("conversation_id"),
  lang: field("lang"),
  possiblySensitive: field("possibly_sensitive"),
  inReplyToUserId: field("in_reply_to_user_id"),
  inReplyToUser: user("in_reply_to_user_id"),
  inReplyToPostId: field("referenced_tweets"),
  inReplyTo: field("referenced_tweets"),
  quotedPostId: field("referenced_tweets"),
  quotedPost: field("referenced_tweets"),
  referencedPosts: field("referenced_tweets"),
  editHistoryIds: field("edit_history_post_ids"),
  editHistory: field("edit_history_post_ids"),
};

/** False for a selection that `@skip(if: true)` or `@include(if: false)` leaves out. */
function included(selection: SelectionNode, scope: SelectionScope): boolean {
  if (selection.directives === undefined || selection.directives.length === 0) return true;
  const skip = getDirectiveValues(GraphQLSkipDirective, selection, scope.variableValues);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, selection, scope.variableValues);
  return include?.if !== false;
}

/**
 * The fields a selection set selects, through inline fragments and fragment spreads whose type
 * condition `applies` (none: always), leaving out what `@skip`/`@include` drop.
 */
function fieldsOf(
  set: SelectionSetNode | undefined,
  scope: SelectionScope,
  applies: (typeName: string) => boolean,
  seen: ReadonlySet<string> = new Set(),
): FieldNode[] {
  if (set === undefined) return [];
  return set.selections.flatMap((selection): FieldNode[] => {
    if (!included(selection, scope)) return [];
    switch (selection.kind) {
      case Kind.FIELD:
        return [selection];
      case Kind.INLINE_FRAGMENT: {
        const on = selection.typeCondition?.name.value;
        return on === undefined || applies(on)
          ? fieldsOf(selection.selectionSet, scope, applies, seen)
          : [];
      }
      case Kind.FRAGMENT_SPREAD: {
        const name = selection.name.value;
        const fragment = scope.fragments[name];
        if (fragment === undefined || seen.has(name)) return [];
        if (!applies(fragment.typeCondition.name.value)) return [];
        return fieldsOf(fragment.selectionSet, scope, applies, new Set(seen).add(name));
      }
    }
  });
}

const anyType = () => true;

/** The names selected under these fields (users and media are object types: every fragment applies). */
function subFieldNames(nodes: readonly FieldNode[], scope: SelectionScope): string[] {
  return nodes.flatMap((node) =>
    fieldsOf(node.selectionSet, scope, anyType).map((sub) => sub.name.value),
  );
}

/** Adds what one `Post` field (all its aliases and repeats together) needs. */
function addFieldNeeds(
  needs: NeedsBuilder,
  name: string,
  nodes: readonly FieldNode[],
  scope: SelectionScope,
): void {
  POST_FIELD_RULES[name]?.(needs, nodes, scope);
}

/** Groups fields by name (aliases of one field with different sub-selections are one need). */
function byName(fields: readonly FieldNode[]): Map<string, FieldNode[]> {
  const groups = new Map<string, FieldNode[]>();
  for (const node of fields) {
    const list = groups.get(node.name.value);
    if (list === undefined) groups.set(node.name.value, [node]);
    else list.push(node);
  }
  return groups;
}

/** What selections over a `Post` (or an abstract type it belongs to) need of a lookup. */
export function postNeeds(
  sets: readonly (SelectionSetNode | undefined)[],
  scope: SelectionScope,
): PostNeeds {
  const needs = new NeedsBuilder();
  const fields = sets.flatMap((set) => fieldsOf(set, scope, scope.onPost));
  for (const [name, nodes] of byName(fields)) addFieldNeeds(needs, name, nodes, scope);
  return needs.build();
}

/** What one field of `Post` (with its sub-selections, all its nodes) needs of a lookup. */
export function postFieldNeeds(
  name: string,
  nodes: readonly FieldNode[],
  scope: SelectionScope,
): PostNeeds {
  const needs = new NeedsBuilder();
  addFieldNeeds(needs, name, nodes, scope);
  return needs.build();
}

/** The selection sets `path` reaches below `nodes` (`["edges", "node"]` of a connection). */
export function setsAt(
  nodes: readonly FieldNode[],
  path: readonly string[],
  scope: SelectionScope,
): SelectionSetNode[] {
  let level: readonly FieldNode[] = nodes;
  for (const step of path) {
    level = level.flatMap((node) =>
      fieldsOf(node.selectionSet, scope, anyType).filter((sub) => sub.name.value === step),
    );
  }
  return level.flatMap((node) => (node.selectionSet === undefined ? [] : [node.selectionSet]));
}

const postScopes = new WeakMap<GraphQLSchema, (typeName: string) => boolean>();

/** Whether a type condition applies to `Post` in this schema (memoised per schema). */
function onPostOf(schema: GraphQLSchema): (typeName: string) => boolean {
  let onPost = postScopes.get(schema);
  if (onPost === undefined) {
    const post = schema.getType("Post");
    const names = new Set<string>(["Post"]);
    if (post !== undefined && isObjectType(post)) {
      for (const type of Object.values(schema.getTypeMap())) {
        if (isAbstractType(type) && schema.isSubType(type, post)) names.add(type.name);
      }
    }
    onPost = (typeName) => names.has(typeName);
    postScopes.set(schema, onPost);
  }
  return onPost;
}

/** The scope of a resolver's selection. */
export function scopeOf(info: GraphQLResolveInfo): SelectionScope {
  return {
    fragments: info.fragments,
    variableValues: info.variableValues,
    onPost: onPostOf(info.schema),
  };
}

/**
 * What the posts a field returns need (its own selection, or the one `path` reaches below it:
 * `["edges", "node"]`, `["post"]`), through fragments, aliases and directives.
 */
export function selectionNeeds(info: GraphQLResolveInfo, path: readonly string[] = []): PostNeeds {
  const scope = scopeOf(info);
  const sets =
    path.length === 0
      ? info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []))
      : setsAt(info.fieldNodes, path, scope);
  return postNeeds(sets, scope);
}

const fieldCache = new WeakMap<readonly FieldNode[], { variables: unknown; needs: PostNeeds }>();

/**
 * What the `Post` field being resolved needs. The same field of every post of a list shares its
 * nodes (graphql-js collects them once per execution), so it is worked out once per list.
 */
export function fieldNeeds(info: GraphQLResolveInfo): PostNeeds {
  const cached = fieldCache.get(info.fieldNodes);
  if (cached !== undefined && cached.variables === info.variableValues) return cached.needs;
  const needs = postFieldNeeds(info.fieldName, info.fieldNodes, scopeOf(info));
  fieldCache.set(info.fieldNodes, { variables: info.variableValues, needs });
  return needs;
}
