import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
import type { PollCardShape } from "../../loaders/shapes.js";
import { AccountRef, inAccount } from "../accounts/account.js";
import { accountListField } from "../../fields/account-list-field.js";
import { CARD_LIST_DESCRIPTIONS, CardInterface, isCardOf } from "./card.js";
import { SMALL_LIST, connectionType } from "../../fields/connections.js";
import { propertyOf } from "../../fields/properties.js";
import { MediaLibraryObjectRef } from "./media.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import { attempt, createPayload, mutationErrors } from "../../fields/mutations.js";
import { requiredObservedFields } from "../../fields/observed-fields.js";
import { ObservedCardType } from "../common/observed-enums.js";

export const PollCardRef = builder.objectRef<PollCardShape>("PollCard");

const observed = (card: PollCardShape, name: string): unknown => propertyOf(card, name);

builder.node(PollCardRef, {
  description:
    "A poll card (spec §2.8). It closes duration_in_minutes after creation (spec §3); media " +
    "polls carry video fields (numbers as strings, as the service sends them).",
  interfaces: [CardInterface],
  id: { resolve: (c) => entityKey(c.account_id, c.id) },
  isTypeOf: isCardOf("poll"),
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("cards.poll.get").loadMany(keys)),
  fields: (t) => ({
    name: t.string({ resolve: (c) => c.name }),
    cardUri: t.string({ resolve: (c) => c.card_uri }),
    ...requiredObservedFields(t, "cardType", {
      enum: ObservedCardType,
      description:
        "TEXT_POLLS for a poll without media, VIDEO_POLLS for one with a video or image.",
      resolve: (c) => c.card_type,
    }),
    firstChoice: t.string({ resolve: (c) => c.first_choice }),
    secondChoice: t.string({ resolve: (c) => c.second_choice }),
    thirdChoice: t.string({ nullable: true, resolve: (c) => c.third_choice ?? null }),
    fourthChoice: t.string({ nullable: true, resolve: (c) => c.fourth_choice ?? null }),
    startTime: t.field({ type: "DateTime", resolve: (c) => c.start_time }),
    endTime: t.field({
      type: "DateTime",
      description: "When votes stop.",
      resolve: (c) => c.end_time,
    }),
    durationInMinutes: t.int({ resolve: (c) => c.duration_in_minutes }),
    closed: t.boolean({
      nullable: true,
      description: "Whether voting has ended (observed; not in the spec's field list).",
      resolve: (c) => {
        const closed = observed(c, "closed");
        return typeof closed === "boolean" ? closed : null;
      },
    }),
    videoUrl: t.string({ nullable: true, resolve: (c) => c.video_url ?? null }),
    videoHlsUrl: t.string({ nullable: true, resolve: (c) => c.video_hls_url ?? null }),
    videoWidth: t.string({ nullable: true, resolve: (c) => c.video_width ?? null }),
    videoHeight: t.string({ nullable: true, resolve: (c) => c.video_height ?? null }),
    videoPosterUrl: t.string({ nullable: true, resolve: (c) => c.video_poster_url ?? null }),
    videoPosterWidth: t.string({ nullable: true, resolve: (c) => c.video_poster_width ?? null }),
    videoPosterHeight: t.string({ nullable: true, resolve: (c) => c.video_poster_height ?? null }),
    contentDurationSeconds: t.string({
      nullable: true,
      resolve: (c) => c.content_duration_seconds ?? null,
    }),
    media: t.field({
      type: [MediaLibraryObjectRef],
      description: "Always empty: a poll's media_key is write-only (spec §4.7).",
      complexity: SMALL_LIST,
      resolve: () => [],
    }),
    createdAt: t.field({ type: "DateTime", resolve: (c) => c.created_at }),
    updatedAt: t.field({ type: "DateTime", resolve: (c) => c.updated_at }),
    deleted: t.boolean({ resolve: (c) => c.deleted }),
  }),
});

const PollCardConnection = connectionType("PollCard", PollCardRef, "Poll cards.");

builder.objectFields(AccountRef, (t) => ({
  pollCards: accountListField(t, "cards.poll.list", {
    type: PollCardConnection,
    description: "The account's poll cards (spec §4.7), a page at a time.",
    sort: "Card",
    describe: CARD_LIST_DESCRIPTIONS,
  }),
  pollCard: t.field({
    type: PollCardRef,
    nullable: true,
    description: "One poll card of this account; null with an error if missing.",
    args: {
      id: t.arg.globalID({
        for: PollCardRef,
        required: true,
        description:
          `The \`id\` of the poll card to read (as \`PollCard.id\` answers it, not its \`rawId\`); ` +
          "an id of another account's poll card is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders.byId("cards.poll.get").load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

const create = mutationArgs("cards.poll.create", {
  describe: {
    name: "At most 80 characters.",
    duration_in_minutes: "5 to 10080.",
    first_choice: "At most 25 characters.",
    third_choice: "Needs the first two.",
    fourth_choice: "Needs the first three.",
    media_key: "An image from the media library (media polls need PROMOTED_MEDIA_POLLS).",
  },
});

const CreatePollCardInput = builder.inputType("CreatePollCardInput", { fields: create.fields });

const PollCardPayload = createPayload(
  "CreatePollCard",
  "pollCard",
  PollCardRef,
  "The new poll card.",
  inAccount,
);

builder.mutationField("createPollCard", (t) =>
  t.field({
    type: PollCardPayload,
    description: "Creates a poll card (spec §4.7). Poll cards cannot be updated.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreatePollCard"),
    args: { input: t.arg({ type: CreatePollCardInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("cards.poll.create", params);
        return { pollCard: { ...data, account_id: params.account_id, card_kind: "poll" as const } };
      }, create.fieldOf),
  }),
);
