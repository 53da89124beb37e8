#!/usr/bin/env node
// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes the schema as
// committed at a git revision (default HEAD) to prisma/schema.prisma as it is now.
//
// Why not `prisma migrate dev`: through a driver adapter it needs a shadow database that
// PGlite cannot provide ("shadow DB must be provided through an external factory"); a diff of
// two datamodels needs no database at all. Commit the schema with its migration, so HEAD's
// schema is always the one the migrations produce.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { from: { type: "string", default: "HEAD" } },
});
const name = positionals[0];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: adsgraph-new-migration <name_in_snake_case> [--from <git-rev>]");
  process.exit(2);
}

const schemaFile = path.resolve("prisma/schema.prisma");
const relative = path.relative(
  execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim(),
  schemaFile,
);
const before = path.join(
  mkdtempSync(path.join(os.tmpdir(), "adsgraph-migration-")),
  "schema.prisma",
);
writeFileSync(
  before,
  execFileSync("git", ["show", `${values.from}:${relative}`], { encoding: "utf8" }),
);

const cli = createRequire(path.resolve("package.json")).resolve("prisma/build/index.js");
const diff = spawnSync(
  process.execPath,
  [
    cli,
    "migrate",
    "diff",
    "--from-schema-datamodel",
    before,
    "--to-schema-datamodel",
    schemaFile,
    "--script",
  ],
  {
    encoding: "utf8",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
      PRISMA_QUERY_ENGINE_LIBRARY: process.execPath,
      PGLITE_DIR: path.join(path.dirname(before), "pglite"),
    },
  },
);
if (diff.status !== 0) {
  console.error(diff.stderr);
  process.exit(diff.status ?? 1);
}
const sql = diff.stdout.slice(diff.stdout.indexOf("--"));
if (!sql.startsWith("--")) {
  console.error(`prisma/schema.prisma does not differ from ${values.from}: no migration written`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.resolve("prisma/migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(
  `wrote ${path.relative(process.cwd(), dir)}/migration.sql — review it before committing`,
);
