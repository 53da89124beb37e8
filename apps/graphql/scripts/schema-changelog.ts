// Prints the schema's changes between a git ref and the working tree (or a second ref) as
// markdown, grouped breaking / dangerous / safe, for CHANGELOG.md:
//   pnpm --filter @adsgraph/graphql schema:changelog [<from ref>] [<to ref>]
// Default from: 99077ee, the schema before issue 32.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { CriticalityLevel, diff } from "@graphql-inspector/core";
import { buildSchema } from "graphql";

const APP_DIR = path.resolve(import.meta.dirname, "..");
const SCHEMA_FILE = "schema.graphql";
const BEFORE_ISSUE_32 = "99077ee";

/** schema.graphql at a git ref, or as the working tree holds it (no ref). */
function schemaAt(ref: string | undefined): string {
  if (ref === undefined) return readFileSync(path.join(APP_DIR, SCHEMA_FILE), "utf8");
  return execFileSync("git", ["-C", APP_DIR, "show", `${ref}:./${SCHEMA_FILE}`], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
}

const GROUPS: readonly { readonly level: CriticalityLevel; readonly title: string }[] = [
  { level: CriticalityLevel.Breaking, title: "Breaking" },
  { level: CriticalityLevel.Dangerous, title: "Dangerous" },
  { level: CriticalityLevel.NonBreaking, title: "Safe" },
];

/** What the changelog reads of an inspector change (its `type` is a ChangeType name). */
interface SchemaChange {
  readonly type: string;
  readonly message: string;
  readonly path?: string | undefined;
  readonly criticality: { readonly level: CriticalityLevel };
}

/** Descriptions changed: one summary line, not a line each (issue 32 describes thousands). */
const isDescription = (change: SchemaChange) => change.type.includes("DESCRIPTION");

/** One group's lines: each change's message, ordered by its path; descriptions counted. */
function group(title: string, changes: readonly SchemaChange[]): string[] {
  const listed = changes
    .filter((change) => !isDescription(change))
    .sort(
      (a, b) => (a.path ?? "").localeCompare(b.path ?? "") || a.message.localeCompare(b.message),
    );
  const descriptions = changes.length - listed.length;
  return [
    `#### ${title} (${changes.length})`,
    "",
    ...(changes.length === 0 ? ["None."] : []),
    ...listed.map((change) => `- ${change.message.replaceAll("\\'", "'")}`),
    ...(descriptions > 0 ? [`- ${descriptions} descriptions added, changed or removed`] : []),
    "",
  ];
}

const [from = BEFORE_ISSUE_32, to] = process.argv.slice(2);
const changes: readonly SchemaChange[] = await diff(
  buildSchema(schemaAt(from)),
  buildSchema(schemaAt(to)),
);
const lines = [
  `### Schema changes (\`graphql-inspector diff\`, ${from} → ${to ?? "working tree"})`,
  "",
  ...GROUPS.flatMap(({ level, title }) =>
    group(
      title,
      changes.filter((change) => change.criticality.level === level),
    ),
  ),
];
process.stdout.write(lines.join("\n"));
