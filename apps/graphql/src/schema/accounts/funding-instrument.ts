import { rejectErrors } from "@pothos/plugin-dataloader";
import { builder } from "../../builder.js";
import { idInAccount } from "../../fields/entity-ids.js";
import { entityKey } from "../../loaders/keys.js";
import type { FundingInstrumentShape } from "../../loaders/shapes.js";
import { AccountRef, inAccount } from "./account.js";
import { accountListField } from "../../fields/account-list-field.js";
import { connectionType } from "../../fields/connections.js";
import { mutationArgs } from "../../fields/mutation-args.js";
import {
  attempt,
  createPayload,
  deleted,
  deletePayload,
  inputArg,
  mutationErrors,
} from "../../fields/mutations.js";
import { FundingInstrumentTypeEnum } from "../common/enums.js";
import { money, MoneyRef } from "../common/scalars.js";
import { observedFields, observedListFields } from "../../fields/observed-fields.js";
import {
  FundingInstrumentNotAbleToFundReason,
  ObservedEntityStatus,
} from "../common/observed-enums.js";

export const FundingInstrumentRef = builder.objectRef<FundingInstrumentShape>("FundingInstrument");

builder.node(FundingInstrumentRef, {
  description: "What pays for campaigns (spec §2.4). Amounts are in its currency.",
  id: { resolve: (fi) => entityKey(fi.account_id, fi.id) },
  loadManyWithoutCache: async (keys, { loaders }) =>
    rejectErrors(await loaders.byId("funding_instruments.get").loadMany(keys)),
  fields: (t) => ({
    rawId: t.string({ description: "The id as the ads service names it.", resolve: (fi) => fi.id }),
    accountId: t.string({ resolve: (fi) => fi.account_id }),
    account: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (fi, _args, { loaders }) => loaders.account.load(fi.account_id),
    }),
    type: t.field({ type: FundingInstrumentTypeEnum, resolve: (fi) => fi.type }),
    description: t.string({ resolve: (fi) => fi.description }),
    currency: t.string({ description: "ISO 4217 code.", resolve: (fi) => fi.currency }),
    startTime: t.field({ type: "DateTime", resolve: (fi) => fi.start_time }),
    endTime: t.field({ type: "DateTime", nullable: true, resolve: (fi) => fi.end_time }),
    creditLimit: t.field({
      type: MoneyRef,
      nullable: true,
      description: "credit_limit_local_micro (which amounts apply depends on the type).",
      resolve: (fi) => money(fi.credit_limit_local_micro, fi.currency),
    }),
    fundedAmount: t.field({
      type: MoneyRef,
      nullable: true,
      description: "funded_amount_local_micro.",
      resolve: (fi) => money(fi.funded_amount_local_micro, fi.currency),
    }),
    creditRemaining: t.field({
      type: MoneyRef,
      nullable: true,
      description: "credit_remaining_local_micro.",
      resolve: (fi) => money(fi.credit_remaining_local_micro, fi.currency),
    }),
    ...observedFields(t, "entityStatus", {
      enum: ObservedEntityStatus,
      description:
        "Whether the funding instrument is switched on; null when the ads service does not say.",
      resolve: (fi) => fi.entity_status,
    }),
    ableToFund: t.boolean({ resolve: (fi) => fi.able_to_fund }),
    ...observedListFields(t, "reasonsNotAbleToFund", {
      enum: FundingInstrumentNotAbleToFundReason,
      description:
        "Why the funding instrument cannot pay for campaigns; empty when ableToFund is true.",
      resolve: (fi) => fi.reasons_not_able_to_fund,
    }),
    ioHeader: t.string({ nullable: true, resolve: (fi) => fi.io_header ?? null }),
    createdAt: t.field({ type: "DateTime", resolve: (fi) => fi.created_at }),
    updatedAt: t.field({ type: "DateTime", resolve: (fi) => fi.updated_at }),
    deleted: t.boolean({ resolve: (fi) => fi.deleted }),
  }),
});

const FundingInstrumentConnection = connectionType(
  "FundingInstrument",
  FundingInstrumentRef,
  "Funding instruments of an account.",
);

builder.objectFields(AccountRef, (t) => ({
  fundingInstruments: accountListField(t, "funding_instruments.list", {
    type: FundingInstrumentConnection,
    description: "The account's funding instruments (spec §4.5), a page at a time.",
    describe: {
      funding_instrument_ids: "Only these funding instrument ids (≤200).",
      with_deleted: "Include deleted funding instruments.",
    },
  }),
  fundingInstrument: t.field({
    type: FundingInstrumentRef,
    nullable: true,
    description: "One funding instrument of this account; null with an error if missing.",
    args: {
      id: t.arg.globalID({
        for: FundingInstrumentRef,
        required: true,
        description:
          `The \`id\` of the funding instrument to read (as \`FundingInstrument.id\` answers it, not its \`rawId\`); ` +
          "an id of another account's funding instrument is refused.",
      }),
    },
    resolve: (account, { id }, { loaders }) =>
      loaders
        .byId("funding_instruments.get")
        .load(entityKey(account.id, idInAccount(id, account.id))),
  }),
}));

const create = mutationArgs("funding_instruments.create", {
  describe: {
    currency: "ISO 4217 code, e.g. USD.",
    end_time: "Required by some types.",
    credit_limit_local_micro: "Only for some types.",
    funded_amount_local_micro: "Only for some types.",
  },
});
const remove = mutationArgs("funding_instruments.delete", {
  globalIds: { funding_instrument_id: FundingInstrumentRef },
});

const CreateSandboxFundingInstrumentInput = builder.inputType(
  "CreateSandboxFundingInstrumentInput",
  { fields: create.fields },
);

builder.mutationFields((t) => ({
  createSandboxFundingInstrument: t.field({
    type: createPayload(
      "CreateSandboxFundingInstrument",
      "fundingInstrument",
      FundingInstrumentRef,
      "The new funding instrument.",
      inAccount,
    ),
    description: "Creates a funding instrument on the sandbox host, at no cost (spec §4.5).",
    authScopes: { authenticated: true },
    errors: mutationErrors("CreateSandboxFundingInstrument"),
    args: { input: t.arg({ type: CreateSandboxFundingInstrumentInput, required: true }) },
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("funding_instruments.create", create.params(input));
        return { fundingInstrument: data };
      }, create.fieldOf),
  }),
  deleteSandboxFundingInstrument: t.field({
    type: deletePayload(
      "DeleteSandboxFundingInstrument",
      "fundingInstrument",
      FundingInstrumentRef,
      "The funding instrument, now deleted and unable to fund (spec §3).",
    ),
    description: "Deletes a sandbox funding instrument (sandbox host only).",
    authScopes: { authenticated: true },
    errors: mutationErrors("DeleteSandboxFundingInstrument"),
    args: inputArg(
      t.arg,
      "DeleteSandboxFundingInstrument",
      remove.fields,
      "The sandbox funding instrument to delete.",
    ),
    resolve: (_root, { input }, { upstream }) =>
      attempt(async () => {
        const { data } = await upstream.call("funding_instruments.delete", remove.params(input));
        return deleted(FundingInstrumentRef, entityKey(data.account_id, data.id), data);
      }, remove.fieldOf),
  }),
}));
