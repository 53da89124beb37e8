import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  Kind,
} from "graphql";
import type {
  FieldNode,
  FragmentDefinitionNode,
  GraphQLObjectType,
  GraphQLSchema,
  SelectionSetNode,
} from "graphql";

/** The fields a selection asks of one object type, by response key (as graphql-js collects them). */
export type CollectedFields = Map<string, FieldNode[]>;

export interface CollectScope {
  readonly schema: GraphQLSchema;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly variables: Readonly<Record<string, unknown>>;
}

/** False for a selection that `@skip(if: true)` or `@include(if: false)` leaves out. */
function included(
  scope: CollectScope,
  node: Parameters<typeof getDirectiveValues>[1] & { directives?: readonly unknown[] },
): boolean {
  if (node.directives === undefined || node.directives.length === 0) return true;
  if (getDirectiveValues(GraphQLSkipDirective, node, scope.variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, scope.variables)?.if !== false;
}

function applies(scope: CollectScope, condition: string | undefined, type: GraphQLObjectType) {
  if (condition === undefined || condition === type.name) return true;
  const conditional = scope.schema.getType(condition);
  return (
    conditional !== undefined &&
    isAbstractType(conditional) &&
    scope.schema.isSubType(conditional, type)
  );
}

/**
 * The fields `sets` select on `type`, through fragments and inline fragments whose condition
 * the type meets, leaving out what `@skip`/`@include` drop; fields under one response key are
 * merged (graphql-js resolves them once).
 */
export function collectFields(
  scope: CollectScope,
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
): CollectedFields {
  // One selection set without directives collects alike for any variables: kept per document.
  const only = sets.length === 1 ? sets[0] : undefined;
  const cached = only === undefined ? undefined : CACHE.get(only)?.get(type);
  if (cached !== undefined) return cached;
  const found = { directives: false };
  const fields: CollectedFields = new Map();
  const visit = (set: SelectionSetNode, seen: ReadonlySet<string>) => {
    for (const selection of set.selections) {
      if (selection.directives !== undefined && selection.directives.length > 0)
        found.directives = true;
      if (!included(scope, selection)) continue;
      switch (selection.kind) {
        case Kind.FIELD: {
          const key = selection.alias?.value ?? selection.name.value;
          const list = fields.get(key);
          if (list === undefined) fields.set(key, [selection]);
          else list.push(selection);
          break;
        }
        case Kind.INLINE_FRAGMENT:
          if (applies(scope, selection.typeCondition?.name.value, type))
            visit(selection.selectionSet, seen);
          break;
        case Kind.FRAGMENT_SPREAD: {
          const name = selection.name.value;
          const fragment = scope.fragments[name];
          if (fragment === undefined || seen.has(name)) break;
          if (applies(scope, fragment.typeCondition.name.value, type))
            visit(fragment.selectionSet, new Set(seen).add(name));
          break;
        }
      }
    }
  };
  for (const set of sets) visit(set, new Set());
  if (only !== undefined && !found.directives) {
    let byType = CACHE.get(only);
    if (byType === undefined) CACHE.set(only, (byType = new WeakMap()));
    byType.set(type, fields);
  }
  return fields;
}

/** Collected fields of a directive-free selection set, per object type (callers never mutate). */
const CACHE = new WeakMap<SelectionSetNode, WeakMap<GraphQLObjectType, CollectedFields>>();

/** The selection sets of the fields under one response key. */
export function subSelections(nodes: readonly FieldNode[]): SelectionSetNode[] {
  const sets: SelectionSetNode[] = [];
  for (const node of nodes) if (node.selectionSet !== undefined) sets.push(node.selectionSet);
  return sets;
}
