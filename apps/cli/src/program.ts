import { adsId, AUDIENCE_IDENTIFIER_KINDS, LIMITS } from "@adsgraph/models";
import { Command, InvalidArgumentError, Option } from "@commander-js/extra-typings";
import { accounts } from "./commands/accounts.js";
import { audienceUpload } from "./commands/audience-upload.js";
import { campaigns } from "./commands/campaigns.js";
import { login } from "./commands/login.js";
import { logout } from "./commands/logout.js";
import { query } from "./commands/query.js";
import { stats } from "./commands/stats.js";
import { whoami } from "./commands/whoami.js";
import type { CliContext } from "./context.js";
import { DEFAULT_FACADE_URL } from "./context.js";

const MOST_PER_BATCH = LIMITS.usersBatch.operations;

/** The exit codes and environment, at the end of `adsgraph --help`. */
const PROGRAM_HELP = `
Exit codes:
  0    success
  1    the facade or the ads API answered with an error (GraphQL errors, a refused request)
  2    usage: a wrong argument or option, an unreadable file
  3    not signed in: no stored credentials, or the server refused them
  4    a server could not be reached or did not answer
  130  interrupted (Ctrl-C); an upload keeps its progress and resumes when run again

Environment:
  ADSGRAPH_URL               the facade (default: the one signed in to, else ${DEFAULT_FACADE_URL})
  ADSGRAPH_CONFIG_DIR        credentials and upload progress (default $XDG_CONFIG_HOME/adsgraph
                             or ~/.config/adsgraph)
  ADSGRAPH_CONSUMER_KEY      the app of \`login --api\`: its API key
  ADSGRAPH_CONSUMER_SECRET   and its API secret
  ADSGRAPH_ACCESS_TOKEN      a user's access token of that app, for uploads without \`login --api\`
  ADSGRAPH_ACCESS_TOKEN_SECRET  and its secret
  ADS_API_BASE_URL           the ads API of \`login --api\` (default http://127.0.0.1:4010)
  ADS_API_ADS_URL            its advertising host (default http://127.0.0.1:4011)
  ADSGRAPH_DEBUG=1           as --debug

Errors are one line on stderr; --debug adds the stack. Tokens and secrets are never printed.`;

function positiveInteger(max: number) {
  return (text: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1 || value > max) {
      throw new InvalidArgumentError(`must be a whole number from 1 to ${max}`);
    }
    return value;
  };
}

/** An advertising id (letters, digits, `_`, `-`), refused here rather than by the facade. */
function advertisingId(text: string): string {
  const parsed = adsId.safeParse(text);
  if (!parsed.success) throw new InvalidArgumentError(parsed.error.issues[0]?.message ?? "bad id");
  return parsed.data;
}

/** The facade's `ids` filter takes at most this many campaigns. */
const MOST_CAMPAIGNS = 200;

/** `--campaign a --campaign b`: every value, in order. */
function campaignIds(text: string, previous: readonly string[]): string[] {
  if (previous.length >= MOST_CAMPAIGNS) {
    throw new InvalidArgumentError(`at most ${MOST_CAMPAIGNS} campaigns`);
  }
  return [...previous, advertisingId(text)];
}

const formatOption = (fallback: "json" | "table") =>
  new Option("--format <format>", "output format")
    .choices(["json", "table"] as const)
    .default(fallback);

const limitOption = () =>
  new Option("--limit <n>", "at most this many, read a page of up to 200 at a time")
    .argParser(positiveInteger(1_000_000))
    .default(1000);

/** The options both uploads take (custom audiences and the do-not-reach list). */
const uploadOptions = {
  operation: () =>
    new Option("--operation <operation>", "add or remove the users")
      .choices(["Update", "Delete"] as const)
      .default("Update" as const),
  progress: () =>
    new Option(
      "--progress <file>",
      "where progress is kept (default: a file under the config directory's uploads/)",
    ),
  restart: () => new Option("--restart", "forget saved progress and start from the first record"),
  batchSize: () =>
    new Option(
      "--batch-size <n>",
      `users per request (default and most ${MOST_PER_BATCH})`,
    ).argParser(positiveInteger(MOST_PER_BATCH)),
};

