import { requireFacadeSession } from "../context.js";
import type { CliContext } from "../context.js";
import { CLI_ERROR_CODES, CliError } from "../errors.js";
import { collectNodes } from "../facade/collect-nodes.js";
import type { ConnectionPage } from "../facade/collect-nodes.js";
import { globalIdInAccount } from "../facade/global-id.js";
import { renderTable } from "../format/table.js";
import { GRANULARITIES, STATS, STATS_PAGE } from "../stats/stats-document.js";
import type { CampaignStats } from "../stats/stats-document.js";
import { lastWholeDays } from "../stats/stats-range.js";
import { statsTable } from "../stats/stats-table.js";
import type { OutputFormat } from "./query.js";

export interface StatsOptions {
  readonly url?: string | undefined;
  /** Raw campaign ids; none means every campaign of the account (up to `limit`). */
  readonly campaign: readonly string[];
  readonly days: number;
  readonly granularity: keyof typeof GRANULARITIES;
  readonly format: OutputFormat;
  readonly json?: boolean | undefined;
  readonly limit: number;
  /** The clock (tests); default now. */
  readonly now?: number;
}

/**
 * `adsgraph stats <account>`: impressions, engagements and spend of the account's campaigns
 * (or the named ones) over the last `days` whole days, per day, per hour or in total.
 */
export async function stats(
  context: CliContext,
  account: string,
  options: StatsOptions,
): Promise<void> {
  const session = await requireFacadeSession(context, options.url);
  const named = [...new Set(options.campaign)];
  const range = lastWholeDays(options.days, options.now ?? Date.now());
  const granularity = GRANULARITIES[options.granularity];
  const found = await collectNodes(
    session,
    {
      document: STATS,
      variables: {
        account,
        ids:
          named.length === 0 ? null : named.map((id) => globalIdInAccount("Campaign", account, id)),
        named: named.length > 0,
        range,
        granularity,
      },
    },
    (data) =>
      (data as { account: { campaigns: ConnectionPage<CampaignStats> | null } | null } | null)
        ?.account?.campaigns,
    named.length > 0 ? named.length : options.limit,
    STATS_PAGE,
  );
  const missing = named.filter((id) => !found.nodes.some((c) => c.rawId === id));
  if (missing.length > 0) {
    throw new CliError(
      CLI_ERROR_CODES.API,
      `--campaign: account ${account} has no campaign ${missing.join(", ")} with stats (none by that id, or a draft)`,
    );
  }
  if (options.json === true || options.format === "json") {
    context.stdout.write(`${JSON.stringify(found.nodes, null, 2)}\n`);
  } else {
    const table = statsTable(found.nodes, granularity === "TOTAL");
    context.stdout.write(renderTable(table.columns, table.rows, { alignRight: table.alignRight }));
  }
  const per = { DAY: "per day", HOUR: "per hour", TOTAL: "in total" }[granularity];
  context.stderr.write(`(from ${range.start} to ${range.end}, end excluded, ${per})\n`);
  if (found.more) context.stderr.write(`(more campaigns than --limit ${found.nodes.length})\n`);
}
