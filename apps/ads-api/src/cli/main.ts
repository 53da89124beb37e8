import { parseArgs } from "node:util";
import { withCliContext } from "./cli-context.js";
import { COMMANDS, UsageError } from "./commands.js";

const OPTIONS = {
  "screen-name": { type: "string" },
  password: { type: "string" },
  id: { type: "string" },
  name: { type: "string" },
  owner: { type: "string" },
  callback: { type: "string", multiple: true },
  "no-sign-in-with": { type: "boolean" },
  "read-only": { type: "boolean" },
  timezone: { type: "string" },
  grant: { type: "string" },
  role: { type: "string", multiple: true },
  production: { type: "boolean" },
  account: { type: "string" },
  user: { type: "string" },
  "consumer-key": { type: "string" },
  limit: { type: "string" },
  type: { type: "string" },
  width: { type: "string" },
  height: { type: "string" },
  "creative-type": { type: "string" },
  campaigns: { type: "string" },
  "funding-instruments": { type: "string" },
  cards: { type: "string" },
  seed: { type: "string" },
  "line-items-per-campaign": { type: "string" },
  "attachments-per-line-item": { type: "string" },
  posts: { type: "string" },
  text: { type: "string" },
  "media-key": { type: "string", multiple: true },
  "additional-owner": { type: "string", multiple: true },
  card: { type: "string" },
  organic: { type: "boolean" },
  at: { type: "string" },
  key: { type: "string" },
  off: { type: "boolean" },
  // the activity commands' (activity-commands.ts)
  bio: { type: "string" },
  verified: { type: "string" },
  affiliate: { type: "string" },
  picture: { type: "string" },
  banner: { type: "string" },
  geo: { type: "string" },
  url: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  space: { type: "string" },
  host: { type: "string" },
  title: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name} ${command.usage}`);
  return ["usage: pnpm --filter @adsgraph/ads-api cli -- <command> [options]", ...lines].join("\n");
}

async function main(argv: readonly string[]): Promise<number> {
  const args = argv[0] === "--" ? argv.slice(1) : argv;
  const { positionals, values } = parseArgs({
    args: [...args],
    options: OPTIONS,
    allowPositionals: true,
  });
  const name = positionals[0];
  const command = name === undefined ? undefined : COMMANDS[name];
  if (values.help === true || command === undefined) {
    console.log(usage());
    return name === undefined || values.help === true ? 0 : 2;
  }
  const lines = await withCliContext((ctx) => command.run(ctx, values));
  for (const line of lines) console.log(line);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const prefix = error instanceof UsageError ? "usage error" : "error";
    console.error(
      `ads-api cli ${prefix}: ${error instanceof Error ? error.message : String(error)}`,
    );
    if (error instanceof UsageError) console.error(usage());
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
