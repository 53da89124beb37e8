import { builder } from "../builder.js";
import { MediaRuleError } from "../errors/facade-errors.js";
import { ID_INPUT } from "../input/input-rules.js";
import { accountPostOf } from "../loaders/post-reads.js";
import { attempt, inputPath, mutationErrors, optional, ownedId, payload } from "./mutations.js";
import { ScheduledPostRef } from "./scheduled-post.js";

const UpdateScheduledPostInput = builder.inputType("UpdateScheduledPostInput", {
  description:
    "Changes the given fields of a scheduled post (spec §4.7 PUT scheduled_posts); others stay.",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [ScheduledPostRef] }),
    text: t.string(),
    name: t.string({ description: "At most 80 characters." }),
    nullcast: t.boolean({ description: "Promoted-only." }),
    scheduledAt: t.field({ type: "DateTime", description: "When to publish it." }),
    cardUri: t.string({ description: "`card://<card_id>`; an empty string removes the card." }),
    mediaKeys: t.stringList({
      ...ID_INPUT,
      description:
        "Media library keys (up to 4 images, or 1 animated GIF, or 1 video); empty removes them.",
    }),
  }),
});

const fields = inputPath({ scheduled_post_id: "id" });
const ScheduledPostPayload = (name: string, description: string) =>
  payload(name, "scheduledPost", ScheduledPostRef, description);

builder.mutationFields((t) => ({
  updateScheduledPost: t.field({
    type: ScheduledPostPayload("UpdateScheduledPost", "The scheduled post as it is now."),
    description: "Changes a scheduled post's text, name, time, card or media (spec §4.7).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateScheduledPost", [MediaRuleError]),
    args: { input: t.arg({ type: UpdateScheduledPostInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(input.id);
        const { data } = await upstream.call("scheduled_posts.update", {
          account_id: accountId,
          scheduled_post_id: id,
          text: optional(input.text),
          name: optional(input.name),
          nullcast: optional(input.nullcast),
          scheduled_at: optional(input.scheduledAt),
          card_uri: optional(input.cardUri),
          media_keys: optional(input.mediaKeys),
        });
        return { scheduledPost: accountPostOf(data, accountId, "SCHEDULED") };
      }, fields),
  }),
  deleteScheduledPost: t.field({
    type: ScheduledPostPayload("DeleteScheduledPost", "The scheduled post, now deleted."),
    description: "Deletes a scheduled post (spec §4.7): it will not be published.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteScheduledPost"),
    args: { id: t.arg.globalID({ required: true, for: [ScheduledPostRef] }) },
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("scheduled_posts.delete", {
          account_id: accountId,
          scheduled_post_id: id,
        });
        return { scheduledPost: accountPostOf(data, accountId, "SCHEDULED") };
      }, fields),
  }),
}));
