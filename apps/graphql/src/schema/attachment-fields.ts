import type { FieldRef, ObjectFieldBuilder } from "@pothos/core";
import type { Types } from "../builder.js";
import { AccountRef } from "./account.js";

/** What every line item attachment (spec §2.11) carries: its account and its own id. */
interface Attachment {
  readonly id: string;
  readonly account_id: string;
}

const text = (record: object, name: string): string | null => {
  const value = (record as Record<string, unknown>)[name];
  return typeof value === "string" ? value : null;
};

/**
 * The fields every §4.6 attachment type shares. The spec shows media creatives and
 * curated-category links "not beyond their parameters", so timestamps and `deleted` are read
 * when the answer carries them (spec §2.1 says every advertising resource does) and null
 * otherwise.
 */
export function attachmentFields<T extends Attachment>(
  t: ObjectFieldBuilder<Types, T>,
): Record<"rawId" | "account" | "createdAt" | "updatedAt" | "deleted", FieldRef<Types, unknown>> {
  return {
    rawId: t.string({
      description: "The id as the ads service names it.",
      resolve: (item) => item.id,
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (item, _args, { loaders }) => loaders.account.load(item.account_id),
    }),
    createdAt: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (item) => text(item, "created_at"),
    }),
    updatedAt: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (item) => text(item, "updated_at"),
    }),
    deleted: t.boolean({
      nullable: true,
      resolve: (item) => {
        const deleted = (item as Record<string, unknown>).deleted;
        return typeof deleted === "boolean" ? deleted : null;
      },
    }),
  };
}
