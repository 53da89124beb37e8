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
import {
  attempt,
  createPayload,
  deletePayload,
  deleted,
  inputArg,
  mutationErrors,
} from "../../fields/mutations.js";
import { requiredObservedFields } from "../../fields/observed-fields.js";
import { ObservedCardType } from "../common/observed-enums.js";
import { byIdRule, callRule, fetchedBy } from "../../cost/fetch-rule.js";

export const PollCardRef = builder.objectRef<PollCardShape>("PollCard");

const observed = (card: PollCardShape, name: string): unknown => propertyOf(card, name);

builder.node(PollCardRef, {
  description:
    "A poll card: two to four choices people vote on. Voting closes durationInMinutes after " +
    "the card is created (not after it is posted); polls with media also carry video fields.",
  interfaces: [CardInterface],
  id: {
    description: "The poll card's global id: what `node(id:)` takes.",
    resolve: (c) => entityKey(c.account_id, c.id),
  },
  isTypeOf: isCardOf("poll"),
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("cards.poll.get").loadMany(keys)),
  fields: (t) => ({
    name: t.string({
      description: "The card's name, for the advertiser only (at most 80 characters).",
      resolve: (c) => c.name,
    }),
    cardUri: t.string({
      description: "The card's URI, `card://<card id>`: what a post gives to show the poll.",
      resolve: (c) => c.card_uri,
    }),
    ...requiredObservedFields(t, "cardType", {
      enum: ObservedCardType,
      description:
        "TEXT_POLLS for a poll without media, VIDEO_POLLS for one with a video or image.",
      resolve: (c) => c.card_type,
    }),
    firstChoice: t.string({
      description: "The first choice's text (at most 25 characters).",
      resolve: (c) => c.first_choice,
    }),
    secondChoice: t.string({
      description: "The second choice's text (at most 25 characters).",
      resolve: (c) => c.second_choice,
    }),
    thirdChoice: t.string({
      nullable: true,
      description: "The third choice's text (at most 25 characters); null when the poll has two.",
      resolve: (c) => c.third_choice ?? null,
    }),
    fourthChoice: t.string({
      nullable: true,
      description:
        "The fourth choice's text (at most 25 characters); null when the poll has fewer.",
      resolve: (c) => c.fourth_choice ?? null,
    }),
    startTime: t.field({
      type: "DateTime",
      description: "When voting opens (ISO 8601, UTC).",
      resolve: (c) => c.start_time,
    }),
    endTime: t.field({
      type: "DateTime",
      description: "When voting closes (ISO 8601, UTC).",
      resolve: (c) => c.end_time,
    }),
    durationInMinutes: t.int({
      description: "How long voting stays open, in minutes (5 to 10080, i.e. up to 7 days).",
      resolve: (c) => c.duration_in_minutes,
    }),
    closed: t.boolean({
      nullable: true,
      description:
        "Whether voting has closed; null when the ads service does not say (compare endTime " +
        "with now).",
      resolve: (c) => {
        const closed = observed(c, "closed");
        return typeof closed === "boolean" ? closed : null;
      },
    }),
    videoUrl: t.string({
      nullable: true,
      description: "The web address of the poll's video file; null for a poll without media.",
      resolve: (c) => c.video_url ?? null,
    }),
    videoHlsUrl: t.string({
      nullable: true,
      description:
        "The web address of the video as an HLS stream (for streaming players); null for a " +
        "poll without media.",
      resolve: (c) => c.video_hls_url ?? null,
    }),
    videoWidth: t.string({
      nullable: true,
      description: "The video's width in pixels, as digits; null for a poll without media.",
      resolve: (c) => c.video_width ?? null,
    }),
    videoHeight: t.string({
      nullable: true,
      description: "The video's height in pixels, as digits; null for a poll without media.",
      resolve: (c) => c.video_height ?? null,
    }),
    videoPosterUrl: t.string({
      nullable: true,
      description:
        "The web address of the image shown before the video plays; null for a poll without media.",
      resolve: (c) => c.video_poster_url ?? null,
    }),
    videoPosterWidth: t.string({
      nullable: true,
      description: "The poster image's width in pixels, as digits; null for a poll without media.",
      resolve: (c) => c.video_poster_width ?? null,
    }),
    videoPosterHeight: t.string({
      nullable: true,
      description: "The poster image's height in pixels, as digits; null for a poll without media.",
      resolve: (c) => c.video_poster_height ?? null,
    }),
    contentDurationSeconds: t.string({
      nullable: true,
      description: "The video's length in seconds, as digits; null for a poll without media.",
      resolve: (c) => c.content_duration_seconds ?? null,
    }),
    media: t.field({
      type: [MediaLibraryObjectRef],
      description:
        "Always empty: the image a poll was created with cannot be read back (see the video " +
        "fields).",
      complexity: SMALL_LIST,
      resolve: () => [],
    }),
    createdAt: t.field({
      type: "DateTime",
      description: "When the card was created (ISO 8601, UTC).",
      resolve: (c) => c.created_at,
    }),
    updatedAt: t.field({
      type: "DateTime",
      description: "When the card last changed (ISO 8601, UTC).",
      resolve: (c) => c.updated_at,
    }),
    deleted: t.boolean({
      description: "True once the card is deleted.",
      resolve: (c) => c.deleted,
    }),
  }),
});

