import { builder } from "../builder.js";
import { ID_INPUT } from "../input/input-rules.js";
import type { GenericCardShape } from "../loaders/shapes.js";
import { GenericCardRef } from "./card.js";
import { ComponentTypeEnum, LabelValueEnum } from "./enums.js";
import { attempt, inputPath, mutationErrors, optional, ownedId, payload } from "./mutations.js";

const DestinationTypeEnum = builder.enumType("CardDestinationType", {
  values: ["WEBSITE", "APP"] as const,
});

const CardDestinationInput = builder.inputType("CardDestinationInput", {
  description: "WEBSITE: url. APP: countryCode and at least one store id (spec §2.8).",
  fields: (t) => ({
    type: t.field({ type: DestinationTypeEnum, required: true }),
    url: t.string(),
    countryCode: t.string({ description: "ISO 3166-1 alpha-2, e.g. US." }),
    googleplayAppId: t.string(),
    iosAppStoreIdentifier: t.string(),
    googleplayDeepLink: t.string({ description: "Only with googleplayAppId." }),
    iosDeepLink: t.string({ description: "Only with iosAppStoreIdentifier." }),
  }),
});

const CardComponentInput = builder.inputType("CardComponentInput", {
  description:
    "One component (spec §2.8): MEDIA takes mediaKey; SWIPEABLE_MEDIA mediaKeys (2 to 6); " +
    "DETAILS title and a WEBSITE destination; BUTTON label and an APP destination.",
  fields: (t) => ({
    type: t.field({ type: ComponentTypeEnum, required: true }),
    mediaKey: t.string(ID_INPUT),
    mediaKeys: t.stringList(ID_INPUT),
    title: t.string(),
    label: t.field({ type: LabelValueEnum }),
    destination: t.field({ type: CardDestinationInput }),
  }),
});

type DestinationInput = typeof CardDestinationInput.$inferInput;
type ComponentInput = typeof CardComponentInput.$inferInput;

function destinationWire(destination: DestinationInput): Record<string, unknown> {
  const wire: Record<string, unknown> = { type: destination.type };
  const names = {
    url: "url",
    countryCode: "country_code",
    googleplayAppId: "googleplay_app_id",
    iosAppStoreIdentifier: "ios_app_store_identifier",
    googleplayDeepLink: "googleplay_deep_link",
    iosDeepLink: "ios_deep_link",
  } as const;
  for (const [field, name] of Object.entries(names)) {
    const value = destination[field as keyof typeof names];
    if (value !== null && value !== undefined) wire[name] = value;
  }
  return wire;
}

/** A component as the spec's JSON body carries it (absent fields left out). */
function componentWire(component: ComponentInput): Record<string, unknown> {
  return {
    type: component.type,
    ...(component.mediaKey != null && { media_key: component.mediaKey }),
    ...(component.mediaKeys != null && { media_keys: component.mediaKeys }),
    ...(component.title != null && { title: component.title }),
    ...(component.label != null && { label: { type: "ENUM", value: component.label } }),
    ...(component.destination != null && { destination: destinationWire(component.destination) }),
  };
}

function bodyOf(input: {
  components?: ComponentInput[] | null | undefined;
  slides?: ComponentInput[][] | null | undefined;
}) {
  return {
    components: input.components?.map(componentWire),
    slides: input.slides?.map((slide) => slide.map(componentWire)),
  };
}

const cardFields = inputPath();
// `label: { type: "ENUM", value }` on the wire is the `label` value in the input.
const cardFieldOf = (parameter: string) =>
  cardFields(parameter.replace(/\.label\.(type|value)$/, ".label"));

const CreateCardInput = builder.inputType("CreateCardInput", {
  description: "components or slides: one of them, not both (order matters).",
  fields: (t) => ({
    accountId: t.string({ required: true, ...ID_INPUT }),
    name: t.string({ required: true, description: "At most 80 characters." }),
    components: t.field({ type: [CardComponentInput] }),
    slides: t.field({ type: t.listRef(t.listRef(CardComponentInput)) }),
  }),
});

const UpdateCardInput = builder.inputType("UpdateCardInput", {
  description: "Each field given replaces the stored one (spec §4.7 PUT).",
  fields: (t) => ({
    id: t.globalID({ required: true, for: [GenericCardRef] }),
    name: t.string({ description: "At most 80 characters." }),
    components: t.field({ type: [CardComponentInput] }),
    slides: t.field({ type: t.listRef(t.listRef(CardComponentInput)) }),
  }),
});

const owned = (data: object, accountId: string) =>
  ({ ...data, account_id: accountId, card_kind: "generic" }) as GenericCardShape;
const CardPayload = (name: string, description: string) =>
  payload(name, "card", GenericCardRef, description);

builder.mutationFields((t) => ({
  createCard: t.field({
    type: CardPayload("CreateCard", "The new card."),
    description: "Creates a card from components or slides (spec §4.7).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateCard"),
    args: { input: t.arg({ type: CreateCardInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("cards.create", {
          account_id: input.accountId,
          name: input.name,
          ...(bodyOf(input) as object),
        });
        return { card: owned(data, input.accountId) };
      }, cardFieldOf),
  }),
  updateCard: t.field({
    type: CardPayload("UpdateCard", "The card as it is now."),
    description: "Replaces the given fields of a card (spec §4.7 PUT).",
    authScopes: { authenticated: true },
    errors: mutationErrors("UpdateCard"),
    args: { input: t.arg({ type: UpdateCardInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(input.id);
        const { data } = await upstream.call("cards.update", {
          account_id: accountId,
          card_id: id,
          name: optional(input.name),
          ...(bodyOf(input) as object),
        });
        return { card: owned(data, accountId) };
      }, cardFieldOf),
  }),
  deleteCard: t.field({
    type: CardPayload("DeleteCard", "The card, now with deleted=true."),
    description: "Deletes a card (spec §4.7).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCard"),
    args: { id: t.arg.globalID({ required: true, for: [GenericCardRef] }) },
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const { accountId, id } = ownedId(args.id);
        const { data } = await upstream.call("cards.delete", {
          account_id: accountId,
          card_id: id,
        });
        return { card: owned(data, accountId) };
      }, cardFieldOf),
  }),
}));
