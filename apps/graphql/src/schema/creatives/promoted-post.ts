import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { IncompatibleLineItemError } from "../../errors/facade-errors.js";
import { afterAttachmentWrite } from "../../fields/attachment-writes.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
  ownedBy,
} from "../../fields/mutations.js";
import { LineItemRef } from "../campaigns/line-item.js";
import { entityKey } from "../../loaders/keys.js";
import type { PromotedPostShape } from "../../loaders/shapes.js";
import { attachmentFields } from "../campaigns/attachment-fields.js";
import { observedFields } from "../../fields/observed-fields.js";
import { ApprovalStatus, ObservedEntityStatus } from "../common/observed-enums.js";
import { byIdRule, callRule, fetchedBy } from "../../cost/fetch-rule.js";

export const PromotedPostRef = builder.objectRef<PromotedPostShape>("PromotedPost");

builder.node(PromotedPostRef, {
  description:
    "A post promoted on a line item: the line item shows it as an ad. Made by promotePosts " +
    "and removed by unpromotePost; it cannot be changed.",
  id: {
    description: "The promoted post's global id: what `node(id:)` and unpromotePost take.",
    resolve: (p) => entityKey(p.account_id, p.id),
  },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("promoted_posts.get").loadMany(keys)),
  fields: (t) => ({
    ...attachmentFields(t),
    lineItemId: t.string({
      nullable: true,
      description: "The rawId of the line item that promotes the post; null when not known.",
      resolve: (p) => p.line_item_id ?? null,
    }),
    postId: t.string({
      description: "The id of the post promoted, as digits (a number too long for Int).",
      resolve: (p) => p.post_id,
    }),
    ...observedFields(t, "entityStatus", {
      enum: ObservedEntityStatus,
      description:
        "Whether the promoted post is switched on; null when the ads service does not say.",
      resolve: (p) => p.entity_status,
    }),
    ...observedFields(t, "approvalStatus", {
      enum: ApprovalStatus,
      description:
        "Whether the ads service's review accepted the promoted post; null when it does not say.",
      resolve: (p) => p.approval_status,
    }),
  }),
});

const promote = mutationArgs("promoted_posts.create", {
  describe: {
    account_id: "The account of the line item (its `id`).",
    line_item_id:
      "The line item to promote the posts on (its `id`): its product type must be PROMOTED_POSTS.",
    post_ids:
      "The posts to promote (each its `id`): published posts of the account's promotable " +
      "users, at most 50.",
  },
});
const unpromote = mutationArgs("promoted_posts.delete", {
  globalIds: { promoted_post_id: PromotedPostRef },
  describe: { promoted_post_id: "The promoted post to remove (its `id`)." },
});

/** What promotePosts answers: every promoted post of the request and their line item. */
interface PromotedPosts {
  readonly promotedPosts: readonly PromotedPostShape[];
  readonly accountId: string;
  readonly lineItemId: string;
}

/** The payload's line item, read by id (a by-id read of the write's account). */
const PAYLOAD_LINE_ITEM = byIdRule("line_items.get");

const PromotePostsPayload = builder.objectRef<PromotedPosts>("PromotePostsPayload").implement({
  description: "What promotePosts answers: the promoted posts and the line item they are on.",
  fields: (t) => ({
    promotedPosts: t.field({
      type: [PromotedPostRef],
      description:
        "One promoted post per post asked for, in the order of `postIds`: the existing one " +
        "for a post that was promoted on the line item already.",
      resolve: (answer) => answer.promotedPosts,
    }),
    lineItem: t.field({
      ...fetchedBy(PAYLOAD_LINE_ITEM),
      type: LineItemRef,
      nullable: true,
      description: "The line item the posts are promoted on: select its lists here to see them.",
      resolve: (answer, _args, { loaders }) =>
        loaders.byId(PAYLOAD_LINE_ITEM.read).load(entityKey(answer.accountId, answer.lineItemId)),
    }),
  }),
});

const PROMOTE_POSTS_CALL = callRule("promoted_posts.create", promote.params);
const UNPROMOTE_POST_CALL = callRule("promoted_posts.delete", unpromote.params);

builder.mutationFields((t) => ({
  promotePosts: t.field({
    ...fetchedBy(PROMOTE_POSTS_CALL),
    type: PromotePostsPayload,
    description:
      "Promotes published posts on a line item, all or none. A line item that cannot hold " +
      "promoted posts is an IncompatibleLineItemError; a post that is not a published post of " +
      "one of the account's promotable users a ValidationError on `postIds`, and nothing is " +
      "promoted. There is no update: unpromote and promote again.",
    authScopes: { authenticated: true },
    errors: mutationErrors("PromotePosts", [IncompatibleLineItemError]),
    args: inputArg(
      t.arg,
      "PromotePosts",
      promote.fields,
      "The posts to promote and the line item to promote them on.",
    ),
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = promote.params(input);
        const { data } = await upstream.call(PROMOTE_POSTS_CALL.endpoint, params);
        const promotedPosts = data.map((record) => ownedBy(record, params.account_id));
        for (const record of promotedPosts) {
          loaders.byId("promoted_posts.get").prime(entityKey(params.account_id, record.id), record);
        }
        afterAttachmentWrite(loaders, params.account_id, params.line_item_id);
        return {
          promotedPosts,
          accountId: params.account_id,
          lineItemId: params.line_item_id,
        };
      }, promote.fieldOf),
  }),
  unpromotePost: t.field({
    ...fetchedBy(UNPROMOTE_POST_CALL),
    type: deletePayload(
      "UnpromotePost",
      "promotedPost",
      PromotedPostRef,
      "The promoted post, now deleted: its line item no longer shows the post.",
    ),
    description:
      "Stops promoting a post on its line item; the post itself stays. The payload shows the " +
      "promoted post with deleted true.",
    authScopes: { authenticated: true },
    errors: mutationErrors("UnpromotePost"),
    args: inputArg(t.arg, "UnpromotePost", unpromote.fields, "The promoted post to remove."),
    resolve: (_root, { input }, { upstream, loaders }) =>
      attempt(async () => {
        const params = unpromote.params(input);
        const { data } = await upstream.call(UNPROMOTE_POST_CALL.endpoint, params);
        afterAttachmentWrite(loaders, params.account_id, data.line_item_id);
        return deleted(
          PromotedPostRef,
          entityKey(params.account_id, data.id),
          ownedBy(data, params.account_id),
        );
      }, unpromote.fieldOf),
  }),
}));
