import {
  getNamedType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from "graphql";

/** The Relay paging arguments: everything else a connection field takes names a different list. */
const PAGING_ARGUMENTS = new Set(["first", "after", "last", "before"]);

type CompositeType = GraphQLObjectType | GraphQLInterfaceType;

/**
 * A Relay connection (the spec's shape, not a name suffix): `pageInfo` and `edges` of objects
 * holding a `node`.
 */
function isConnection(type: CompositeType): boolean {
  const fields = type.getFields();
  const edges = fields.edges && getNamedType(fields.edges.type);
  return (
    fields.pageInfo !== undefined &&
    edges !== undefined &&
    isObjectType(edges) &&
    edges.getFields().node !== undefined
  );
}

/** A type with an identity: an `id: ID!` (every Node, and anything else that says it has one). */
function hasIdentity(type: CompositeType): boolean {
  const id = type.getFields().id;
  return (
    id !== undefined &&
    isNonNullType(id.type) &&
    isScalarType(id.type.ofType) &&
    id.type.ofType.name === "ID"
  );
}

/** A connection field's key: its non-paging arguments (filters, sort), or none. */
function keyArgs(field: GraphQLField<unknown, unknown>): string {
  const names = field.args.map((arg) => arg.name).filter((name) => !PAGING_ARGUMENTS.has(name));
  return names.length === 0 ? "false" : `[${names.map((name) => JSON.stringify(name)).join(", ")}]`;
}

function connectionFields(type: CompositeType): string[] {
  return Object.values(type.getFields())
    .filter((field) => {
      const named = getNamedType(field.type);
      return (isObjectType(named) || isInterfaceType(named)) && isConnection(named);
    })
    .map((field) => `      ${field.name}: connectionPagination(${keyArgs(field)}),`);
}

function typePolicy(type: CompositeType, isRoot: boolean): string {
  const lines: string[] = [];
  if (!isRoot) {
    if (hasIdentity(type)) {
      lines.push(`    keyFields: ["id"],`);
    } else {
      // No identity: stored inside its parent. A second answer for the same parent field adds
      // its fields to the first instead of replacing it (a query asking other fields of the
      // same object must not take away what the first one asked).
      lines.push(`    keyFields: false,`);
      if (!isConnection(type)) lines.push(`    merge: true,`);
    }
  }
  const fields = connectionFields(type);
  if (fields.length > 0) lines.push(`    fields: {`, ...fields, `    },`);
  return lines.length === 0 ? "" : `  ${type.name}: {\n${lines.join("\n")}\n  },`;
}

/**
 * A GraphQL Code Generator plugin: Apollo Client `typePolicies` for every object and interface
 * type of the schema, checked against the apollo-client-helpers plugin's strict type (every
 * non-root type must be there, with its key fields).
 */
export function plugin(schema: GraphQLSchema): string {
  const roots = new Set(
    [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap(
      (root) => (root ? [root.name] : []),
    ),
  );
  const types = Object.values(schema.getTypeMap())
    .flatMap((type) => (isObjectType(type) || isInterfaceType(type) ? [type] : []))
    .filter((type) => !type.name.startsWith("__"))
    .sort((a, b) => a.name.localeCompare(b.name));
  const policies = types.map((type) => typePolicy(type, roots.has(type.name))).filter(Boolean);
  return [
    `import { connectionPagination } from "../connection-pagination.js";`,
    `import type { StrictTypedTypePolicies } from "./type-policy-types.js";`,
    ``,
    `export const typePolicies: StrictTypedTypePolicies = {`,
    ...policies,
    `};`,
    ``,
  ].join("\n");
}
