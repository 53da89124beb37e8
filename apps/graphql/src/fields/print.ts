import { lexicographicSortSchema, printSchema, type GraphQLSchema } from "graphql";

/** The SDL committed as `schema.graphql`: sorted, so its diff is the diff of the API. */
export function printSortedSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
