import SchemaBuilder from "@pothos/core";
import type { GraphQLContext } from "./context.js";

/** The schema builder: plugins and shared types only; types live in `schema/<type>.ts`. */
export const builder = new SchemaBuilder<{ Context: GraphQLContext }>({});

builder.queryType({});
