import type { FieldRef, ObjectFieldBuilder } from "@pothos/core";
import type { Types } from "../../builder.js";
import { AccountRef } from "../accounts/account.js";
import { ACCOUNT_BY_ID, fetchedBy } from "../../cost/fetch-rule.js";

/** What every line item attachment carries (spec §2.1), and the account it was read from. */
interface Attachment {
  readonly id: string;
  readonly account_id: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly deleted: boolean;
}

/** The fields every §4.6 attachment type shares (spec §2.1: every advertising resource has them). */
export function attachmentFields<T extends Attachment>(
  t: ObjectFieldBuilder<Types, T>,
): Record<"rawId" | "account" | "createdAt" | "updatedAt" | "deleted", FieldRef<Types>> {
  return {
    rawId: t.string({
      description: "Its own id in the ads service (as shown in its web tools).",
      resolve: (item) => item.id,
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: "The ad account it belongs to.",
      ...fetchedBy(ACCOUNT_BY_ID),
      resolve: (item, _args, { loaders }) => loaders.account.load(item.account_id),
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When it was created (ISO 8601, UTC).",
      resolve: (item) => item.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      description: "When it last changed (ISO 8601, UTC).",
      resolve: (item) => item.updated_at,
    }),
    deleted: t.boolean({
      description: "True once it is deleted (it then no longer applies to its line item).",
      resolve: (item) => item.deleted,
    }),
  };
}
