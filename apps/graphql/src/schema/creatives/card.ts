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
    return key === null ? [] : [{ media_key: key, media_url: textOf(card, urlField) }];
  });
}

/** isTypeOf of a card kind's object type (values reach it untyped from the Node interface). */
export const isCardOf =
  (kind: CardKind) =>
  (value: unknown): boolean =>
    hasProperty(value, "card_kind", kind);

export const CardInterface = builder.interfaceRef<CardShape>("Card").implement({
  description:
    "A card (spec §2.8): generic (components), poll, video conversation or image conversation.",
  interfaces: [builder.nodeInterfaceRef()],
  resolveType: (card) => TYPE_OF_KIND[card.card_kind],
  fields: (t) => ({
    rawId: t.string({
      description: "The card id as the ads service names it.",
      resolve: (c) => c.id,
    }),
    name: t.string({ nullable: true, resolve: (c) => textOf(c, "name") }),
    cardUri: t.string({
      nullable: true,
      description: "`card://<card_id>`: what posts attach.",
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
      resolve: (c, _args, { loaders }) => loaders.account.load(c.account_id),
    }),
    media: t.field({
      type: [MediaLibraryObjectRef],
      description: "The media library objects the card shows, as its answer describes them.",
      complexity: SMALL_LIST,
      resolve: () => [],
    }),
    createdAt: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (c) => textOf(c, "created_at"),
    }),
    updatedAt: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (c) => textOf(c, "updated_at"),
    }),
    deleted: t.boolean({ nullable: true, resolve: (c) => propertyOf(c, "deleted") === true }),
  }),
});

export const GenericCardRef = builder.objectRef<GenericCardShape>("GenericCard");

const componentsOf = (card: GenericCardShape): ComponentShape[] => card.components ?? [];
const slidesOf = (card: GenericCardShape): ComponentShape[][] => card.slides ?? [];

builder.node(GenericCardRef, {
  description: "A card created with components or slides (spec §2.8, §4.7 cards).",
  interfaces: [CardInterface],
  id: { resolve: (c) => entityKey(c.account_id, c.id) },
  isTypeOf: isCardOf("generic"),
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("cards.get").loadMany(keys)),
  fields: (t) => ({
    name: t.string({ description: "At most 80 characters.", resolve: (c) => c.name }),
    cardUri: t.string({ description: "`card://<card_id>`.", resolve: (c) => c.card_uri }),
    components: t.field({
      type: [CardComponentUnion],
      nullable: true,
      description: "The components, in order (null when the card has slides).",
      complexity: SMALL_LIST,
      resolve: (c) => (c.components === undefined ? null : componentsOf(c)),
    }),
    slides: t.field({
      type: t.listRef(t.listRef(CardComponentUnion)),
      nullable: true,
      description: "Slides of components, in order (null when the card has components).",
      complexity: SMALL_LIST,
      resolve: (c) => (c.slides === undefined ? null : slidesOf(c)),
    }),
    media: t.field({
      type: [MediaLibraryObjectRef],
      description: "Every media library object of its components or slides, each once.",
      complexity: SMALL_LIST,
      resolve: (c) => mediaOfComponents([...componentsOf(c), ...slidesOf(c).flat()]),
    }),
    createdAt: t.field({ type: "DateTime", resolve: (c) => c.created_at }),
    updatedAt: t.field({ type: "DateTime", resolve: (c) => c.updated_at }),
    deleted: t.boolean({ resolve: (c) => c.deleted }),
  }),
});

const GenericCardConnection = connectionType("GenericCard", GenericCardRef, "Generic cards.", {
  totalCount: countsTotal("cards.list"),
});
/** Argument descriptions of the poll and conversation card lists (spec §4.7: the same filters). */
export const CARD_LIST_DESCRIPTIONS = {
  card_ids: "Only these card ids (≤200).",
  q: "Case-insensitive name prefix (≤80 characters).",
} as const;

builder.objectFields(AccountRef, (t) => ({
  // spec §4.7: count ≤200 and no with_total_count (nor totalCount), as its catalog entry says.
  cards: accountListField(t, "cards.list", {
    type: GenericCardConnection,
    description: "Cards created with components or slides (spec §4.7), a page at a time.",
    sort: "Card",
    describe: {
      card_id: "Only these card ids (≤200; `card_id`).",
      card_uris: "Only these card URIs (≤200).",
      q: CARD_LIST_DESCRIPTIONS.q,
    },
  }),
  card: t.field({
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
      loaders.byId("cards.get").load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

/** spec §2.8 components, each variant's fields in one input (its `type` says which apply). */
const COMPONENT: InputObjectSpec = {
  name: "CardComponentInput",
  description:
    "One component (spec §2.8): MEDIA takes mediaKey; SWIPEABLE_MEDIA mediaKeys (2 to 6); " +
    "DETAILS title and a WEBSITE destination; BUTTON label and an APP destination.",
  inputs: {
    destination: {
      name: "CardDestinationInput",
      description: "WEBSITE: url. APP: countryCode and at least one store id (spec §2.8).",
      describe: {
        country_code: "ISO 3166-1 alpha-2, e.g. US.",
        googleplay_deep_link: "Only with googleplayAppId.",
        ios_deep_link: "Only with iosAppStoreIdentifier.",
      },
    },
  },
};
const cardOptions = {
  describe: { name: "At most 80 characters." },
  inputs: { components: COMPONENT, slides: COMPONENT },
};

const create = mutationArgs("cards.create", cardOptions);
const update = mutationArgs("cards.update", {
  ...cardOptions,
  globalIds: { card_id: GenericCardRef },
});
const remove = mutationArgs("cards.delete", { globalIds: { card_id: GenericCardRef } });

const CreateCardInput = builder.inputType("CreateCardInput", {
  description: "components or slides: one of them, not both (order matters).",
  fields: create.fields,
});

const UpdateCardInput = builder.inputType("UpdateCardInput", {
  description: "Each field given replaces the stored one (spec §4.7 PUT).",
  fields: update.fields,
});

const owned = <T extends object>(data: T, accountId: string) => ({
  ...ownedBy(data, accountId),
  card_kind: "generic" as const,
});
const CardPayload = (name: string, description: string) =>
  payload(name, "card", GenericCardRef, description);

builder.mutationFields((t) => ({
  createCard: t.field({
    type: createPayload("CreateCard", "card", GenericCardRef, "The new card.", inAccount),
    description: "Creates a card from components or slides (spec §4.7).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCard"),
    args: { input: t.arg({ type: CreateCardInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = create.params(input);
        const { data } = await upstream.call("cards.create", params);
        return { card: owned(data, params.account_id) };
      }, create.fieldOf),
  }),
  updateCard: t.field({
    type: CardPayload("UpdateCard", "The card as it is now."),
    description: "Replaces the given fields of a card (spec §4.7 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateCard"),
    args: { input: t.arg({ type: UpdateCardInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = update.params(input);
        const { data } = await upstream.call("cards.update", params);
        return { card: owned(data, params.account_id) };
      }, update.fieldOf),
  }),
  deleteCard: t.field({
    type: deletePayload("DeleteCard", "card", GenericCardRef, "The card, now with deleted=true."),
    description: "Deletes a card (spec §4.7).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCard"),
    args: inputArg(t.arg, "DeleteCard", remove.fields, "The card to delete."),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const params = remove.params(input);
        const { data } = await upstream.call("cards.delete", params);
        return deleted(
          GenericCardRef,
          entityKey(params.account_id, data.id),
          owned(data, params.account_id),
        );
      }, remove.fieldOf),
  }),
}));
