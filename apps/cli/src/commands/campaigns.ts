import { requireFacadeSession } from "../context.js";
import type { CliContext } from "../context.js";
import { collectNodes } from "../facade/collect-nodes.js";
import type { ConnectionPage } from "../facade/collect-nodes.js";
import { formatMicros } from "../format/money.js";
import { printList } from "./list-output.js";
import type { ListOptions } from "./list-output.js";

interface CampaignRow {
  readonly rawId: string;
  readonly name: string;
  readonly entityStatus: string | null;
  readonly effectiveStatus: string | null;
  readonly fundingInstrumentId: string;
  readonly dailyBudget: { readonly micros: string; readonly currency: string } | null;
  readonly startTime: string | null;
  readonly endTime: string | null;
}

const CAMPAIGNS = `query Campaigns($account: String!, $first: Int!, $after: String) {
  account(rawId: $account) {
    campaigns(first: $first, after: $after) {
      edges {
        node {
          rawId name entityStatus effectiveStatus fundingInstrumentId
          dailyBudget { micros currency }
          startTime endTime
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

/** `adsgraph campaigns <account>`: the account's campaigns. */
export async function campaigns(
  context: CliContext,
  account: string,
  options: ListOptions,
): Promise<void> {
  const session = await requireFacadeSession(context, options.url);
  const found = await collectNodes(
    session,
    { document: CAMPAIGNS, variables: { account } },
    (data) =>
      (data as { account: { campaigns: ConnectionPage<CampaignRow> | null } | null } | null)
        ?.account?.campaigns,
    options.limit,
  );
  printList(
    context,
    found,
    options.format,
    [
      ["ID", (c) => c.rawId],
      ["NAME", (c) => c.name],
      ["STATUS", (c) => c.entityStatus ?? ""],
      ["EFFECTIVE", (c) => c.effectiveStatus ?? ""],
      ["FUNDING INSTRUMENT", (c) => c.fundingInstrumentId],
      [
        "DAILY BUDGET",
        (c) =>
          c.dailyBudget === null ? "" : formatMicros(c.dailyBudget.micros, c.dailyBudget.currency),
      ],
      ["START", (c) => c.startTime ?? ""],
      ["END", (c) => c.endTime ?? ""],
    ],
    "campaigns",
  );
}
