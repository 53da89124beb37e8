import type { Account } from "../generated/prisma/client.js";
import { ERROR_CODES, ForbiddenError } from "../errors.js";

/**
 * spec §1, §3, §4.3, §4.5: "a sandbox host allows creating and deleting accounts and funding
 * instruments at no cost". The sandbox host is the sandbox environment: it acts on sandbox
 * accounts only (reads included), so no call there can change, or cost, a production account.
 * A production account (`Account.sandbox = false`, `cli create-account --production`) is
 * refused with 403 SANDBOX_ONLY before anything is read or written. The production host
 * serves both kinds, except the sandbox-only endpoints.
 */
export function requireSandboxAccount(account: Account, productionUrl: string): void {
  if (account.sandbox) return;
  throw new ForbiddenError(
    ERROR_CODES.SANDBOX_ONLY,
    `account ${account.id} is a production account: the sandbox host acts on sandbox accounts only (use ${productionUrl} for this account; production accounts are not created, deleted or funded through the API)`,
    "account_id",
  );
}