const UPLOAD_HELP =
  "\nProgress (records, rate, ETA) goes to stderr. Ctrl-C stops after the batch in flight and keeps\nthe progress; running the same command again resumes there without sending a batch twice.";

/** The command tree; each action is a function of `commands/` given the context. */
export function buildProgram(context: CliContext, version: string) {
  const program = new Command()
    .name("adsgraph")
    .description(
      "The command line of adsgraph: sign in, query the GraphQL facade, list accounts and campaigns, upload audiences.",
    )
    .version(version)
    .option(
      "--url <url>",
      `the GraphQL facade (default: $ADSGRAPH_URL, else the one signed in to, else ${DEFAULT_FACADE_URL})`,
    )
    .option("--debug", "print the stack of an error too")
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout.write(text),
      writeErr: (text) => context.stderr.write(text),
      // Commander's own errors (unknown option, missing argument) as one line, like ours.
      outputError: (text, write) => {
        const message = text
          .replace(/^error: /, "")
          .trim()
          .replace(/\s*\n\s*/g, " ");
        write(`adsgraph: ${message} (see --help)\n`);
      },
    })
    .addHelpText("after", PROGRAM_HELP);
  const url = () => program.opts().url;

  program
    .command("login")
    .description(
      "sign in to the facade: prints its authorize URL (opens a browser when it can), then reads the PIN the page shows",
    )
    .option(
      "--api",
      "sign in to the ads API itself (its OAuth PIN flow) instead: what `audience upload` needs",
    )
    .option("--no-browser", "do not open a browser, only print the URL")
    .option(
      "--consumer-key <key>",
      "with --api: the app's API key (default $ADSGRAPH_CONSUMER_KEY)",
    )
    .option(
      "--consumer-secret <secret>",
      "with --api: the app's API secret (default $ADSGRAPH_CONSUMER_SECRET; prefer the variable, as other users can see arguments)",
    )
    .option(
      "--base-url <url>",
      "with --api: the ads API's base URL (default $ADS_API_BASE_URL or http://127.0.0.1:4010)",
    )
    .option(
      "--ads-url <url>",
      "with --api: its advertising URL (default $ADS_API_ADS_URL or http://127.0.0.1:4011)",
    )
    .action(async (options) => {
      await login(context, { ...options, url: url() });
    });

  program
    .command("whoami")
    .description("who the stored session is, as the facade answers (and the `login --api` user)")
    .action(async () => {
      await whoami(context, { url: url() });
    });

  program
    .command("logout")
    .description(
      "sign out of the facade (it invalidates the session's ads API token too) and forget the session",
    )
    .option("--api", "sign out of the ads API instead (invalidates the `login --api` token)")
    .option("--all", "both")
    .action(async (options) => {
      await logout(context, { ...options, url: url() });
    });

  program
    .command("query")
    .description("run a GraphQL operation against the facade as the signed-in user")
    .argument("<document>", "the operation; @file.graphql reads a file, - reads standard input")
    .option("--variables <json>", "variables as a JSON object, or @file.json")
    .option("--operation-name <name>", "which operation of the document to run")
    .addOption(formatOption("json"))
    .option(
      "--cost",
      "after the answer, print its upstream cost on stderr: per rate-limit window the planned and sent requests and the budget left",
    )
    .option(
      "--explain",
      "print the operation's plan (upstream requests per rate-limit window) without running it: nothing is sent upstream",
    )
    .addHelpText(
      "after",
      "\n--format table prints the nodes of the answer's first connection (edges { node { … } }) as columns.\nPlanned counts: 3 exact, 1–7 between bounds, 2+ with no upper bound (docs/cost.md).",
    )
    .action(async (document, options) => {
      await query(context, document, { ...options, url: url() });
    });

  program
    .command("accounts")
    .description("the accounts the signed-in user can reach")
    .addOption(formatOption("table"))
    .addOption(limitOption())
    .action(async (options) => {
      await accounts(context, { ...options, url: url() });
    });

  program
    .command("campaigns")
    .description("an account's campaigns")
    .argument("<account>", "the account id, e.g. dmo1ab")
    .addOption(formatOption("table"))
    .addOption(limitOption())
    .action(async (account, options) => {
      await campaigns(context, account, { ...options, url: url() });
    });

  program
    .command("stats")
    .description(
      "impressions, engagements and spend of an account's campaigns over the last days, per day, per hour or in total",
    )
    .argument("<account>", "the account id, e.g. dmo1ab", advertisingId)
    .addOption(
      new Option("--campaign <id>", "only this campaign (repeat for several; default all)")
        .argParser(campaignIds)
        .default([] as string[]),
    )
    .addOption(
      new Option("--days <n>", "the last n whole days (1 to 90), ending at the current hour")
        .argParser(positiveInteger(LIMITS.analytics.jobDays))
        .default(7),
    )
    .addOption(
      new Option("--granularity <granularity>", "a row per campaign and day, hour, or in total")
        .choices(["day", "hour", "total"] as const)
        .default("day" as const),
    )
    .addOption(formatOption("table"))
    .option("--json", "print the campaigns and their numbers as JSON (as --format json)")
    .addOption(limitOption())
    .addHelpText(
      "after",
      "\nHours are whole hours in UTC: the range ends where the current hour starts (its numbers no\nlonger change), and each day is 24 hours from the range's start. Spend is in the campaign's\ncurrency. Deleted campaigns are included only when named with --campaign; drafts have no stats.",
    )
    .action(async (account, options) => {
      await stats(context, account, { ...options, url: url() });
    });

  const audience = program.command("audience").description("custom audiences");
  audience
    .command("upload")
    .description(
      "upload a file of identifiers to a custom audience through the ads API (`login --api` first); resumable",
    )
    .argument("<account>", "the account id")
    .argument("<audience>", "the custom audience id")
    .argument("<file>", "one identifier per line, or one JSON object of kind → value(s) per line")
    .addOption(
      new Option("--kind <kind>", "the kind of plain lines")
        .choices(AUDIENCE_IDENTIFIER_KINDS)
        .default("email" as const),
    )
    .addOption(uploadOptions.operation())
    .addOption(uploadOptions.progress())
    .addOption(uploadOptions.restart())
    .addOption(uploadOptions.batchSize())
    .option("--expires-at <time>", "when the users leave the audience (ISO 8601)")
    .option("--effective-at <time>", "when they join it (ISO 8601)")
    .option("--country-code <digits>", "country calling code for phone numbers written without one")
    .addHelpText("after", UPLOAD_HELP)
    .action(async (account, audienceId, file, options) => {
      const target = { custom_audience_id: audienceId };
      await audienceUpload(context, { account, target, file }, options);
    });

  program
    .command("do-not-reach-list")
    .description("the account's do-not-reach list")
    .command("upload")
    .description(
      "upload a file of e-mail addresses to the account's do-not-reach list through the ads API (`login --api` first); resumable",
    )
    .argument("<account>", "the account id")
    .argument("<list>", "the do-not-reach list id")
    .argument("<file>", 'one e-mail address per line, or one JSON object {"email": …} per line')
    .addOption(uploadOptions.operation())
    .addOption(uploadOptions.progress())
    .addOption(uploadOptions.restart())
    .addOption(uploadOptions.batchSize())
    .option(
      "--expires-at <time>",
      "when the users leave the list (ISO 8601, under 13 months ahead; required to add them)",
    )
    .addHelpText("after", UPLOAD_HELP)
    .action(async (account, list, file, options) => {
      const target = { do_not_reach_list_id: list };
      await audienceUpload(context, { account, target, file }, { ...options, kind: "email" });
    });

  return program;
}
