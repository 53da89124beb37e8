import type { Loaders } from "../loaders/loaders.js";
import { entityKey } from "../loaders/keys.js";

/**
 * What a §4.6 write leaves behind in this request: the attachment edges of the line items it
 * touched read again (a later mutation of the same operation, or the payload's
 * `lineItem { ... }`, sees the change). Snapshots, account freshness and the response cache
 * are invalidated for every write by the snapshot middleware.
 */
export function afterAttachmentWrite(
  loaders: Loaders,
  accountId: string,
  ...lineItemIds: (string | null | undefined)[]
): void {
  for (const id of lineItemIds) {
    if (id != null) loaders.forgetAttachmentsOf(entityKey(accountId, id));
  }
}
