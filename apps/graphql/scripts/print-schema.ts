// Writes schema.graphql (turbo task `schema`); test/schema-file.test.ts fails when it is stale.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { schema } from "../src/schema/index.js";
import { printSortedSchema } from "../src/fields/print.js";

const file = path.resolve(import.meta.dirname, "..", "schema.graphql");
writeFileSync(file, printSortedSchema(schema));
console.log(`wrote ${path.relative(process.cwd(), file)}`);
