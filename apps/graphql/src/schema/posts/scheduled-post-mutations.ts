import { builder } from "../../builder.js";
import { MediaRuleError } from "../../errors/facade-errors.js";
import { accountPostOf } from "../../loaders/post-reads.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, payload } from "../../fields/mutations.js";
import { ScheduledPostRef } from "./scheduled-post.js";

const update = mutationArgs("scheduled_posts.update", {
  globalIds: { scheduled_post_id: ScheduledPostRef },
  describe: {
    name: "At most 80 characters.",
    nullcast: "Promoted-only.",
    scheduled_at: "When to publish it.",
    card_uri: "`card://<card_id>`; an empty string removes the card.",
    media_keys:
      "Media library keys (up to 4 images, or 1 animated GIF, or 1 video); empty removes them.",
  },
});
const remove = mutationArgs("scheduled_posts.delete", {
  globalIds: { scheduled_post_id: ScheduledPostRef },
});

const UpdateScheduledPostInput = builder.inputType("UpdateScheduledPostInput", {
  description:
    "Changes the given fields of a scheduled post (spec §4.7 PUT scheduled_posts); others stay.",
  fields: update.fields,
});

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
        const params = update.params(input);
        const { data } = await upstream.call("scheduled_posts.update", params);
        return { scheduledPost: accountPostOf(data, params.account_id, "SCHEDULED") };
      }, update.fieldOf),
  }),
  deleteScheduledPost: t.field({
    type: ScheduledPostPayload("DeleteScheduledPost", "The scheduled post, now deleted."),
    description: "Deletes a scheduled post (spec §4.7): it will not be published.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteScheduledPost"),
    args: remove.args(),
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const params = remove.params(args);
        const { data } = await upstream.call("scheduled_posts.delete", params);
        return { scheduledPost: accountPostOf(data, params.account_id, "SCHEDULED") };
      }, remove.fieldOf),
  }),
}));
