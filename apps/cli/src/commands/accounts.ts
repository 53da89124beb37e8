import { requireFacadeSession } from "../context.js";
import type { CliContext } from "../context.js";
import { collectNodes } from "../facade/collect-nodes.js";
import type { ConnectionPage } from "../facade/collect-nodes.js";
import { printList } from "./list-output.js";
import type { ListOptions } from "./list-output.js";

interface AccountRow {
  readonly rawId: string;
  readonly name: string;
  readonly timezone: string;
  readonly approvalStatus: string;
  readonly businessName: string | null;
}

const ACCOUNTS = `query Accounts($first: Int!, $after: String) {
  viewer {
    accounts(first: $first, after: $after) {
      edges { node { rawId name timezone approvalStatus businessName } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

/** `adsgraph accounts`: the accounts the signed-in user can reach. */
export async function accounts(context: CliContext, options: ListOptions): Promise<void> {
  const session = await requireFacadeSession(context, options.url);
  const found = await collectNodes(
    session,
    { document: ACCOUNTS },
    (data) =>
      (data as { viewer: { accounts: ConnectionPage<AccountRow> | null } | null } | null)?.viewer
        ?.accounts,
    options.limit,
  );
  printList(
    context,
    found,
    options.format,
    [
      ["ID", (a) => a.rawId],
      ["NAME", (a) => a.name],
      ["TIMEZONE", (a) => a.timezone],
      ["APPROVAL", (a) => a.approvalStatus],
      ["BUSINESS", (a) => a.businessName ?? ""],
    ],
    "accounts",
  );
}
