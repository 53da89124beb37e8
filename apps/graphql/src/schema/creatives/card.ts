import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
import type { CardKind, CardShape, GenericCardShape } from "../../loaders/shapes.js";
import { AccountRef, inAccount } from "../accounts/account.js";
import { CardComponentUnion, mediaOfComponents } from "./card-components.js";
import type { ComponentShape } from "./card-components.js";
import { accountListField } from "../../fields/account-list-field.js";
import { SMALL_LIST, connectionType } from "../../fields/connections.js";
import { hasProperty, propertyOf, textOf } from "../../fields/properties.js";
import { countsTotal } from "../../fields/list-args.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import type { InputObjectSpec } from "../../fields/mutation-args.js";
import {
  attempt,
  createPayload,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
  ownedBy,
  payload,
} from "../../fields/mutations.js";
import { MediaLibraryObjectRef } from "./media.js";
import type { MediaLibraryObjectShape } from "./media.js";
import { ObservedCardType } from "../common/observed-enums.js";
import { ACCOUNT_BY_ID, byIdRule, callRule, fetchedBy } from "../../cost/fetch-rule.js";

const TYPE_OF_KIND: Record<CardKind, string> = {
  generic: "GenericCard",
  poll: "PollCard",
  video_conversation: "VideoConversationCard",
  image_conversation: "ImageConversationCard",
};

/** Media a conversation or poll card names with a key and a URL of its answer. */
export function namedMedia(
  card: CardShape,
  pairs: readonly (readonly [keyField: string, urlField: string])[],
): MediaLibraryObjectShape[] {
  return pairs.flatMap(([keyField, urlField]) => {
    const key = textOf(card, keyField);
    return key === null
      ? []
      : [{ account_id: card.account_id, media_key: key, media_url: textOf(card, urlField) }];
  });
}

/** isTypeOf of a card kind's object type (values reach it untyped from the Node interface). */
export const isCardOf =
  (kind: CardKind) =>
  (value: unknown): boolean =>
    hasProperty(value, "card_kind", kind);

export const CardInterface = builder.interfaceRef<CardShape>("Card").implement({
  description:
    "A card: a rich attachment a post shows (media with a link or app button, a poll, or a " +
    "conversation prompt). Generic cards are built from components; poll, video conversation " +
    "and image conversation cards have their own fields.",
  interfaces: [builder.nodeInterfaceRef()],
  resolveType: (card) => TYPE_OF_KIND[card.card_kind],
  fields: (t) => ({
    rawId: t.string({
      description: "The card's own id in the ads service.",
      resolve: (c) => c.id,
    }),
    name: t.string({
      nullable: true,
      description:
        "The card's name, for the advertiser only (at most 80 characters); null when not known.",
      resolve: (c) => textOf(c, "name"),
    }),
    cardUri: t.string({
      nullable: true,
      description:
        "The card's URI, `card://<card id>`: what a post gives to show the card; null when not known.",
      resolve: (c) => textOf(c, "card_uri"),
    }),
    // An interface field, written out: the observed-field helpers build object fields.
    cardType: t.field({
      type: ObservedCardType.ref,
      nullable: true,
      description:
        "What kind of card this is (its media and destination, a poll or a conversation " +
        "card); null when the ads service does not say.",
      resolve: (c) => {
        const wire = textOf(c, "card_type");
        return wire === null ? null : ObservedCardType.of(wire);
      },
    }),
    cardTypeRaw: t.string({
      nullable: true,
      description:
        "The cardType value exactly as the ads service sent it: what to show when cardType is " +
        "UNRECOGNIZED. Null when cardType is null.",
      resolve: (c) => textOf(c, "card_type"),
    }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      description: "The ad account the card belongs to.",
      ...fetchedBy(ACCOUNT_BY_ID),
      resolve: (c, _args, { loaders }) => loaders.account.load(c.account_id),
    }),
    media: t.field({
      type: [MediaLibraryObjectRef],
      description:
        "The images and videos the card shows, as far as the card describes them; empty when none is known.",
      complexity: SMALL_LIST,
      resolve: () => [],
    }),
    createdAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the card was created (ISO 8601, UTC); null when not known.",
      resolve: (c) => textOf(c, "created_at"),
    }),
    updatedAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the card last changed (ISO 8601, UTC); null when not known.",
      resolve: (c) => textOf(c, "updated_at"),
    }),
    deleted: t.boolean({
      nullable: true,
      description: "True once the card is deleted.",
      resolve: (c) => propertyOf(c, "deleted") === true,
    }),
  }),
});

