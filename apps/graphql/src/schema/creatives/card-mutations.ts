import { builder } from "../../builder.js";
import { GenericCardRef } from "./card.js";
import { closedEnum } from "../common/enums.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import type { InputObjectSpec } from "../../fields/mutation-args.js";
import { attempt, mutationErrors, ownedBy, payload } from "../../fields/mutations.js";

closedEnum("CardDestinationType", { values: ["WEBSITE", "APP"] as const });

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
    type: CardPayload("CreateCard", "The new card."),
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
    type: CardPayload("DeleteCard", "The card, now with deleted=true."),
    description: "Deletes a card (spec §4.7).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteCard"),
    args: remove.args(),
    resolve: (_root, args, { upstream }) =>
      attempt(async () => {
        const params = remove.params(args);
        const { data } = await upstream.call("cards.delete", params);
        return { card: owned(data, params.account_id) };
      }, remove.fieldOf),
  }),
}));