const PollCardConnection = connectionType("PollCard", PollCardRef, "Poll cards.");

const POLL_CARD_OF_ACCOUNT = byIdRule("cards.poll.get", { argument: "id" });

builder.objectFields(AccountRef, (t) => ({
  pollCards: accountListField(t, "cards.poll.list", {
    type: PollCardConnection,
    description: "The account's poll cards, a page at a time.",
    sort: "Card",
    describe: CARD_LIST_DESCRIPTIONS,
  }),
  pollCard: t.field({
    ...fetchedBy(POLL_CARD_OF_ACCOUNT),
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
      loaders
        .byId(POLL_CARD_OF_ACCOUNT.read)
        .load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

const create = mutationArgs("cards.poll.create", {
  describe: {
    account_id: "The `id` of the account to create the poll in.",
    name: "The card's name, for the advertiser only (at most 80 characters).",
    duration_in_minutes:
      "How long voting stays open, in minutes from creation: 5 to 10080 (7 days).",
    first_choice: "The first choice's text, at most 25 characters.",
    second_choice: "The second choice's text, at most 25 characters.",
    third_choice: "A third choice (at most 25 characters); needs the first two.",
    fourth_choice: "A fourth choice (at most 25 characters); needs the first three.",
    media_key:
      "The media key of an image in the media library (at least 800 px wide, aspect ratio " +
      "1.91:1) to show with the poll; needs the account's media polls beta feature.",
  },
});

const CreatePollCardInput = builder.inputType("CreatePollCardInput", {
  description: "A new poll card: a name, two to four choices and how long voting stays open.",
  fields: create.fields,
});

const PollCardPayload = createPayload(
  "CreatePollCard",
  "pollCard",
  PollCardRef,
  "The new poll card.",
  inAccount,
);

const CREATE_POLL_CARD_CALL = callRule("cards.poll.create", create.params);

builder.mutationField("createPollCard", (t) =>
  t.field({
    ...fetchedBy(CREATE_POLL_CARD_CALL),
    type: PollCardPayload,
    description: "Creates a poll card; voting opens now. Poll cards cannot be changed afterwards.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreatePollCard"),
    args: {
      input: t.arg({
        type: CreatePollCardInput,
        required: true,
        description: "The poll to create.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_POLL_CARD_CALL.endpoint, params);
        return { pollCard: { ...data, account_id: params.account_id, card_kind: "poll" as const } };
      }, create.fieldOf),
  }),
);

const remove = mutationArgs("cards.poll.delete", {
  globalIds: { card_id: PollCardRef },
  describe: { card_id: "The `id` of the poll card to delete." },
});

const DELETE_POLL_CARD_CALL = callRule("cards.poll.delete", remove.params);

builder.mutationField("deletePollCard", (t) =>
  t.field({
    ...fetchedBy(DELETE_POLL_CARD_CALL),
    type: deletePayload(
      "DeletePollCard",
      "pollCard",
      PollCardRef,
      "The poll card, now with deleted=true.",
    ),
    description:
      "Deletes a poll card; the payload shows it with deleted true. Posts already using it keep " +
      "their card.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeletePollCard"),
    args: inputArg(t.arg, "DeletePollCard", remove.fields, "The poll card to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_POLL_CARD_CALL.endpoint, params);
        return deleted(PollCardRef, entityKey(params.account_id, data.id), {
          ...data,
          account_id: params.account_id,
          card_kind: "poll" as const,
        });
      }, remove.fieldOf),
  }),
);