export const GenericCardRef = builder.objectRef<GenericCardShape>("GenericCard");

// Each component carries the card's account: the media it names are that account's library's.
const componentsOf = (card: GenericCardShape): ComponentShape[] =>
  (card.components ?? []).map((component) => ({ ...component, account_id: card.account_id }));
const slidesOf = (card: GenericCardShape): ComponentShape[][] =>
  (card.slides ?? []).map((slide) =>
    slide.map((component) => ({ ...component, account_id: card.account_id })),
  );

builder.node(GenericCardRef, {
  description:
    "A card built from components (media, details, buttons) or from slides of components (a " +
    "carousel); what kind it is follows from them (cardType).",
  interfaces: [CardInterface],
  id: {
    description: "The card's global id: what `node(id:)`, updateCard and deleteCard take.",
    resolve: (c) => entityKey(c.account_id, c.id),
  },
  isTypeOf: isCardOf("generic"),
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("cards.get").loadMany(keys)),
  fields: (t) => ({
    name: t.string({
      description: "The card's name, for the advertiser only (at most 80 characters).",
      resolve: (c) => c.name,
    }),
    cardUri: t.string({
      description: "The card's URI, `card://<card id>`: what a post gives to show the card.",
      resolve: (c) => c.card_uri,
    }),
    components: t.field({
      type: [CardComponentUnion],
      nullable: true,
      description: "The components, in the order shown (null when the card has slides).",
      complexity: SMALL_LIST,
      resolve: (c) => (c.components === undefined ? null : componentsOf(c)),
    }),
    slides: t.field({
      type: t.listRef(t.listRef(CardComponentUnion)),
      nullable: true,
      description:
        "The carousel's slides, in the order shown, each a list of components (null when the " +
        "card has components).",
      complexity: SMALL_LIST,
      resolve: (c) => (c.slides === undefined ? null : slidesOf(c)),
    }),
    media: t.field({
      type: [MediaLibraryObjectRef],
      description: "Every image and video of its components or slides, each once.",
      complexity: SMALL_LIST,
      resolve: (c) => mediaOfComponents([...componentsOf(c), ...slidesOf(c).flat()]),
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

const GenericCardConnection = connectionType("GenericCard", GenericCardRef, "Generic cards.", {
  totalCount: countsTotal("cards.list"),
});
/** Argument descriptions of the poll and conversation card lists (spec §4.7: the same filters). */
export const CARD_LIST_DESCRIPTIONS = {
  card_ids: "Only these cards (at most 200).",
  q: "Only cards whose name starts with this text, ignoring case (at most 80 characters).",
  with_deleted: "Include deleted cards (default false).",
} as const;

const CARD_OF_ACCOUNT = byIdRule("cards.get", { argument: "id" });

builder.objectFields(AccountRef, (t) => ({
  // spec §4.7: count ≤200 and no with_total_count (nor totalCount), as its catalog entry says.
  cards: accountListField(t, "cards.list", {
    type: GenericCardConnection,
    description: "The account's cards built from components or slides, a page at a time.",
    sort: "Card",
    describe: {
      ...CARD_LIST_DESCRIPTIONS,
      card_id: "Only these cards (at most 200).",
      card_uris: "Only the cards of these URIs, `card://<card id>` (at most 200).",
      card_types: "Only cards of these kinds.",
      include_legacy_cards: "Include cards of older kinds, which other tools made (default false).",
    },
  }),
  card: t.field({
    ...fetchedBy(CARD_OF_ACCOUNT),
    type: GenericCardRef,
    nullable: true,
    description: "One generic card of this account; null with an error if missing.",
    args: {
      id: t.arg.globalID({
        for: GenericCardRef,
        required: true,
        description:
          `The \`id\` of the generic card to read (as \`GenericCard.id\` answers it, not its \`rawId\`); ` +
          "an id of another account's generic card is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders.byId(CARD_OF_ACCOUNT.read).load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

/** spec §2.8 components, each variant's fields in one input (its `type` says which apply). */
const COMPONENT: InputObjectSpec = {
  name: "CardComponentInput",
  description:
    "One building block of a card; `type` says which fields apply: MEDIA takes mediaKey; " +
    "SWIPEABLE_MEDIA mediaKeys (2 to 6); DETAILS title and a WEBSITE destination; BUTTON label " +
    "and an APP destination.",
  describe: {
    type: "Which kind of component this is.",
    media_key: "The media key of an image or video in the media library (MEDIA).",
    media_keys: "2 to 6 media keys of images or videos, in the order shown (SWIPEABLE_MEDIA).",
    title: "The headline shown (DETAILS).",
    label: "The button's text (BUTTON).",
    destination: "Where the component sends people: a WEBSITE (DETAILS) or an APP (BUTTON).",
  },
  inputs: {
    destination: {
      name: "CardDestinationInput",
      description:
        "Where a component sends people: WEBSITE takes url; APP takes countryCode and at least " +
        "one store id.",
      describe: {
        type: "WEBSITE for a web page, APP for an app in the app stores.",
        url: "The web address, http or https (WEBSITE).",
        country_code: "The ISO 3166-1 alpha-2 code of the app store's country, e.g. US (APP).",
        googleplay_app_id: "The app's Google Play package name, e.g. com.example.app (APP).",
        ios_app_store_identifier: "The app's App Store id (APP).",
        googleplay_deep_link:
          "A link into the Android app, e.g. myapp://item/1; only with googleplayAppId.",
        ios_deep_link:
          "A link into the iOS app, e.g. myapp://item/1; only with iosAppStoreIdentifier.",
      },
    },
  },
};
const cardOptions = {
  describe: {
    name: "The card's name, for the advertiser only (at most 80 characters).",
    components: "The card's components, in the order shown; give these or slides, not both.",
    slides:
      "A carousel's slides, in the order shown, each a list of components; give these or " +
      "components, not both.",
  },
  inputs: { components: COMPONENT, slides: COMPONENT },
};

const create = mutationArgs("cards.create", {
  ...cardOptions,
  describe: {
    ...cardOptions.describe,
    account_id: "The `id` of the account to create the card in.",
  },
});
const update = mutationArgs("cards.update", {
  ...cardOptions,
  describe: { ...cardOptions.describe, card_id: "The `id` of the card to change." },
  globalIds: { card_id: GenericCardRef },
});
const remove = mutationArgs("cards.delete", {
  globalIds: { card_id: GenericCardRef },
  describe: { card_id: "The `id` of the card to delete." },
});

const CreateCardInput = builder.inputType("CreateCardInput", {
  description: "A new card: a name, and components or slides (one of them, not both).",
  fields: create.fields,
});

const UpdateCardInput = builder.inputType("UpdateCardInput", {
  description: "The card to change; each field given replaces the stored one.",
  fields: update.fields,
});

const owned = <T extends object>(data: T, accountId: string) => ({
  ...ownedBy(data, accountId),
  card_kind: "generic" as const,
});
const CardPayload = (name: string, description: string) =>
  payload(name, "card", GenericCardRef, description);

const CREATE_CARD_CALL = callRule("cards.create", create.params);
const UPDATE_CARD_CALL = callRule("cards.update", update.params);
const DELETE_CARD_CALL = callRule("cards.delete", remove.params);

builder.mutationFields((t) => ({
  createCard: t.field({
    ...fetchedBy(CREATE_CARD_CALL),
    type: createPayload("CreateCard", "card", GenericCardRef, "The new card.", inAccount),
    description: "Creates a card from components or slides.",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCard"),
    args: {
      input: t.arg({ type: CreateCardInput, required: true, description: "The card to create." }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call(CREATE_CARD_CALL.endpoint, params);
        return { card: owned(data, params.account_id) };
      }, create.fieldOf),
  }),
  updateCard: t.field({
    ...fetchedBy(UPDATE_CARD_CALL),
    type: CardPayload("UpdateCard", "The card as it is now."),
    description:
      "Replaces the given fields of a card (a new components list replaces the old one whole).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateCard"),
    args: {
      input: t.arg({
        type: UpdateCardInput,
        required: true,
        description: "The card and the fields to replace.",
      }),
    },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call(UPDATE_CARD_CALL.endpoint, params);
        return { card: owned(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteCard: t.field({
    ...fetchedBy(DELETE_CARD_CALL),
    type: deletePayload("DeleteCard", "card", GenericCardRef, "The card, now with deleted=true."),
    description: "Deletes a card; the payload shows it with deleted true.",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCard"),
    args: inputArg(t.arg, "DeleteCard", remove.fields, "The card to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call(DELETE_CARD_CALL.endpoint, params);
        return deleted(
          GenericCardRef,
          entityKey(params.account_id, data.id),
          owned(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
